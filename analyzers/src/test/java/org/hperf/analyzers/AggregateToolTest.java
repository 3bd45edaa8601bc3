package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.hperf.analyzers.merge.HistogramCodec;
import org.hperf.core.ExitCode;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.run.RunSummary;
import org.hperf.core.run.TaskLogFormat;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The aggregate job in the LocalJobRunner on checked-in and synthetic task logs. */
class AggregateToolTest {

  @Test
  void goldenRunGivesExactTotalsPercentilesAndThroughput(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("golden").toFile();
    copyGolden(dir);
    ToolRun run = aggregate(dir.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    List<String> csv = Files.readAllLines(new File(dir, "aggregate/summary.csv").toPath());
    // 2 clients x 2 intervals x 1000 reads over a 20 s window; reads are 1..2000 us, each twice.
    assertTrue(csv.contains("run-1,READ,200.0,4000,1000.5,1000,1800,1900,1980,1998,2000,2000"), String.join("\n", csv));
    assertTrue(csv.stream().anyMatch(l -> l.startsWith("run-1,UPDATE,100.0,2000,")), String.join("\n", csv));
    // ALL, as the tasks recorded it: every read and update once, 6000 over 20 s.
    Histogram all = LatencyHistograms.newHistogram();
    for (long v = 1; v <= 2000; v++) {
      all.recordValue(v);
      all.recordValue(v);
    }
    for (long v = 5000; v <= 6999; v++) {
      all.recordValue(v);
    }
    assertTrue(csv.contains("run-1,ALL,300.0," + RunSummary.Latency.of(all).csv()), String.join("\n", csv));
    RunSummary summary = summary(dir);
    assertEquals("golden", summary.workload());
    assertEquals(List.of("READ", "UPDATE", "ALL"), summary.tags());
    assertEquals(10, summary.intervalSeconds());
    assertEquals(2, summary.perRun().get("run-1").tasks());
    assertEquals(List.of(new RunSummary.Interval(0, 200, 1000, 1980), new RunSummary.Interval(1, 200, 1000, 1980)),
        summary.perRun().get("run-1").operations().get("READ").intervals());
    assertEquals(4000, totalOf(new File(dir, "aggregate/run-1.hlog"), "READ"), "the merged log, read back");
    // HdrHistogram's own log processor reads the merged log too.
    String processed = tmp.resolve("processed").toString();
    new org.HdrHistogram.HistogramLogProcessor(new String[] {"-i", new File(dir, "aggregate/run-1.hlog").getPath(),
        "-tag", "READ", "-outputValueUnitRatio", "1", "-o", processed}).run();
    String distribution = Files.readString(Path.of(processed + ".hgrm"));
    assertTrue(distribution.contains("#[Max     =     2000.000, Total count    =         4000]"), distribution);
  }

  @Test
  void mergedHistogramsEqualOneHistogramOfAllSamples() {
    SplittableRandom random = new SplittableRandom(42);
    for (int trial = 0; trial < 50; trial++) {
      Histogram all = LatencyHistograms.newHistogram();
      int parts = 1 + random.nextInt(20);
      Histogram[] tasks = new Histogram[parts];
      for (int i = 0; i < parts; i++) {
        tasks[i] = LatencyHistograms.newHistogram();
      }
      for (int i = 0; i < 5_000; i++) {
        long sample = 1 + (long) Math.exp(random.nextDouble() * 16);
        all.recordValue(sample);
        tasks[random.nextInt(parts)].recordValue(sample);
      }
      Histogram merged = LatencyHistograms.newHistogram();
      for (Histogram task : tasks) {
        merged.add(HistogramCodec.decode(HistogramCodec.encode(task)));
      }
      assertEquals(all, merged, "trial " + trial);
      assertEquals(all.getValueAtPercentile(99.9), merged.getValueAtPercentile(99.9));
    }
  }

  @Test
  void throughputCountsOnlyTheWindowEveryTaskMeasured(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    long start = 1_000_000L;
    // Task 0 measures 20 s; task 1 stops after 10 s: the common window is the first 10 s.
    TaskLogs.write(new File(dir, "run-1/client-00000.hlog"), start, start + 20_000,
        new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(1, 1000)),
        new TaskLogs.Interval("READ", 10_000, 20_000, TaskLogs.range(1, 1000)));
    TaskLogs.write(new File(dir, "run-1/client-00001.hlog"), start, start + 10_000,
        new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(1, 500)));
    RunRecords.write(dir, "workloadc", 2, 1);
    ToolRun run = aggregate(dir.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    List<String> csv = Files.readAllLines(new File(dir, "aggregate/summary.csv").toPath());
    assertTrue(csv.stream().anyMatch(l -> l.startsWith("run-1,READ,150.0,2500,")), String.join("\n", csv));
  }

  @Test
  void anIntervalReachingPastItsTasksWindowIsClippedNotDiluted(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    // The last interval was closed 1 s after the task's last operation (its window's end): all
    // 1,100 operations happened inside the 10 s window, so 110 ops/s, not 1,100 x 10/11 / 10 = 100.
    TaskLogs.write(new File(dir, "run-1/client-00000.hlog"), 0, 10_000,
        new TaskLogs.Interval("READ", 0, 11_000, TaskLogs.range(1, 1100)));
    RunRecords.write(dir, "workloadc", 1, 1);
    ToolRun run = aggregate(dir.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    List<String> csv = Files.readAllLines(new File(dir, "aggregate/summary.csv").toPath());
    assertTrue(csv.stream().anyMatch(l -> l.startsWith("run-1,READ,110.0,1100,")), String.join("\n", csv));
  }

  @Test
  void repetitionsAverageThroughputAndMergeLatency(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    TaskLogs.write(new File(dir, "run-1/client-00000.hlog"), 0, 10_000,
        new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(1, 1000)));
    TaskLogs.write(new File(dir, "run-2/client-00000.hlog"), 50_000, 60_000,
        new TaskLogs.Interval("READ", 0, 5_000, TaskLogs.range(1001, 2000)),
        new TaskLogs.Interval("READ", 5_000, 10_000, TaskLogs.range(1001, 2000)));
    RunRecords.write(dir, "workloadc", 1, 2);
    ToolRun run = aggregate(dir.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    List<String> csv = Files.readAllLines(new File(dir, "aggregate/summary.csv").toPath());
    // 100 and 200 ops/s: the headline is their mean; latency merges all 3000 samples (all below
    // 2048 us, where 3 significant digits record every microsecond exactly).
    assertTrue(csv.stream().anyMatch(l -> l.startsWith("all-runs,READ,150.0,3000,1167.2,1250,")),
        String.join("\n", csv));
    RunSummary.Overall read = summary(dir).overall().get("READ");
    assertEquals(70.711, read.throughputStdDevOpsPerSec(), 0.001);
    assertEquals(100.0, read.throughputMinOpsPerSec(), 1e-9);
    assertEquals(200.0, read.throughputMaxOpsPerSec(), 1e-9);
  }

  @Test
  void allIsTheTasksOwnTagNotASumOfTheOperations(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    // Workload F: 500 plain reads and 300 read-modify-writes in 10 s. READ holds 800 reads (the
    // RMWs' own reads too); the top-level operations are 800, not READ + READ_MODIFY_WRITE = 1,100.
    TaskLogs.writeReadModifyWrites(new File(dir, "run-1/client-00000.hlog"), 0, 500, 300);
    Files.write(new File(dir, "run.properties").toPath(), List.of("workload.name=workloadf", "run.clients=1",
        "run.interval.seconds=10", "workload.property.readproportion=0.5",
        "workload.property.readmodifywriteproportion=0.5"));
    ToolRun run = aggregate(dir.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    List<String> csv = Files.readAllLines(new File(dir, "aggregate/summary.csv").toPath());
    assertTrue(csv.contains("run-1,READ,80.0,800,588.0,400,1220,1260,1292,1300,1300,1300"), String.join("\n", csv));
    assertTrue(csv.stream().anyMatch(l -> l.startsWith("run-1,READ_MODIFY_WRITE,30.0,300,")), String.join("\n", csv));
    assertTrue(csv.stream().anyMatch(l -> l.startsWith("all-runs,ALL,80.0,800,")), String.join("\n", csv));
    RunSummary summary = summary(dir);
    assertEquals(List.of("READ", "READ_MODIFY_WRITE", "UPDATE", "ALL"), summary.tags(), "ALL last");
    assertEquals(80.0, summary.overall().get("ALL").throughputOpsPerSec(), 1e-9);
    // ALL's latency is each top-level operation's own: the slowest tenth are whole RMWs (3001.. us).
    assertTrue(summary.overall().get("ALL").latency().p90Micros() > 3000, summary.toString());
    assertEquals(1, summary.perRun().get("run-1").operations().get("ALL").intervals().size());
    assertTrue(run.out().lines().anyMatch(l -> l.matches("ALL +run-1 +80\\.0 +800 .*")), run.out());
  }

  /**
   * Server and region tags become each run's placement, not operations: per server its throughput
   * and share, regions in key order whatever the log's order, the hot ones found; the operations'
   * own figures are what they would be without them.
   */
  @Test
  void serverAndRegionTagsBecomeTheRunsPlacement(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    byte[] user5 = "user5".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    String late = TaskLogFormat.regionTag("READ", "r2", user5, new byte[0]);
    String early = TaskLogFormat.regionTag("READ", "r1", new byte[0], user5);
    TaskLogs.write(new File(dir, "run-1/client-00000.hlog"), 0, 10_000,
        new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(1, 1000)),
        TaskLogs.Interval.inner("READ@rs=host-b:16020", 0, 10_000, TaskLogs.range(801, 1000)),
        TaskLogs.Interval.inner("READ@rs=host-a:16020", 0, 10_000, TaskLogs.range(1, 800)),
        TaskLogs.Interval.inner(late, 0, 10_000, TaskLogs.range(301, 1000)),
        TaskLogs.Interval.inner(early, 0, 10_000, TaskLogs.range(1, 300)));
    RunRecords.write(dir, "workloadc", 1, 1); // 1 region server and 4 regions at the start
    ToolRun run = aggregate(dir.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    RunSummary summary = summary(dir);
    assertEquals(List.of("READ", "ALL"), summary.tags(), "no server or region tag among the operations");
    assertEquals(1000, summary.overall().get("READ").latency().operations());
    RunSummary.Placement placement = summary.perRun().get("run-1").placement();
    assertEquals(List.of("host-a:16020", "host-b:16020"), List.copyOf(placement.servers().keySet()));
    RunSummary.ServerOperation a = placement.servers().get("host-a:16020").get("READ");
    assertEquals(80.0, a.throughputOpsPerSec(), 1e-9, "800 reads in the 10 s window");
    assertEquals(0.8, a.share(), 1e-12);
    assertEquals(800, a.latency().operations());
    assertEquals(List.of(80.0), a.intervals().stream().map(RunSummary.Interval::opsPerSec).toList());
    assertEquals(792, a.latency().p99Micros(), "p99 of 1..800 us");
    assertEquals(List.of("r1", "r2"), placement.regions().stream().map(RunSummary.Region::encodedName).toList());
    assertEquals("", placement.regions().get(0).startKey());
    assertEquals("user5", placement.regions().get(0).endKey());
    RunSummary.RegionOperation r2 = placement.regions().get(1).operations().get("READ");
    assertEquals(700, r2.operations());
    assertEquals(0.7, r2.share(), 1e-12);
    // 700 in one of the table's 4 regions: 2.8x fair, the strongest; the other region's 300 is 1.2x;
    // 800 of 1,000 reads on one of 2 servers seen (1 was there at the start): 1.6x fair.
    assertEquals(List.of("region [user5, (end)) served 70% of reads (fair share 25%)",
        "host-a:16020 served 80% of reads (fair share 50%)"),
        placement.hotspots().stream().map(RunSummary.Hotspot::finding).toList());
  }

  @Test
  void everyCharacterOfTheConfigurationSurvivesIntoSummaryJson(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    TaskLogs.write(new File(dir, "run-1/client-00000.hlog"), 0, 10_000,
        new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(1, 100)));
    // As hperf run records an exception text: tabs, CRs, quotes, backslashes, newlines, any script.
    String failure = "java.io.IOException:\tcannot \"reach\" C:\\hbase\r\n\tat Region.get(\u00e9t\u00e9 \u6f22\u5b57)";
    org.hperf.core.run.RunRecord record = RunRecords.record("workloadc", 1, 1, java.util.Map.of("note", failure));
    record.putOutcome(1, new org.hperf.core.run.RunRecord.Outcome("job_1", java.util.Map.of(), 0, 0, 0, List.of(), 0,
        failure));
    RunRecords.write(dir, record);
    ToolRun run = aggregate(dir.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    File json = new File(dir, "aggregate/summary.json");
    JsonNode tree = new ObjectMapper().readTree(json);
    assertEquals(failure, tree.path("configuration").path("workload.property.note").textValue());
    assertEquals("unknown: " + failure, tree.path("configuration").path("run.1.clusterStateAfterRun").textValue());
    assertEquals(failure, summary(dir).configuration().get("workload.property.note"));
  }

  @Test
  void aTruncatedOrMissingTaskLogIsRefusedNamingIt(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("t").toFile();
    copyGolden(dir);
    File log = new File(dir, "run-1/client-00001.hlog");
    byte[] bytes = Files.readAllBytes(log.toPath());
    Files.write(log.toPath(), java.util.Arrays.copyOf(bytes, bytes.length / 2));
    ToolRun truncated = aggregate(dir.getPath());
    assertEquals(ExitCode.USAGE, truncated.exitCode(), truncated.all());
    assertTrue(truncated.err().contains("run-1/client-00001.hlog is truncated"), truncated.all());
    assertTrue(!new File(dir, "aggregate/summary.json").exists(), "no partial figures");

    assertTrue(log.delete());
    ToolRun missing = aggregate(dir.getPath());
    assertEquals(ExitCode.USAGE, missing.exitCode(), missing.all());
    assertTrue(missing.err().contains("task log client-00001.hlog is missing (the run had 2 clients)"), missing.all());
  }

  @Test
  void aLogWhoseChecksumNoLongerMatchesIsRefusedAsCorrupt(@TempDir Path tmp) throws Exception {
    File golden = tmp.resolve("golden").toFile();
    copyGolden(golden);
    // Copied through the checksummed local file system, which writes a .crc beside every file.
    File dir = tmp.resolve("c").toFile();
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
    try (org.apache.hadoop.fs.LocalFileSystem fs = org.apache.hadoop.fs.FileSystem.newInstanceLocal(conf)) {
      fs.setWriteChecksum(true);
      org.apache.hadoop.fs.FileUtil.copy(fs, new org.apache.hadoop.fs.Path(golden.toURI()), fs,
          new org.apache.hadoop.fs.Path(dir.toURI()), false, conf);
    }
    assertTrue(new File(dir, "run-1/.client-00001.hlog.crc").isFile());
    File log = new File(dir, "run-1/client-00001.hlog");
    byte[] bytes = Files.readAllBytes(log.toPath());
    bytes[bytes.length - 2] ^= 0x20;  // one bit of the closing line flipped: still looks complete
    Files.write(log.toPath(), bytes);
    ToolRun corrupt = aggregate(dir.getPath());
    assertEquals(ExitCode.USAGE, corrupt.exitCode(), corrupt.all());
    assertTrue(corrupt.err().contains("run-1/client-00001.hlog is corrupt: its content does not match its checksum"),
        corrupt.all());
    assertEquals(1, corrupt.err().strip().lines().count(), corrupt.err());
  }

  @Test
  void badArgumentsAreUsageErrors(@TempDir Path tmp) throws Exception {
    assertEquals(ExitCode.USAGE, aggregate().exitCode());
    ToolRun none = aggregate(tmp.resolve("nope").toString());
    assertEquals(ExitCode.USAGE, none.exitCode());
    assertTrue(none.err().contains("is not a directory"), none.all());
    ToolRun unrecorded = aggregate(tmp.toString());
    assertEquals(ExitCode.USAGE, unrecorded.exitCode());
    assertTrue(unrecorded.err().contains("run.properties is missing"), unrecorded.all());
    RunRecords.write(tmp.toFile(), "workloadc", 1, 1);
    ToolRun empty = aggregate(tmp.toString());
    assertEquals(ExitCode.USAGE, empty.exitCode());
    assertTrue(empty.err().contains("holds no run-<n> directories"), empty.all());
  }

  private static void copyGolden(File dest) throws java.io.IOException {
    Path from = Path.of("src/test/resources/golden");
    try (java.util.stream.Stream<Path> files = Files.walk(from)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path target = dest.toPath().resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }

  private static RunSummary summary(File dir) throws Exception {
    try (FileInputStream in = new FileInputStream(new File(dir, "aggregate/summary.json"))) {
      return RunSummary.read(in);
    }
  }

  private static ToolRun aggregate(String... args) throws Exception {
    return ToolRun.of(LocalJobs.conf(), new AggregateTool(), args);
  }

  private static long totalOf(File log, String tag) throws Exception {
    long total = 0;
    try (FileInputStream in = new FileInputStream(log)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        total += tag.equals(h.getTag()) ? ((Histogram) h).getTotalCount() : 0;
      }
    }
    return total;
  }
}
