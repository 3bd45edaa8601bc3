package org.hperf.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.hperf.testkit.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A region server dies in the middle of a put-mode load: the client's retries must still land
 * every row, and verify must find none missing or corrupt.
 */
@ExtendWith(MiniClusterExtension.class)
class RegionServerFaultIT {
  private static final String TABLE = "fault_t";

  @Test
  void killingARegionServerDuringAPutLoadLosesNoRow() throws Exception {
    MiniHBaseCluster hbase = MiniClusterExtension.cluster().testingUtility().getMiniHBaseCluster();
    hbase.startRegionServer();
    hbase.startRegionServer();
    MiniClusterExtension.cluster().testingUtility().waitFor(60_000,
        () -> hbase.getMaster().getServerManager().getOnlineServersList().size() >= 3);
    ToolRun create = MiniClusterExtension.run(new CreateTableTool(), "--table", TABLE, "--recordcount", "200000",
        "--regions", "6");
    assertEquals(ExitCode.OK, create.exitCode(), create.all());
    MiniClusterExtension.cluster().testingUtility().waitTableAvailable(TableName.valueOf(TABLE));
    try (var admin = MiniClusterExtension.cluster().testingUtility().getConnection().getAdmin()) {
      admin.balancerSwitch(true, true);
      admin.balance();
    }
    MiniClusterExtension.cluster().testingUtility().waitUntilNoRegionsInTransition(60_000);

    CompletableFuture<ToolRun> load = CompletableFuture.supplyAsync(() -> {
      try {
        return MiniClusterExtension.run(new LoadTool(), "--table", TABLE, "--mode", "put", "--clients", "2");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    HRegionServer victim = serverHoldingUserRegions(hbase);
    // Kill as soon as the victim has taken 1 MB of writes: early in a ~220 MB load, whatever the speed.
    MiniClusterExtension.cluster().testingUtility().waitFor(120_000, 20, () -> victim.getRegions(TableName.valueOf(TABLE))
        .stream().mapToLong(r -> r.getMemStoreDataSize()).sum() > (1 << 20) || load.isDone());
    assertTrue(!load.isDone(), "the load is still running when the region server dies");
    hbase.killRegionServer(victim.getServerName());

    ToolRun loaded = load.get(10, TimeUnit.MINUTES);
    assertEquals(ExitCode.OK, loaded.exitCode(), loaded.all());
    ToolRun verify = MiniClusterExtension.run(new VerifyTool(), "--table", TABLE);
    assertEquals(ExitCode.OK, verify.exitCode(), verify.all());
    LoadVerifyIT.assertCounter(verify, "Rows intact", 200_000);
    LoadVerifyIT.assertCounter(verify, "Rows missing", 0);
    LoadVerifyIT.assertCounter(verify, "Rows corrupt", 0);
  }

  /** A live region server that holds regions of the test table but not hbase:meta. */
  private static HRegionServer serverHoldingUserRegions(MiniHBaseCluster hbase) {
    for (var thread : hbase.getLiveRegionServerThreads()) {
      HRegionServer server = thread.getRegionServer();
      boolean holdsTable = !server.getRegions(TableName.valueOf(TABLE)).isEmpty();
      boolean holdsMeta = !server.getRegions(TableName.META_TABLE_NAME).isEmpty();
      if (holdsTable && !holdsMeta) {
        return server;
      }
    }
    throw new IllegalStateException("no region server holds " + TABLE + " without hbase:meta");
  }
}
