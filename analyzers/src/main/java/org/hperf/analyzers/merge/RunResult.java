package org.hperf.analyzers.merge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.io.Text;

/**
 * One run's figures as the aggregate job computed them: its tasks and common window (from the
 * latest task start to the earliest task end), per tag the throughput over that window, the
 * merged whole-window histogram, and the interval series. {@link RunMergeReducer} writes them as
 * lines {@code <run>\t<kind>\t...}; {@link #read} reads them back: one class for both sides.
 */
public final class RunResult {
  private static final String WINDOW = "window";
  private static final String THROUGHPUT = "throughput";
  private static final String POINT = "point";
  private static final String TOTAL = "total";

  public final String run;
  public final Map<String, Histogram> totals = new TreeMap<>();
  private final Map<String, Double> throughputs = new TreeMap<>();
  private final Map<String, List<IntervalPoint>> series = new TreeMap<>();
  private int tasks;
  private long windowStartMs;
  private long windowEndMs;

  RunResult(String run) {
    this.run = run;
  }

  /** One interval of a tag's time series, on the run's common clock. */
  public record IntervalPoint(long index, double opsPerSec, long p50Micros, long p99Micros) {
  }

  /** The window every task measured: from the latest task start to the earliest task end. */
  public long[] commonWindow() {
    return new long[] {windowStartMs, windowEndMs};
  }

  /** Tasks whose logs were merged into this run. */
  int tasks() {
    return tasks;
  }

  /** Operations of a tag per second over the common window; 0 for a tag the run did not perform. */
  public double throughput(String tag) {
    return throughputs.getOrDefault(tag, 0.0);
  }

  /** The tag's per-interval throughput and latency, in interval order. */
  public List<IntervalPoint> series(String tag) {
    return series.getOrDefault(tag, List.of());
  }

  static Text windowLine(int tasks, long startMs, long endMs, long lastEndMs) {
    return new Text(WINDOW + "\t" + tasks + "\t" + startMs + "\t" + endMs + "\t" + lastEndMs);
  }

  static Text throughputLine(String tag, double opsPerSec) {
    return new Text(THROUGHPUT + "\t" + tag + "\t" + Double.toString(opsPerSec));
  }

  static Text pointLine(String tag, IntervalPoint p) {
    return new Text(POINT + "\t" + tag + "\t" + p.index() + "\t" + p.opsPerSec() + "\t" + p.p50Micros() + "\t"
        + p.p99Micros());
  }

  static Text totalLine(String tag, Histogram h) {
    return new Text(TOTAL + "\t" + tag + "\t" + HistogramCodec.encode(h));
  }

  /** Adds one line of the job's output ({@code <run>\t<line>}) to the run it names. */
  public static void read(String line, Map<String, RunResult> results) {
    String[] f = line.split("\t");
    RunResult r = results.computeIfAbsent(f[0], RunResult::new);
    switch (f[1]) {
      case WINDOW -> {
        r.tasks = Integer.parseInt(f[2]);
        r.windowStartMs = Long.parseLong(f[3]);
        r.windowEndMs = Long.parseLong(f[4]);
      }
      case THROUGHPUT -> r.throughputs.put(f[2], Double.parseDouble(f[3]));
      case POINT -> r.series.computeIfAbsent(f[2], t -> new ArrayList<>()).add(new IntervalPoint(
          Long.parseLong(f[3]), Double.parseDouble(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6])));
      case TOTAL -> r.totals.put(f[2], HistogramCodec.decode(f[3]));
      default -> throw new IllegalArgumentException("not an aggregate result line: " + line);
    }
  }
}
