package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.hperf.analyzers.render.YcsbResults;
import org.hperf.core.ExitCode;
import org.hperf.core.run.RunRecord;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hperf aggregate --format ycsb} read as YCSB-output parsers read it, every figure checked
 * against the samples the test wrote into the task logs: counts and throughput from the raw
 * samples, latencies from a histogram built here the way YCSB builds its own ({@code new
 * Histogram(3)}), never from hperf's code.
 */
class AggregateYcsbFormatTest {
  /** A YCSB result line: [SECTION], metric, value. */
  private static final Pattern LINE =
      Pattern.compile("\\[([A-Za-z-]+)\\], ([^,]+), (-?[0-9]+(?:\\.[0-9]+(?:E-?[0-9]+)?)?)");
  /** YCSB's Status names of the outcomes hperf counts, in the order they are printed. */
  private static final List<String> OUTCOMES = List.of("OK", "NOT_FOUND", "ERROR");
  private static final long RUN1_START = 1_000_000L;
  private static final long RUN2_START = 9_000_000L;

  /** What the test wrote, per YCSB section: every sample, and the outcomes the record counts. */
  private final Map<String, List<Long>> samples = new LinkedHashMap<>();
  private final Map<String, Map<String, Long>> returns = new HashMap<>();
  private long topLevelOperations;

  @Test
  void ycsbLinesCarryTheMergedFiguresOfAllRunsAndNothingElse(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    writeRuns(dir);
    ToolRun run = ToolRun.of(LocalJobs.conf(), new AggregateTool(), "-D", "hdrhistogram.percentiles=50,95,99,99.9",
        dir.getPath(), "--format", "ycsb");
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    Map<String, Map<String, Number>> parsed = parse(run.out());

    assertEquals(List.of("OVERALL", "READ", "UPDATE", "READ-MODIFY-WRITE", "Intended-READ"),
        List.copyOf(parsed.keySet()), "no ALL, no server or region: YCSB's sections only");
    Map<String, Number> overall = parsed.get("OVERALL");
    assertEquals(List.of("RunTime(ms)", "Throughput(ops/sec)"), List.copyOf(overall.keySet()));
    assertEquals(30_000L, overall.get("RunTime(ms)"), "run-1's 10 s window and run-2's 20 s");
    assertEquals(topLevelOperations / 30.0, overall.get("Throughput(ops/sec)").doubleValue(), 1e-9,
        "the top-level operations (a read-modify-write once) over the 30 s");

    for (Map.Entry<String, List<Long>> section : samples.entrySet()) {
      String name = section.getKey();
      Histogram ycsbs = new Histogram(3);
      section.getValue().forEach(ycsbs::recordValue);
      Map<String, Number> figures = parsed.get(name);
      List<String> metrics = new ArrayList<>(List.of("Operations", "AverageLatency(us)", "MinLatency(us)",
          "MaxLatency(us)", "50thPercentileLatency(us)", "95thPercentileLatency(us)", "99thPercentileLatency(us)",
          "99.9PercentileLatency(us)"));
      OUTCOMES.stream().filter(returns.getOrDefault(name, Map.of())::containsKey)
          .forEach(outcome -> metrics.add("Return=" + outcome));
      assertEquals(metrics, List.copyOf(figures.keySet()), name);
      assertEquals((long) section.getValue().size(), figures.get("Operations"), name);
      assertEquals(ycsbs.getMean(), figures.get("AverageLatency(us)").doubleValue(), 1e-9, name);
      assertEquals(ycsbs.getMinValue(), figures.get("MinLatency(us)"), name);
      assertEquals(ycsbs.getMaxValue(), figures.get("MaxLatency(us)"), name);
      long rawMax = section.getValue().stream().mapToLong(Long::longValue).max().orElseThrow();
      assertTrue(Math.abs(figures.get("MaxLatency(us)").longValue() - rawMax) <= rawMax / 1000, name + " max");
      assertEquals(ycsbs.getValueAtPercentile(50), figures.get("50thPercentileLatency(us)"), name);
      assertEquals(ycsbs.getValueAtPercentile(95), figures.get("95thPercentileLatency(us)"), name);
      assertEquals(ycsbs.getValueAtPercentile(99), figures.get("99thPercentileLatency(us)"), name);
      assertEquals(ycsbs.getValueAtPercentile(99.9), figures.get("99.9PercentileLatency(us)"), name);
      long counted = 0;
      for (Map.Entry<String, Long> outcome : returns.getOrDefault(name, Map.of()).entrySet()) {
        assertEquals(outcome.getValue(), figures.get("Return=" + outcome.getKey()), name + " " + outcome.getKey());
        counted += outcome.getValue();
      }
      if (returns.containsKey(name)) {
        assertEquals(section.getValue().size(), counted, name + ": every operation has one outcome");
      }
    }
    assertTrue(run.err().contains("summaries in "), "the table and its lines go to stderr: " + run.all());
    assertTrue(run.err().lines().anyMatch(l -> l.startsWith("READ ")), run.all());
  }

  @Test
  void withoutYcsbsPropertyThePercentilesAreYcsbsDefaultAndTheTextFormatIsUnchanged(@TempDir Path tmp)
      throws Exception {
    File dir = tmp.toFile();
    writeRuns(dir);
    ToolRun ycsb = ToolRun.of(LocalJobs.conf(), new AggregateTool(), dir.getPath(), "--format", "ycsb");
    assertEquals(ExitCode.OK, ycsb.exitCode(), ycsb.all());
    assertEquals(List.of("Operations", "AverageLatency(us)", "MinLatency(us)", "MaxLatency(us)",
        "95thPercentileLatency(us)", "99thPercentileLatency(us)"),
        List.copyOf(parse(ycsb.out()).get("Intended-READ").keySet()), "no status counts for intended latency");

    ToolRun table = ToolRun.of(LocalJobs.conf(), new AggregateTool(), dir.getPath(), "--overwrite");
    assertEquals(ExitCode.OK, table.exitCode(), table.all());
    assertTrue(table.out().lines().anyMatch(l -> l.matches("READ +run-1 .*")), table.all());
    assertTrue(table.out().contains("summaries in "), table.all());
    assertFalse(table.out().contains("[OVERALL]"), table.all());

    // The old name of the text format, as run and compare name it: still accepted, the new one said.
    ToolRun old = ToolRun.of(LocalJobs.conf(), new AggregateTool(), dir.getPath(), "--overwrite", "--format", "table");
    assertEquals(ExitCode.OK, old.exitCode(), old.all());
    assertEquals(table.out().lines().filter(l -> l.matches("READ +run-1 .*")).toList(),
        old.out().lines().filter(l -> l.matches("READ +run-1 .*")).toList(), old.all());
    assertTrue(old.err().contains("hperf aggregate: --format table is now --format text"), old.all());
  }

  @Test
  void aFormatOrPercentilesItCannotPrintAreUsageErrors(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    writeRuns(dir);
    ToolRun format = ToolRun.of(LocalJobs.conf(), new AggregateTool(), dir.getPath(), "--format", "json");
    assertEquals(ExitCode.USAGE, format.exitCode(), format.all());
    assertTrue(format.err().contains("--format json: give text or ycsb"), format.all());
    ToolRun percentiles = ToolRun.of(LocalJobs.conf(), new AggregateTool(), "-D", "hdrhistogram.percentiles=95,p99",
        dir.getPath(), "--format", "ycsb");
    assertEquals(ExitCode.USAGE, percentiles.exitCode(), percentiles.all());
    assertTrue(percentiles.err().contains("hdrhistogram.percentiles=95,p99"), percentiles.all());
    assertEquals("", percentiles.out());
  }

  @Test
  void percentileNamesAreYcsbs() {
    assertEquals(List.of("1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "50th", "95th", "99th", "100th",
        "99.9", "99.99", "99.5"), java.util.stream.DoubleStream.of(1, 2, 3, 4, 11, 12, 13, 21, 50, 95, 99, 100, 99.9,
        99.99, 99.5).mapToObj(YcsbResults::ordinal).toList());
  }

  /**
   * How YCSB-output parsers read stdout (PerfKitBenchmarker's ycsb ParseResults): every line
   * {@code [SECTION], metric, value}, split on ", ", a section's lines together, a value with a
   * '.' a double, else a long. Any other line on stdout fails the test.
   */
  private static Map<String, Map<String, Number>> parse(String stdout) {
    Map<String, Map<String, Number>> sections = new LinkedHashMap<>();
    String current = null;
    for (String line : stdout.split("\n")) {
      Matcher m = LINE.matcher(line);
      if (!m.matches() || line.split(", ").length != 3) {
        fail("not a YCSB result line on stdout: '" + line + "'\n" + stdout);
      }
      String section = m.group(1);
      if (!section.equals(current) && sections.containsKey(section)) {
        fail("[" + section + "]'s lines are not together: a parser grouping by section splits them\n" + stdout);
      }
      current = section;
      String value = m.group(3);
      Number number = value.contains(".") ? (Number) Double.parseDouble(value) : (Number) Long.parseLong(value);
      if (sections.computeIfAbsent(section, s -> new LinkedHashMap<>()).put(m.group(2), number) != null) {
        fail("[" + section + "], " + m.group(2) + " twice\n" + stdout);
      }
    }
    return sections;
  }

  /**
   * Two runs of two clients, run-1 over a 10 s window, run-2 over 20 s in two intervals: reads
   * (with their latency from the intended start), updates and read-modify-writes, each of these
   * with its inner read and update, latencies 1 us to ~160 ms so that HdrHistogram's buckets
   * matter; and the record's counts of outcomes.
   */
  private void writeRuns(File dir) throws Exception {
    SplittableRandom random = new SplittableRandom(37);
    RunRecord record = RunRecords.record("workloada", 2, 2, Map.of());
    for (int run = 1; run <= 2; run++) {
      long start = run == 1 ? RUN1_START : RUN2_START;
      long[] bounds = run == 1 ? new long[] {0, 10_000} : new long[] {0, 10_000, 20_000};
      Map<String, Long> counters = new HashMap<>();
      for (int client = 0; client < 2; client++) {
        List<TaskLogs.Interval> intervals = new ArrayList<>();
        for (int i = 0; i + 1 < bounds.length; i++) {
          long from = bounds[i];
          long to = bounds[i + 1];
          long[] reads = latencies(random, 300 + random.nextInt(100));
          long[] intended = reads.clone();
          for (int k = 0; k < intended.length; k++) {
            intended[k] += random.nextInt(5_000);
          }
          long[] updates = latencies(random, 100 + random.nextInt(100));
          long[] rmws = latencies(random, 20 + random.nextInt(30));
          long[] innerReads = latencies(random, rmws.length);
          long[] innerUpdates = latencies(random, rmws.length);
          intervals.add(new TaskLogs.Interval("READ", from, to, reads));
          intervals.add(new TaskLogs.Interval("READ.intended", from, to, intended));
          intervals.add(new TaskLogs.Interval("UPDATE", from, to, updates));
          intervals.add(new TaskLogs.Interval("READ_MODIFY_WRITE", from, to, rmws));
          intervals.add(TaskLogs.Interval.inner("READ", from, to, innerReads));
          intervals.add(TaskLogs.Interval.inner("UPDATE", from, to, innerUpdates));
          add("READ", reads, innerReads);
          add("UPDATE", updates, innerUpdates);
          add("READ-MODIFY-WRITE", rmws);
          add("Intended-READ", intended);
          topLevelOperations += reads.length + updates.length + rmws.length;
          count(counters, "READ", reads.length + innerReads.length, random);
          count(counters, "UPDATE", updates.length + innerUpdates.length, random);
          count(counters, "READ_MODIFY_WRITE", rmws.length, random);
        }
        TaskLogs.write(new File(dir, "run-" + run + "/client-0000" + client + ".hlog"), start,
            start + bounds[bounds.length - 1], intervals.toArray(TaskLogs.Interval[]::new));
      }
      record.putOutcome(run, new RunRecord.Outcome("job_" + run, counters, 0, 0, 0, List.of(), 0, null));
    }
    RunRecords.write(dir, record);
  }

  private static long[] latencies(SplittableRandom random, int n) {
    long[] values = new long[n];
    for (int i = 0; i < n; i++) {
      values[i] = 1 + (long) Math.exp(random.nextDouble() * 12);
    }
    return values;
  }

  private void add(String section, long[]... arrays) {
    List<Long> all = samples.computeIfAbsent(section, s -> new ArrayList<>());
    for (long[] values : arrays) {
      for (long v : values) {
        all.add(v);
      }
    }
  }

  /**
   * Splits {@code n} operations into outcomes as the jobs count them (counter READ_NOT_FOUND) and
   * keeps YCSB's view (section READ, Return=NOT_FOUND); READ_MODIFY_WRITE never fails here, so its
   * section has Return=OK alone (YCSB prints only the statuses it saw).
   */
  private void count(Map<String, Long> counters, String operation, int n, SplittableRandom random) {
    long error = operation.equals("READ_MODIFY_WRITE") ? 0 : random.nextInt(4);
    long notFound = operation.equals("READ") ? random.nextInt(10) : 0;
    long ok = n - error - notFound;
    Map<String, Long> byOutcome = returns.computeIfAbsent(operation.replace('_', '-'), s -> new LinkedHashMap<>());
    long[] counts = {ok, notFound, error};
    for (int i = 0; i < counts.length; i++) {
      counters.merge(operation + "_" + OUTCOMES.get(i), counts[i], Long::sum);
      if (counts[i] > 0) {
        byOutcome.merge(OUTCOMES.get(i), counts[i], Long::sum);
      }
    }
  }
}
