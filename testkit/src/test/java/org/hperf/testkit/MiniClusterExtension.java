package org.hperf.testkit;

import java.io.File;
import org.apache.hadoop.util.Tool;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real in-process HBase cluster for all integration tests of a module's test JVM: a start
 * costs 10-20 s, so it is started by the first test class that asks and stopped after the last.
 */
public final class MiniClusterExtension implements BeforeAllCallback {
  private static volatile EmbeddedCluster cluster;

  @Override
  public void beforeAll(ExtensionContext context) {
    context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent(MiniClusterExtension.class, key -> new Started(), Started.class);
  }

  /** The running cluster; only valid in a class extended with this extension. */
  public static EmbeddedCluster cluster() {
    if (cluster == null) {
      throw new IllegalStateException("annotate the test class with @ExtendWith(MiniClusterExtension.class)");
    }
    return cluster;
  }

  /** Runs a command through ToolRunner against the cluster, capturing its exit code and output. */
  public static ToolRun run(Tool tool, String... args) throws Exception {
    return ToolRun.of(cluster().configuration(), tool, args);
  }

  /**
   * At least {@code count} live region servers, started if fewer are (a test before may have killed
   * one), and the master counting them online within a minute.
   */
  public static org.apache.hadoop.hbase.MiniHBaseCluster liveRegionServers(int count) throws Exception {
    org.apache.hadoop.hbase.MiniHBaseCluster hbase = cluster().testingUtility().getMiniHBaseCluster();
    while (hbase.getLiveRegionServerThreads().size() < count) {
      hbase.startRegionServer();
    }
    cluster().testingUtility().waitFor(60_000,
        () -> hbase.getMaster().getServerManager().getOnlineServersList().size() >= count);
    return hbase;
  }

  /** A live region server that holds regions of the table but not hbase:meta: one to kill. */
  public static org.apache.hadoop.hbase.regionserver.HRegionServer serverHoldingOnly(String table) {
    org.apache.hadoop.hbase.TableName name = org.apache.hadoop.hbase.TableName.valueOf(table);
    for (var thread : cluster().testingUtility().getMiniHBaseCluster().getLiveRegionServerThreads()) {
      org.apache.hadoop.hbase.regionserver.HRegionServer server = thread.getRegionServer();
      if (!server.getRegions(name).isEmpty()
          && server.getRegions(org.apache.hadoop.hbase.TableName.META_TABLE_NAME).isEmpty()) {
        return server;
      }
    }
    throw new IllegalStateException("no region server holds " + table + " without hbase:meta");
  }

  private static final class Started implements ExtensionContext.Store.CloseableResource {
    Started() {
      try {
        File base = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "cluster");
        cluster = EmbeddedCluster.start(base, 1);
      } catch (Exception e) {
        throw new IllegalStateException("mini cluster did not start", e);
      }
    }

    @Override
    public void close() throws Throwable {
      cluster.close();
      cluster = null;
    }
  }
}
