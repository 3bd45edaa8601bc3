package org.hperf.core.run;

import org.apache.hadoop.fs.Path;

/**
 * The layout of a run directory ({@code hperf run --output}), owned here so that the writers
 * (run, aggregate, ab) and the readers (aggregate, report, compare, ab) spell no path by hand:
 *
 * <pre>
 * &lt;dir&gt;/run.properties            the run's record ({@link RunRecord})
 * &lt;dir&gt;/run-&lt;k&gt;/                   run k's task logs and its cluster-metrics.csv
 * &lt;dir&gt;/.run-&lt;k&gt;-cluster-metrics.csv  the samples while run k's job runs (moved in after)
 * &lt;dir&gt;/server-warmup/             the unmeasured server warm-up before run 1
 * &lt;dir&gt;/server-warmup-run-&lt;k&gt;/       the one before run k of --run-index k
 * &lt;dir&gt;/.barrier/&lt;job&gt;/             a job's start barrier and markers, while it runs
 * &lt;dir&gt;/.barrier/&lt;job&gt;-latency/     the clients' latest latencies for its progress line, while it runs
 * &lt;dir&gt;/aggregate/summary.json      what aggregate wrote (its merged logs beside it)
 * </pre>
 */
public record RunDirectory(Path root) {
  public static final String AGGREGATE = "aggregate";
  public static final String SUMMARY = "summary.json";
  private static final String RUN_PREFIX = "run-";
  private static final String SERVER_WARMUP = "server-warmup";
  private static final String BARRIERS = ".barrier";

  /** Run k's directory: {@code run-k}. */
  public Path run(int k) {
    return new Path(root, runName(k));
  }

  public static String runName(int k) {
    return RUN_PREFIX + k;
  }

  /** Whether a directory's name is a run's ({@code run-<k>}), not the warm-up's or aggregate's. */
  public static boolean isRunName(String name) {
    return runIndex(name) > 0;
  }

  /** A run directory's index: "run-2" is 2; -1 if the name is not a run's. */
  public static int runIndex(String name) {
    if (!name.startsWith(RUN_PREFIX)) {
      return -1;
    }
    try {
      return Integer.parseInt(name.substring(RUN_PREFIX.length()));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The server warm-up's job output before run k: {@code server-warmup} before run 1, else {@code server-warmup-run-k}. */
  public Path serverWarmup(int beforeRun) {
    return new Path(root, beforeRun == 1 ? SERVER_WARMUP : SERVER_WARMUP + "-" + runName(beforeRun));
  }

  /** Where a running job's clients meet ({@code .barrier/<job>}), named after the job's output directory. */
  public Path barrier(Path jobOutput) {
    return new Path(new Path(root, BARRIERS), jobOutput.getName());
  }

  /**
   * Where a running job's clients leave their latest latencies for the progress line ({@link
   * LatestLatency}): beside its barrier, not in it, as the barrier counts the files in its own.
   */
  public Path latestLatency(Path jobOutput) {
    return new Path(new Path(root, BARRIERS), jobOutput.getName() + "-latency");
  }

  /** The driver's marker that the region servers stopped JIT-compiling, for the warm-up job of that output. */
  public Path serversQuietMarker(Path jobOutput) {
    return new Path(new Path(root, BARRIERS), jobOutput.getName() + "-servers-quiet");
  }

  /**
   * Where the driver writes a job's cluster samples while the job runs: beside the job's output
   * ({@code .<job>-cluster-metrics.csv}), which must not exist before the job; {@link
   * #samples} once it has ended.
   */
  public Path pendingSamples(Path jobOutput) {
    return new Path(root, "." + jobOutput.getName() + "-" + ClusterMetricsLog.FILE);
  }

  /** A job's cluster samples in its output: {@code <job>/cluster-metrics.csv}. */
  public static Path samples(Path jobOutput) {
    return new Path(jobOutput, ClusterMetricsLog.FILE);
  }

  /** The run's record: {@code run.properties}. */
  public Path record() {
    return new Path(root, RunRecord.FILE);
  }

  /** aggregate's default output: {@code aggregate/}. */
  public Path aggregate() {
    return new Path(root, AGGREGATE);
  }

  /** The summary report and compare read: {@code aggregate/summary.json}. */
  public Path summary() {
    return new Path(aggregate(), SUMMARY);
  }
}
