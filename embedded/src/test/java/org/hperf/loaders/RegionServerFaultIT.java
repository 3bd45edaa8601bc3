package org.hperf.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.hperf.testkit.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A region server dies in the middle of a load, in either mode: the put load's client retries, or
 * the bulk load's moving of HFiles into their regions, must still land every row, and verify must
 * find none missing or corrupt.
 */
@ExtendWith(MiniClusterExtension.class)
class RegionServerFaultIT {
  private static final String PUT_TABLE = "fault_t";
  private static final String BULK_TABLE = "fault_bulk";

  @Test
  void killingARegionServerDuringAPutLoadLosesNoRow() throws Exception {
    MiniHBaseCluster hbase = MiniClusterExtension.liveRegionServers(3);
    createBalanced(PUT_TABLE, 200_000);

    CompletableFuture<ToolRun> load = load("--table", PUT_TABLE, "--mode", "put", "--clients", "2");
    HRegionServer victim = MiniClusterExtension.serverHoldingOnly(PUT_TABLE);
    // Kill as soon as the victim has taken 1 MB of writes: early in a ~220 MB load, whatever the speed.
    MiniClusterExtension.cluster().testingUtility().waitFor(120_000, 20, () -> victim.getRegions(
        TableName.valueOf(PUT_TABLE)).stream().mapToLong(r -> r.getMemStoreDataSize()).sum() > (1 << 20)
        || load.isDone());
    assertTrue(!load.isDone(), "the load is still running when the region server dies");
    hbase.killRegionServer(victim.getServerName());

    assertLoadedAndIntact(load, PUT_TABLE, 200_000);
  }

  /**
   * The bulk load's job writes and commits one HFile a region into --hfile-dir; the kill waits for
   * them, so it lands as BulkLoadHFiles starts moving them in, and BulkLoadHFiles then finds the
   * victim's regions closed or reopening elsewhere and must retry each where it went.
   */
  @Test
  void killingARegionServerAsABulkLoadMovesItsHFilesInLosesNoRow() throws Exception {
    MiniHBaseCluster hbase = MiniClusterExtension.liveRegionServers(3);
    createBalanced(BULK_TABLE, 60_000);
    FileSystem fs = MiniClusterExtension.cluster().testingUtility().getTestFileSystem();
    Path hfiles = fs.makeQualified(new Path(MiniClusterExtension.cluster().testingUtility().getDataTestDirOnTestFS(),
        "bulk-fault-hfiles"));

    CompletableFuture<ToolRun> load = load("--table", BULK_TABLE, "--mode", "bulk", "--hfile-dir", hfiles.toString());
    HRegionServer victim = MiniClusterExtension.serverHoldingOnly(BULK_TABLE);
    MiniClusterExtension.cluster().testingUtility().waitFor(300_000, 20, () -> load.isDone()
        || committedHFiles(fs, new Path(hfiles, "family")) >= 6);
    assertTrue(!load.isDone(), "the load is still running when the region server dies");
    hbase.killRegionServer(victim.getServerName());

    ToolRun loaded = assertLoadedAndIntact(load, BULK_TABLE, 60_000);
    assertTrue(loaded.out().contains(" HFiles into " + BULK_TABLE + " in "), loaded.all());
  }

  /** The table created in 6 regions and spread over the live servers, no region in transition. */
  private static void createBalanced(String table, int records) throws Exception {
    ToolRun create = MiniClusterExtension.run(new CreateTableTool(), "--table", table, "--recordcount",
        String.valueOf(records), "--regions", "6");
    assertEquals(ExitCode.OK, create.exitCode(), create.all());
    MiniClusterExtension.cluster().testingUtility().waitTableAvailable(TableName.valueOf(table));
    try (var admin = MiniClusterExtension.cluster().testingUtility().getConnection().getAdmin()) {
      admin.balancerSwitch(true, true);
      admin.balance();
      MiniClusterExtension.cluster().testingUtility().waitUntilNoRegionsInTransition(60_000);
      // No balancer moves but those the dead server causes, here and in the module's other tests.
      admin.balancerSwitch(false, true);
    }
  }

  private static CompletableFuture<ToolRun> load(String... args) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return MiniClusterExtension.run(new LoadTool(), args);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  /** The load ended well, and verify finds every record intact, none missing or corrupt. */
  private static ToolRun assertLoadedAndIntact(CompletableFuture<ToolRun> load, String table, int records)
      throws Exception {
    ToolRun loaded = load.get(10, TimeUnit.MINUTES);
    assertEquals(ExitCode.OK, loaded.exitCode(), loaded.all());
    ToolRun verify = MiniClusterExtension.run(new VerifyTool(), "--table", table);
    assertEquals(ExitCode.OK, verify.exitCode(), verify.all());
    assertEquals(records, verify.counter("Rows intact"), verify.all());
    assertEquals(0, verify.counter("Rows missing"), verify.all());
    assertEquals(0, verify.counter("Rows corrupt"), verify.all());
    return loaded;
  }

  /** HFiles committed into the family's directory (a task attempt writes under _temporary first). */
  private static long committedHFiles(FileSystem fs, Path family) {
    try {
      return fs.exists(family) ? Arrays.stream(fs.listStatus(family)).filter(f -> f.isFile()
          && !f.getPath().getName().startsWith("_") && !f.getPath().getName().startsWith(".")).count() : 0;
    } catch (IOException e) {
      return 0;
    }
  }
}
