package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.FileInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hperf.core.OperationType;
import org.hperf.core.ExitCode;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.run.RunRecord;
import org.hperf.core.run.RunSummary;
import org.hperf.core.run.TaskLogFormat;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real run directory, checked in: workloadf-seed (50% read, 25% update, 25% read-modify-write),
 * 2 clients x 4 threads for 2 s at 1 s intervals on the mini cluster, as {@code hperf run} wrote it
 * (src/test/resources/golden-workloadf-seed). Aggregate, report and compare read it through the
 * typed contract (TaskLogFormat, RunRecord, RunSummary); every expectation is computed here from
 * the task logs and the record themselves, independently of the aggregate's code.
 */
class GoldenRunTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden-workloadf-seed");
  @TempDir
  static Path tmp;
  private static File dir;
  private static RunSummary summary;

  @BeforeAll
  static void aggregateTheGoldenRun() throws Exception {
    dir = tmp.resolve("golden").toFile();
    copy(GOLDEN, dir.toPath());
    ToolRun aggregate = ToolRun.of(LocalJobs.conf(), new AggregateTool(), new String[] {dir.getPath()});
    assertEquals(ExitCode.OK, aggregate.exitCode(), aggregate.all());
    try (FileInputStream in = new FileInputStream(new File(dir, "aggregate/summary.json"))) {
      summary = RunSummary.read(in);
    }
  }

  @Test
  void everyTagsLatencyIsExactlyTheTaskLogsMerged() throws Exception {
    Map<String, Histogram> fromLogs = mergedTaskLogs();
    assertEquals(fromLogs.keySet(), new java.util.HashSet<>(summary.tags()));
    for (Map.Entry<String, Histogram> tag : fromLogs.entrySet()) {
      assertEquals(RunSummary.Latency.of(tag.getValue()), summary.overall().get(tag.getKey()).latency(), tag.getKey());
    }
  }

  @Test
  void allCountsEachTopLevelOperationOnceAndEqualsTheCounters() throws Exception {
    Map<String, Histogram> logs = mergedTaskLogs();
    long reads = logs.get("READ").getTotalCount();
    long updates = logs.get("UPDATE").getTotalCount();
    long rmws = logs.get("READ_MODIFY_WRITE").getTotalCount();
    long all = summary.overall().get(OperationType.ALL_TAG).latency().operations();
    assertTrue(rmws > 0);
    assertEquals((reads - rmws) + (updates - rmws) + rmws, all, "plain reads + plain updates + RMWs");
    RunRecord.Outcome run = RunRecord.read(FileSystem.getLocal(new Configuration()), new org.apache.hadoop.fs.Path(
        dir.getAbsolutePath())).outcomes().get(1);
    assertEquals(run.counter(RunRecord.MEASURED_OPERATIONS), all, "the top-level counter");
    assertEquals(run.counter("READ_OK") + run.counter("READ_NOT_FOUND") + run.counter("READ_ERROR"), reads);
    assertEquals(run.counter("READ_MODIFY_WRITE_OK"), rmws);
    // Throughput of ALL over the common window: the operations over the window's length, to within
    // the few milliseconds by which the two tasks' windows differ.
    RunSummary.Run figures = summary.perRun().get("run-1");
    double seconds = (figures.windowEndMs() - figures.windowStartMs()) / 1000.0;
    double allPerSecond = figures.operations().get(OperationType.ALL_TAG).throughputOpsPerSec();
    assertEquals(all / seconds, allPerSecond, 0.01 * allPerSecond);
    assertTrue(allPerSecond < figures.operations().get("READ").throughputOpsPerSec()
        + figures.operations().get("READ_MODIFY_WRITE").throughputOpsPerSec()
        + figures.operations().get("UPDATE").throughputOpsPerSec(), "not the sum of the tags");
  }

  @Test
  void reportAndCompareReadTheSameFigures() throws Exception {
    double all = summary.overall().get(OperationType.ALL_TAG).throughputOpsPerSec();
    ToolRun report = ToolRun.of(LocalJobs.conf(), new ReportTool(),
        new String[] {dir.getPath(), "--output", tmp.resolve("report.html").toString()});
    assertEquals(ExitCode.OK, report.exitCode(), report.all());
    String expected = String.format(Locale.ROOT, "%,.1f", all);
    assertTrue(report.out().lines().anyMatch(l -> l.matches("workloadf-seed +ALL +" + java.util.regex.Pattern.quote(
        expected) + " .*")), expected + "\n" + report.out());

    ToolRun compare = ToolRun.of(LocalJobs.conf(), new CompareTool(),
        new String[] {dir.getPath(), dir.getPath(), "--format", "json"});
    assertEquals(ExitCode.OK, compare.exitCode(), compare.all());
    Map<String, JsonNode> rows = new HashMap<>();
    new ObjectMapper().readTree(compare.out()).path("operations")
        .forEach(row -> rows.put(row.path("operation").textValue(), row));
    assertEquals(all, rows.get(OperationType.ALL_TAG).path("throughputOpsPerSec").path("meanA").doubleValue(), 1e-9);
    // One run: its p99 is the p99 of all runs merged.
    assertEquals(summary.overall().get("READ").latency().p99Micros(),
        rows.get("READ").path("p99Micros").path("meanB").doubleValue(), 1e-9);
    // The run against itself: every operation's change is exactly 0 and, with one run a side, no
    // interval and no verdict, whatever the figures.
    assertEquals(summary.tags().stream().filter(t -> !t.endsWith(".intended")).sorted().toList(),
        rows.keySet().stream().sorted().toList(), "a row per operation");
    for (JsonNode row : rows.values()) {
      JsonNode throughput = row.path("throughputOpsPerSec");
      assertEquals(0.0, throughput.path("changePercent").doubleValue(), 0.0, row.toString());
      assertTrue(throughput.path("lowPercent").isNull() || throughput.path("lowPercent").isMissingNode(), row.toString());
      assertEquals("NO_VERDICT", row.path("verdict").textValue(), row.toString());
      assertTrue(row.path("verdictText").textValue().startsWith("no verdict: fewer than 2 runs on a side (1 and 1)"),
          row.toString());
    }
  }

  /** Every task log's histograms merged per tag, read with HdrHistogram's own reader. */
  private static Map<String, Histogram> mergedTaskLogs() throws Exception {
    Map<String, Histogram> merged = new HashMap<>();
    File[] logs = new File(dir, "run-1").listFiles((d, name) -> TaskLogFormat.isLogName(name));
    assertEquals(2, logs.length);
    for (File log : logs) {
      try (FileInputStream in = new FileInputStream(log)) {
        HistogramLogReader reader = new HistogramLogReader(in);
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
          merged.computeIfAbsent(h.getTag(), t -> LatencyHistograms.newHistogram()).add((Histogram) h);
        }
      }
    }
    return merged;
  }

  private static void copy(Path from, Path to) throws Exception {
    try (java.util.stream.Stream<Path> files = Files.walk(from)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }
}
