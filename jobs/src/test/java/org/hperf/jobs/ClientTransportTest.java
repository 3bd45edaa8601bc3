package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.NettyRpcClientConfigHelper;
import org.apache.hbase.thirdparty.io.netty.channel.epoll.Epoll;
import org.junit.jupiter.api.Test;

/** The client's RPC transport: HBase's default unless asked; when asked, one epoll group per JVM. */
class ClientTransportTest {
  @Test
  void withoutTheSwitchTheClientKeepsItsDefaultTransport() {
    Configuration conf = new Configuration(false);
    ClientTransport.configure(conf);
    assertNull(conf.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG));
  }

  @Test
  void withTheSwitchEveryTaskOfTheJvmSharesOneEpollGroup() {
    assumeTrue(Epoll.isAvailable(), "native epoll loads only on Linux");
    Configuration first = new Configuration(false);
    first.setBoolean(ClientTransport.EPOLL, true);
    Configuration second = new Configuration(first);
    ClientTransport.configure(first);
    ClientTransport.configure(second);
    assertNotNull(first.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG), "the connection's event loop is set");
    assertEquals(first.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG),
        second.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG));
    assertSame(ClientTransport.epollGroup(first), ClientTransport.epollGroup(second),
        "HBase keeps the group under one static name: one task's group must not replace another's");
  }
}
