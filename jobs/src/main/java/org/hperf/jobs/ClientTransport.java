package org.hperf.jobs;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.NettyRpcClientConfigHelper;
import org.apache.hbase.thirdparty.io.netty.channel.EventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.channel.epoll.Epoll;
import org.apache.hbase.thirdparty.io.netty.channel.epoll.EpollEventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.channel.epoll.EpollSocketChannel;
import org.apache.hbase.thirdparty.io.netty.channel.nio.NioEventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.util.concurrent.DefaultThreadFactory;
import org.hperf.core.ClientEventLoops;
import org.hperf.core.ClientMode;

/**
 * The HBase client's RPC transport for a workload task. The async client's connections use
 * {@link FlushBatchingChannel} (HBase's NIO channel, flushes made during a read sent once at its
 * end; {@code -D hperf.client.batch-flushes=false} for HBase's own channel); the sync client keeps
 * HBase's default, the YCSB-style baseline the figures compare with (its calls are written from
 * tasks its caller threads hand to the event loop, outside any read, so batching would not change
 * it). With {@code -D hperf.client.epoll=true}, either mode uses Linux's native epoll (the netty
 * shaded into HBase carries it) instead of the JDK's NIO selector, without flush batching: netty's
 * epoll channel class is final. The region server already serves on epoll.
 *
 * <p>One event loop group per JVM and transport, never shut down by a task (daemon threads), as
 * HBase's own default group: HBase keeps the configured group in a static map under one name, so
 * tasks sharing a JVM (the LocalJobRunner runs clients side by side) must share it, or one task's
 * shutdown would stop another's connection. A command's JVM ends them as it exits
 * ({@link ClientEventLoops}).
 */
final class ClientTransport {
  /** Whether workload tasks use native epoll for the HBase client's RPCs (default false). */
  static final String EPOLL = "hperf.client.epoll";
  /** Whether the async client's connections batch the flushes made during a read (default true). */
  static final String BATCH_FLUSHES = "hperf.client.batch-flushes";

  private static EventLoopGroup epollGroup;
  private static EventLoopGroup nioGroup;

  private ClientTransport() {
  }

  /**
   * Sets the transport in {@code conf}, before a connection is made from it. Without native epoll
   * on this machine (not Linux, or its library could not load) NIO stays, and a line on stderr says
   * why.
   */
  static void configure(Configuration conf, ClientMode mode) {
    if (conf.getBoolean(EPOLL, false)) {
      if (Epoll.isAvailable()) {
        NettyRpcClientConfigHelper.setEventLoopConfig(conf, epollGroup(conf), EpollSocketChannel.class);
        return;
      }
      System.err.println("hperf: -D " + EPOLL + "=true but native epoll is not available here ("
          + Epoll.unavailabilityCause() + "): the HBase client's NIO transport is used");
    }
    if (mode == ClientMode.ASYNC && conf.getBoolean(BATCH_FLUSHES, true)) {
      NettyRpcClientConfigHelper.setEventLoopConfig(conf, nioGroup(conf), FlushBatchingChannel.class);
    }
  }

  /** As many threads as HBase's default group (0: netty's default, twice the cores). */
  static synchronized EventLoopGroup epollGroup(Configuration conf) {
    if (epollGroup == null) {
      epollGroup = new EpollEventLoopGroup(threads(conf), new DefaultThreadFactory("hperf-rpc-epoll", true));
      ClientEventLoops.register(epollGroup);
    }
    return epollGroup;
  }

  /** HBase's default group made again (same threads and priority): only the channel class differs. */
  static synchronized EventLoopGroup nioGroup(Configuration conf) {
    if (nioGroup == null) {
      nioGroup = new NioEventLoopGroup(threads(conf), new DefaultThreadFactory("hperf-rpc-nio", true,
          Thread.MAX_PRIORITY));
      ClientEventLoops.register(nioGroup);
    }
    return nioGroup;
  }

  private static int threads(Configuration conf) {
    return conf.getInt(NettyRpcClientConfigHelper.HBASE_NETTY_EVENTLOOP_RPCCLIENT_THREADCOUNT_KEY, 0);
  }
}
