package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.hperf.core.LatencyHistograms;

/**
 * The figures of a workload's runs. Per run and operation: throughput over the run's common window
 * and the percentiles of the merged histogram; "ALL" merges the top-level operations. Over the
 * runs: the headline throughput is the mean of the runs' throughputs (the seed's method), with
 * min, max and standard deviation; latency merges every run's histogram.
 */
final class Summary {
  static final String ALL = org.hperf.core.run.TaskLogFormat.ALL_TAG;

  private final Properties record;
  private final Map<String, RunResult> runs;
  private final long intervalMs;
  private final Set<String> tags = new TreeSet<>();

  Summary(Properties record, Map<String, RunResult> runs, long intervalMs) {
    this.record = record;
    this.runs = runs;
    this.intervalMs = intervalMs;
    runs.values().forEach(r -> tags.addAll(r.totals.keySet()));
  }

  /** Throughput of a tag in one run; ALL is a tag of its own, written by the clients. */
  double throughput(RunResult run, String tag) {
    return run.throughput(tag);
  }

  /** The merged histogram of a tag in one run. */
  Histogram histogram(RunResult run, String tag) {
    Histogram merged = LatencyHistograms.newHistogram();
    if (run.totals.containsKey(tag)) {
      merged.add(run.totals.get(tag));
    }
    return merged;
  }

  /** Each run's throughput of a tag (or ALL), in run order. */
  double[] runThroughputs(String tag) {
    return runs.values().stream().mapToDouble(r -> throughput(r, tag)).toArray();
  }

  /** A tag's (or ALL's) latency over every run: the runs' histograms merged. */
  Histogram mergedOverRuns(String tag) {
    Histogram merged = LatencyHistograms.newHistogram();
    runs.values().forEach(r -> merged.add(histogram(r, tag)));
    return merged;
  }

  /** Every tag the runs have, ALL last. */
  List<String> tagsWithAll() {
    List<String> all = new ArrayList<>(tags);
    if (all.remove(ALL)) {
      all.add(ALL);
    }
    return all;
  }

  Map<String, Object> asMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("workload", record.getProperty("workload.name", "unknown"));
    out.put("runs", runs.size());
    Map<String, Object> overall = new LinkedHashMap<>();
    for (String tag : tagsWithAll()) {
      Map<String, Object> m = new LinkedHashMap<>();
      double[] throughputs = runThroughputs(tag);
      m.put("throughputOpsPerSec", mean(throughputs));
      m.put("throughputMin", min(throughputs));
      m.put("throughputMax", max(throughputs));
      m.put("throughputStdDev", stdDev(throughputs));
      m.put("latency", LatencySummary.of(mergedOverRuns(tag)).asMap());
      overall.put(tag, m);
    }
    out.put("overall", overall);
    Map<String, Object> perRun = new LinkedHashMap<>();
    for (RunResult run : runs.values()) {
      Map<String, Object> r = new LinkedHashMap<>();
      long[] window = run.commonWindow();
      r.put("tasks", run.tasks());
      r.put("disturbedBy", Disturbance.of(record, run.run));
      r.put("windowStartMs", window[0]);
      r.put("windowEndMs", window[1]);
      for (String tag : tagsWithAll()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("throughputOpsPerSec", throughput(run, tag));
        m.put("latency", LatencySummary.of(histogram(run, tag)).asMap());
        if (!tag.equals(ALL)) {
          m.put("intervals", timeSeries(run, tag));
        }
        r.put(tag, m);
      }
      perRun.put(run.run, r);
    }
    out.put("perRun", perRun);
    Map<String, Object> configuration = new LinkedHashMap<>();
    record.stringPropertyNames().stream().sorted().forEach(k -> configuration.put(k, record.getProperty(k)));
    out.put("configuration", configuration);
    return out;
  }

  private List<Object> timeSeries(RunResult run, String tag) {
    List<Object> series = new ArrayList<>();
    for (RunResult.IntervalPoint p : run.series(tag)) {
      Map<String, Object> point = new LinkedHashMap<>();
      point.put("index", p.index());
      point.put("opsPerSec", p.opsPerSec());
      point.put("p50Micros", p.p50Micros());
      point.put("p99Micros", p.p99Micros());
      series.add(point);
    }
    return series;
  }

  String csv() {
    StringBuilder out = new StringBuilder("scope,operation,throughput_ops_per_s," + LatencySummary.csvHeader() + "\n");
    for (RunResult run : runs.values()) {
      for (String tag : tagsWithAll()) {
        out.append(run.run).append(',').append(tag).append(',')
            .append(String.format(Locale.ROOT, "%.1f", throughput(run, tag))).append(',')
            .append(LatencySummary.of(histogram(run, tag)).csv()).append('\n');
      }
    }
    for (String tag : tagsWithAll()) {
      out.append("all-runs,").append(tag).append(',')
          .append(String.format(Locale.ROOT, "%.1f", mean(runThroughputs(tag)))).append(',')
          .append(LatencySummary.of(mergedOverRuns(tag)).csv()).append('\n');
    }
    return out.toString();
  }

  String table() {
    StringBuilder out = new StringBuilder();
    for (RunResult run : runs.values()) {
      List<String> reasons = Disturbance.of(record, run.run);
      if (!reasons.isEmpty()) {
        out.append(run.run).append(" is DISTURBED: ").append(String.join(", ", reasons))
            .append("; its figures are not those of a clean run\n");
      }
    }
    out.append(String.format("%-20s %-10s %12s %12s %9s %9s %9s %9s %9s%n", "operation",
        "scope", "ops/s", "operations", "mean us", "p50 us", "p99 us", "p99.9 us", "max us"));
    for (String tag : tagsWithAll()) {
      for (RunResult run : runs.values()) {
        out.append(row(tag, run.run, throughput(run, tag), LatencySummary.of(histogram(run, tag))));
      }
      if (runs.size() > 1) {
        out.append(row(tag, "mean", mean(runThroughputs(tag)), LatencySummary.of(mergedOverRuns(tag))));
      }
    }
    return out.toString();
  }

  private static String row(String tag, String scope, double throughput, LatencySummary l) {
    return String.format("%-20s %-10s %,12.1f %,12d %9.1f %,9d %,9d %,9d %,9d%n", tag, scope, throughput,
        l.operations(), l.meanMicros(), l.p50(), l.p99(), l.p999(), l.maxMicros());
  }

  static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return values.length == 0 ? 0 : sum / values.length;
  }

  static double min(double[] values) {
    return java.util.Arrays.stream(values).min().orElse(0);
  }

  static double max(double[] values) {
    return java.util.Arrays.stream(values).max().orElse(0);
  }

  /** Sample standard deviation (n - 1); 0 for a single run. */
  static double stdDev(double[] values) {
    if (values.length < 2) {
      return 0;
    }
    double mean = mean(values);
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return Math.sqrt(squares / (values.length - 1));
  }
}
