package org.hperf.jobs;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.NettyRpcClientConfigHelper;
import org.apache.hbase.thirdparty.io.netty.channel.EventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.channel.epoll.Epoll;
import org.apache.hbase.thirdparty.io.netty.channel.epoll.EpollEventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.channel.epoll.EpollSocketChannel;
import org.apache.hbase.thirdparty.io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The HBase client's RPC transport for a workload task: with {@code -D hperf.client.epoll=true},
 * Linux's native epoll (the netty shaded into HBase carries it) instead of the JDK's NIO selector
 * the client uses by default. The region server already serves on epoll; the client's event loop
 * thread is where the async client spends most of its CPU (its completions run there), so the
 * transport is a client cost worth choosing. Off by default: a client with HBase's defaults is
 * what the figures compare against (README, Benchmarks).
 *
 * <p>One event loop group per JVM, never shut down (daemon threads), as HBase's own default group:
 * HBase keeps the configured group in a static map under one name, so tasks sharing a JVM (the
 * LocalJobRunner runs clients side by side) must share it, or one task's shutdown would stop
 * another's connection.
 */
final class ClientTransport {
  /** Whether workload tasks use native epoll for the HBase client's RPCs (default false). */
  static final String EPOLL = "hperf.client.epoll";

  private static EventLoopGroup epollGroup;

  private ClientTransport() {
  }

  /**
   * Sets the transport in {@code conf}, before a connection is made from it. Without native epoll
   * on this machine (not Linux, or its library could not load) the default stays, and a line on
   * stderr says why.
   */
  static void configure(Configuration conf) {
    if (!conf.getBoolean(EPOLL, false)) {
      return;
    }
    if (!Epoll.isAvailable()) {
      System.err.println("hperf: -D " + EPOLL + "=true but native epoll is not available here ("
          + Epoll.unavailabilityCause() + "): the HBase client's default transport is used");
      return;
    }
    NettyRpcClientConfigHelper.setEventLoopConfig(conf, epollGroup(conf), EpollSocketChannel.class);
  }

  /** As many threads as HBase's default group (0: netty's default, twice the cores). */
  static synchronized EventLoopGroup epollGroup(Configuration conf) {
    if (epollGroup == null) {
      epollGroup = new EpollEventLoopGroup(
          conf.getInt(NettyRpcClientConfigHelper.HBASE_NETTY_EVENTLOOP_RPCCLIENT_THREADCOUNT_KEY, 0),
          new DefaultThreadFactory("hperf-rpc-epoll", true));
    }
    return epollGroup;
  }
}
