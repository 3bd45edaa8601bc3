package org.hperf.analyzers.merge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.hperf.analyzers.stats.PlacementSummary;
import org.hperf.analyzers.stats.SteadyState;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.run.RunRecord;
import org.hperf.core.run.RunSummary;
import org.hperf.core.run.TaskLogFormat;

/**
 * Builds a workload's {@link RunSummary} from what the aggregate job produced. Per run and tag:
 * throughput over the run's common window and the percentiles of the merged histogram. Over the
 * runs: the headline throughput is the mean of the runs' throughputs (the seed's method), with
 * min, max and standard deviation; latency merges every run's histogram. "ALL" is a tag like READ,
 * recorded by the workload tasks themselves: summing the tags here would count a
 * read-modify-write's inner read twice. Server and region tags are not operations: they go into
 * each run's placement ({@link PlacementSummary}). Findings about the runs as a whole (a run still
 * warming up, a run far from the others) come from {@link SteadyState}.
 */
public final class Summary {
  private final RunSummary summary;

  public Summary(RunRecord runRecord, Map<String, RunResult> runs, long intervalMs) {
    Properties record = runRecord.asProperties();
    Set<String> tags = new TreeSet<>(RunSummary.TAG_ORDER);
    runs.values().forEach(r -> r.totals.keySet().stream().filter(t -> !TaskLogFormat.isPlacementTag(t))
        .forEach(tags::add));
    Map<String, RunSummary.Overall> overall = new LinkedHashMap<>();
    for (String tag : tags) {
      overall.put(tag, overall(runs.values(), tag));
    }
    Map<String, RunSummary.Run> perRun = new LinkedHashMap<>();
    for (RunResult run : runs.values()) {
      perRun.put(run.run, run(runRecord, run, tags));
    }
    Map<String, String> configuration = new TreeMap<>();
    record.stringPropertyNames().forEach(k -> configuration.put(k, record.getProperty(k)));
    summary = new RunSummary(record.getProperty("workload.name", "unknown"), runs.size(), intervalMs / 1000,
        overall, perRun, configuration, SteadyState.findings(perRun, intervalMs / 1000));
  }

  public RunSummary summary() {
    return summary;
  }

  public String csv() {
    return summary.csv();
  }

  private static RunSummary.Overall overall(Collection<RunResult> runs, String tag) {
    double[] throughputs = runs.stream().mapToDouble(r -> r.throughput(tag)).toArray();
    Histogram merged = LatencyHistograms.newHistogram();
    runs.forEach(r -> merged.add(histogram(r, tag)));
    return new RunSummary.Overall(mean(throughputs), Arrays.stream(throughputs).min().orElse(0),
        Arrays.stream(throughputs).max().orElse(0), stdDev(throughputs), RunSummary.Latency.of(merged));
  }

  private static RunSummary.Run run(RunRecord record, RunResult run, Set<String> tags) {
    Map<String, RunSummary.RunOperation> operations = new LinkedHashMap<>();
    for (String tag : tags) {
      List<RunSummary.Interval> intervals = new ArrayList<>();
      for (RunResult.IntervalPoint p : run.series(tag)) {
        intervals.add(new RunSummary.Interval(p.index(), p.opsPerSec(), p.p50Micros(), p.p99Micros()));
      }
      operations.put(tag, new RunSummary.RunOperation(run.throughput(tag),
          RunSummary.Latency.of(histogram(run, tag)), intervals));
    }
    long[] window = run.commonWindow();
    return new RunSummary.Run(run.tasks(), record.disturbances(run.run), window[0], window[1],
        operations, PlacementSummary.of(run, record.cluster().regionServers(), record.cluster().regions()));
  }

  /** The run's merged histogram of a tag; empty if the run did not record the tag. */
  private static Histogram histogram(RunResult run, String tag) {
    Histogram h = run.totals.get(tag);
    return h != null ? h : LatencyHistograms.newHistogram();
  }

  /** The table {@code hperf aggregate} prints: every run of a tag, then the runs' mean when there are several. */
  public String table() {
    StringBuilder out = new StringBuilder();
    summary.perRun().forEach((run, figures) -> {
      if (!figures.disturbedBy().isEmpty()) {
        out.append(run).append(" is DISTURBED: ").append(String.join(", ", figures.disturbedBy()))
            .append("; its figures are not those of a clean run\n");
      }
    });
    out.append(String.format(Locale.ROOT, "%-20s %-10s %12s %12s %9s %9s %9s %9s %9s%n", "operation",
        "scope", "ops/s", "operations", "mean us", "p50 us", "p99 us", "p99.9 us", "max us"));
    for (Map.Entry<String, RunSummary.Overall> tag : summary.overall().entrySet()) {
      summary.perRun().forEach((run, figures) -> {
        RunSummary.RunOperation op = figures.operations().get(tag.getKey());
        out.append(row(tag.getKey(), run, op.throughputOpsPerSec(), op.latency()));
      });
      if (summary.runs() > 1) {
        out.append(row(tag.getKey(), "mean", tag.getValue().throughputOpsPerSec(), tag.getValue().latency()));
      }
    }
    return out.toString();
  }

  private static String row(String tag, String scope, double throughput, RunSummary.Latency l) {
    return String.format(Locale.ROOT, "%-20s %-10s %,12.1f %,12d %9.1f %,9d %,9d %,9d %,9d%n", tag, scope, throughput,
        l.operations(), l.meanMicros(), l.p50Micros(), l.p99Micros(), l.p999Micros(), l.maxMicros());
  }

  static double mean(double[] values) {
    return values.length == 0 ? 0 : Arrays.stream(values).sum() / values.length;
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
