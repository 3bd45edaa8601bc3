package org.hperf.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hperf.core.DatasetSpec;
import org.hperf.core.Footprint;
import org.hperf.core.Preflight;
import org.hperf.core.RecordRange;
import org.junit.jupiter.api.Test;

/** The load's plan: tasks as the job will have them, bytes with replication, the rough CPU time. */
class LoadPlanTest {
  private final Configuration conf = new Configuration(false);

  @Test
  void theSeedsLoadIs250TasksAnd10Point4TerabytesToFindFree() throws Exception {
    DatasetSpec seed = DatasetSpec.resolve(Map.of(), Map.of());
    LoadPlan plan = LoadPlan.ofWholeDataset(conf, seed, 250, LoadMode.BULK, true);
    assertEquals(250, plan.mapTasks(), "4,000,000 keys a region: one task a region");
    Footprint footprint = plan.footprint(3);
    // 10^9 records x 1,580 bytes = 1.58 TB; x 3 replicas = 4.74 TB; x 2 for the compaction; + 10%.
    assertEquals(1_580_000_000_000L, footprint.dataBytes());
    assertEquals(10_428_000_000_000L, footprint.requiredBytes());
    // docs/benchmarks.md: 6,600 CPU-seconds writing plus 10^9 x 250 x 16 ns = 4,000 walking.
    assertEquals(10_600, plan.cpuSeconds(), 1e-6);
    assertEquals("~2.9 CPU-hours", RoughCost.cpuTime(plan.cpuSeconds()));
  }

  @Test
  void tasksAreCountedAsTheJobCutsThem() throws Exception {
    DatasetSpec seed = DatasetSpec.resolve(Map.of(), Map.of());
    RecordRange all = new RecordRange(0, seed.recordCount());
    LoadPlan sixteen = LoadPlan.of(conf, seed, all, 16, LoadMode.BULK, 16, false, "none");
    assertEquals(16, sixteen.taskGroups());
    assertEquals(128, sixteen.mapTasks(), "10^9 rows into 16 regions: 8 slices of 8,000,000 keys, 128 tasks");
    LoadPlan fewer = LoadPlan.of(conf, seed, all, 250, LoadMode.BULK, 125, false, "none");
    assertEquals(125, fewer.taskGroups());
    assertEquals(6_600 + 125 * 16, fewer.cpuSeconds(), 1e-6, "--maps 125 halves the walk");
    LoadPlan puts = LoadPlan.of(conf, seed, new RecordRange(0, 1_000_000), 250, LoadMode.PUT, 10, false, "none");
    assertEquals(10, puts.mapTasks());
    assertTrue(Double.isNaN(puts.cpuSeconds()), "no measured rate for puts");
  }

  @Test
  void aPutLoadCountsTheWalAsASecondCopyAndABulkLoadOnlyWithTheCompaction() throws Exception {
    DatasetSpec small = DatasetSpec.resolve(Map.of("recordcount", "1000"), Map.of());
    RecordRange all = new RecordRange(0, 1000);
    assertEquals("the WAL and compactions",
        LoadPlan.of(conf, small, all, 4, LoadMode.PUT, 1, false, "none").footprint(3).secondCopy());
    assertEquals("the major compaction",
        LoadPlan.of(conf, small, all, 4, LoadMode.BULK, 1, true, "none").footprint(3).secondCopy());
    Footprint bare = LoadPlan.of(conf, small, all, 4, LoadMode.BULK, 1, false, "none").footprint(2);
    assertEquals(1000L * 1580 * 2 * 11 / 10, bare.requiredBytes());
  }

  @Test
  void cpuTimeIsShownInItsLargestWholeUnit() {
    assertEquals("~1 CPU-second", RoughCost.cpuTime(0.2), "never less than one");
    assertEquals("~45 CPU-seconds", RoughCost.cpuTime(45));
    assertEquals("~1 CPU-minute", RoughCost.cpuTime(74));
    assertEquals("~2.0 CPU-hours", RoughCost.cpuTime(7_200));
    assertEquals("~19,044 CPU-hours", RoughCost.cpuTime(19_044 * 3600.0));
  }

  @Test
  void thePlanNamesRecordsSizeBytesAndTime() throws Exception {
    DatasetSpec small = DatasetSpec.resolve(Map.of("recordcount", "100000"), Map.of());
    LoadPlan plan = LoadPlan.of(conf, small, new RecordRange(0, 100_000), 16, LoadMode.BULK, 1, true,
        "snappy compression");
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    Preflight preflight = new Preflight("load");
    plan.describeTo(preflight, plan.footprint(3), "hdfs://nn/staging/x");
    preflight.check(null, null, null, "", true, new java.io.PrintStream(out, true));
    List<String> lines = out.toString().lines().toList();
    assertEquals("  records  100,000 records [0, 100000) into usertable: 16 regions, bulk mode, 1 map task",
        lines.get(1));
    assertEquals("  size     1,580 bytes a record as HFile cells (10 fields of 100 bytes, keys of at most 23 bytes),"
        + " before the table's snappy compression", lines.get(2));
    assertEquals("  bytes    158 MB of HFiles, staged in hdfs://nn/staging/x and moved into the table: 474 MB with 3"
        + " replicas; up to as much again while the major compaction rewrites them", lines.get(3));
    assertTrue(lines.get(4).startsWith("  time     ~1 CPU-second of map tasks (rough"), lines.get(4));
  }
}
