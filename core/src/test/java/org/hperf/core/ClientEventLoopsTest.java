package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ipc.RpcClient;
import org.apache.hadoop.hbase.ipc.RpcClientFactory;
import org.apache.hbase.thirdparty.io.netty.channel.EventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.channel.nio.NioEventLoopGroup;
import org.junit.jupiter.api.Test;

class ClientEventLoopsTest {
  @Test
  void shuttingDownEndsTheGroupsThreads() throws Exception {
    EventLoopGroup group = new NioEventLoopGroup(2);
    group.submit(() -> { }).sync(); // a thread now waits in the selector
    ClientEventLoops.shutDown(List.of(group));
    assertTrue(group.isTerminated());
  }

  @Test
  void findsTheGroupHBaseClientsShare() throws Exception {
    // A client made without a configured group makes HBase's default one (no cluster needed).
    try (RpcClient client = RpcClientFactory.createClient(new Configuration(), HConstants.CLUSTER_ID_DEFAULT)) {
      EventLoopGroup group = ClientEventLoops.hbaseDefaultGroup().orElseThrow(
          () -> new AssertionError("NettyRpcClientConfigHelper.DEFAULT_EVENT_LOOP not found: did HBase rename it?"));
      assertTrue(!group.isShuttingDown()); // other tests in this JVM may use it: not shut down here
    }
  }
}
