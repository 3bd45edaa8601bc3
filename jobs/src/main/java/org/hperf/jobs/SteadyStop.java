package org.hperf.jobs;

import org.apache.hadoop.conf.Configuration;

/**
 * A client that ends its run when its own throughput has stopped rising: the server warm-up of
 * {@code hperf run --server-warmup}, whose job is not measured and ends once the cluster serves the
 * workload at a steady rate. Each client judges its own operations per interval: the last
 * {@link #INTERVALS} intervals within {@link #TOLERANCE} of each other (largest at most that much
 * above the smallest, which is above 0). Each client decides alone, with no coordination: every
 * client's rate rises while the region servers' JIT and block cache warm, and flattens when they
 * are warm, so its own rate tells it; the job ends when the last client is steady or at the run's
 * time bound, whichever is first. One writer ({@link #enable}), one reader ({@link #ofJob}).
 */
final class SteadyStop {
  static final String KEY = "hperf.run.stop-when-steady";
  static final int INTERVALS = 3;
  static final double TOLERANCE = 0.10;

  private final long[] last = new long[INTERVALS];
  private int seen;

  static void enable(Configuration conf) {
    conf.setBoolean(KEY, true);
  }

  /** A detector for a task of a job that stops when steady; null for every other job. */
  static SteadyStop ofJob(Configuration conf) {
    return conf.getBoolean(KEY, false) ? new SteadyStop() : null;
  }

  /** Adds one interval's operations; true once the last {@link #INTERVALS} are steady. */
  boolean steadyAfter(long operations) {
    last[seen % INTERVALS] = operations;
    seen++;
    if (seen < INTERVALS) {
      return false;
    }
    long min = Long.MAX_VALUE;
    long max = 0;
    for (long count : last) {
      min = Math.min(min, count);
      max = Math.max(max, count);
    }
    return min > 0 && max <= min * (1 + TOLERANCE);
  }
}
