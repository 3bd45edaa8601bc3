package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ipc.RpcClient;
import org.apache.hadoop.hbase.ipc.RpcClientFactory;
import org.apache.hadoop.util.ShutdownHookManager;
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
  void runsAfterTheFileSystemsHook() throws Exception {
    Runnable fileSystems = () -> { };
    Runnable eventLoops = () -> { };
    ShutdownHookManager hooks = ShutdownHookManager.get();
    hooks.addShutdownHook(fileSystems, FileSystem.SHUTDOWN_HOOK_PRIORITY);
    hooks.addShutdownHook(eventLoops, ClientEventLoops.LAST);
    try {
      // Hadoop's own order (package-private): the list its shutdown runs, first to last.
      Method inOrder = ShutdownHookManager.class.getDeclaredMethod("getShutdownHooksInOrder");
      inOrder.setAccessible(true);
      List<Runnable> order = new ArrayList<>();
      for (Object entry : (List<?>) inOrder.invoke(hooks)) {
        Method hook = entry.getClass().getDeclaredMethod("getHook");
        hook.setAccessible(true);
        Runnable runnable = (Runnable) hook.invoke(entry);
        if (runnable == fileSystems || runnable == eventLoops) {
          order.add(runnable);
        }
      }
      assertEquals(List.of(fileSystems, eventLoops), order);
    } finally {
      hooks.removeShutdownHook(fileSystems);
      hooks.removeShutdownHook(eventLoops);
    }
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
