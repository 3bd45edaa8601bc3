package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.NettyRpcClientConfigHelper;
import org.apache.hbase.thirdparty.io.netty.channel.epoll.Epoll;
import org.apache.hbase.thirdparty.io.netty.handler.flush.FlushConsolidationHandler;
import org.hperf.core.ClientMode;
import org.junit.jupiter.api.Test;

/**
 * The client's RPC transport: the sync client on HBase's default, the async client on the
 * flush-batching channel unless switched off; epoll when asked, one group per JVM.
 */
class ClientTransportTest {
  @Test
  void theSyncClientKeepsHBasesDefaultTransport() {
    Configuration conf = new Configuration(false);
    ClientTransport.configure(conf, ClientMode.SYNC);
    assertNull(conf.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG));
  }

  @Test
  void theAsyncClientBatchesFlushesUnlessSwitchedOff() {
    Configuration batched = new Configuration(false);
    ClientTransport.configure(batched, ClientMode.ASYNC);
    assertNotNull(batched.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG), "the connection's event loop is set");
    assertSame(ClientTransport.nioGroup(batched), ClientTransport.nioGroup(new Configuration(false)),
        "one group per JVM, as HBase's own default");

    Configuration plain = new Configuration(false);
    plain.setBoolean(ClientTransport.BATCH_FLUSHES, false);
    ClientTransport.configure(plain, ClientMode.ASYNC);
    assertNull(plain.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG));
  }

  /**
   * First after the pipeline's head, so that it sees every read (HBase adds its frame decoder and
   * call handler later, behind the bootstrap's placeholder) and every flush on its way out.
   */
  @Test
  void theBatchingHandlerIsTheChannelsFirst() {
    FlushBatchingChannel channel = new FlushBatchingChannel();
    try {
      assertInstanceOf(FlushConsolidationHandler.class, channel.pipeline().first());
      assertEquals(2, channel.pipeline().names().size(), "the handler and the pipeline's tail only");
    } finally {
      channel.unsafe().closeForcibly();
    }
  }

  @Test
  void withEpollEveryTaskOfTheJvmSharesOneEpollGroup() {
    assumeTrue(Epoll.isAvailable(), "native epoll loads only on Linux");
    Configuration first = new Configuration(false);
    first.setBoolean(ClientTransport.EPOLL, true);
    Configuration second = new Configuration(first);
    ClientTransport.configure(first, ClientMode.SYNC);
    ClientTransport.configure(second, ClientMode.ASYNC);
    assertNotNull(first.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG), "the connection's event loop is set");
    assertEquals(first.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG),
        second.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG));
    assertSame(ClientTransport.epollGroup(first), ClientTransport.epollGroup(second),
        "HBase keeps the group under one static name: one task's group must not replace another's");
  }
}
