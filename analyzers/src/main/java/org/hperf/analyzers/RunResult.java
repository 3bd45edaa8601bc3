package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Everything the aggregate job produced for one run: per tag the merged whole-window histogram and
 * the merged histogram of every interval, and per task its window and per-interval counts.
 */
final class RunResult {
  final String run;
  final Map<String, Histogram> totals = new TreeMap<>();
  final Map<String, Map<Long, Histogram>> intervals = new TreeMap<>();
  final Map<String, long[]> windows = new TreeMap<>();
  final Map<String, List<long[]>> counts = new TreeMap<>();

  RunResult(String run) {
    this.run = run;
  }

  /** The window every task measured: from the latest task start to the earliest task end. */
  long[] commonWindow() {
    long start = Long.MIN_VALUE;
    long end = Long.MAX_VALUE;
    for (long[] window : windows.values()) {
      start = Math.max(start, window[0]);
      end = Math.min(end, window[1]);
    }
    return new long[] {start, end};
  }

  /** When the last task stopped measuring. */
  long lastTaskEnd() {
    return windows.values().stream().mapToLong(w -> w[1]).max().orElse(0);
  }

  /** The length of interval {@code index}: the interval length, or less for the last one. */
  long intervalLengthMs(long index, long intervalMs) {
    long start = commonWindow()[0] + index * intervalMs;
    return Math.max(1, Math.min(intervalMs, lastTaskEnd() - start));
  }

  /**
   * Operations of a tag per second over the common window. Each task interval counts with the part
   * of it that lies inside the window (operations are taken as spread evenly over an interval).
   */
  double throughput(String tag) {
    long[] window = commonWindow();
    if (window[1] <= window[0]) {
      return 0;
    }
    double operations = 0;
    for (long[] interval : counts.getOrDefault(tag, List.of())) {
      long start = interval[0];
      long end = interval[1];
      long count = interval[2];
      if (end <= start) {
        operations += start >= window[0] && start <= window[1] ? count : 0;
        continue;
      }
      long overlap = Math.min(end, window[1]) - Math.max(start, window[0]);
      if (overlap > 0) {
        operations += count * (double) overlap / (end - start);
      }
    }
    return operations / ((window[1] - window[0]) / 1000.0);
  }

  /** One interval of a tag's time series, on the run's common clock. */
  record IntervalPoint(long index, double opsPerSec, long p50Micros, long p99Micros) {
  }

  /** The tag's per-interval throughput and latency, in interval order. */
  List<IntervalPoint> series(String tag, long intervalMs) {
    List<IntervalPoint> series = new ArrayList<>();
    for (Map.Entry<Long, Histogram> e : intervals.getOrDefault(tag, Map.of()).entrySet()) {
      Histogram h = e.getValue();
      series.add(new IntervalPoint(e.getKey(), h.getTotalCount() / (intervalLengthMs(e.getKey(), intervalMs) / 1000.0),
          h.getValueAtPercentile(50), h.getValueAtPercentile(99)));
    }
    return series;
  }

  /** Tasks whose logs were merged into this run. */
  int tasks() {
    return windows.size();
  }

  void addCount(String tag, long startMs, long endMs, long count) {
    counts.computeIfAbsent(tag, t -> new ArrayList<>()).add(new long[] {startMs, endMs, count});
  }
}
