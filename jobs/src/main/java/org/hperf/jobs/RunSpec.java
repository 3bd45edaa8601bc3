package org.hperf.jobs;

import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.hperf.core.ClientMode;
import org.hperf.core.run.RunRecord;

/**
 * How one run of a workload executes: what its record keeps of it ({@link RunRecord.Execution}:
 * clients (map tasks), each with its client mode and the operations it keeps in flight, its time
 * bounds, warm-up, target rate, runs and seed), and what only the job needs: the error ratio that
 * fails it, which of the runs this job is, how long clients wait at the start barrier and the
 * table's record count. So what run is told and what its record says it did are one value, and
 * nothing copies one into the other. One writer ({@link #writeTo}), one reader ({@link #readFrom}).
 *
 * <p>{@code inflight} is what the run's splits are made by (operation budgets, pace, key slices,
 * insert slots): one share per client thread (sync, where it equals {@code threads}) or per lane
 * (async), so a sync run of 8 threads and an async run of 8 in flight divide the work alike.
 * {@code perServer}: record where each operation was served (per region server and region).
 */
public record RunSpec(
    RunRecord.Execution execution,
    double maxErrorRatio,
    int runIndex,
    long barrierTimeoutSeconds,
    long tableRecordCount) {

  /** Every setting by itself, in the order the options give them. */
  public RunSpec(int clients, int threads, ClientMode client, int inflight, long durationSeconds, long warmupSeconds,
      double targetOpsPerSecond, double maxErrorRatio, int intervalSeconds, int runIndex, int runs, long seed,
      long barrierTimeoutSeconds, long tableRecordCount, boolean perServer) {
    this(new RunRecord.Execution(clients, threads, client, inflight, durationSeconds, warmupSeconds,
        targetOpsPerSecond, runs, seed, intervalSeconds, perServer), maxErrorRatio, runIndex, barrierTimeoutSeconds,
        tableRecordCount);
  }

  private static final String PREFIX = "hperf.run.";
  /** How long clients wait for each other at the start barrier: a user setting (-D). */
  public static final String BARRIER_TIMEOUT_SECONDS = "hperf.barrier.timeout.seconds";
  public static final long DEFAULT_BARRIER_TIMEOUT_SECONDS = 600;

  /*
   * YCSB's client settings, as a workload's properties (a -P file, -p) may carry them: read as this
   * run's when the command line does not give them (WorkloadTool.runSpec).
   */
  /** Client threads per map task, as --threads (YCSB: threads of its one client process). */
  public static final String THREADCOUNT = "threadcount";
  /** The whole job's ops/s, as --target; 0 is unthrottled, YCSB's default. */
  public static final String TARGET = "target";
  /** Seconds between progress lines, as -D hperf.progress.seconds (YCSB: between its status lines). */
  public static final String STATUS_INTERVAL = "status.interval";
  public static final Set<String> YCSB_CLIENT_KEYS = Set.of(THREADCOUNT, TARGET, STATUS_INTERVAL);

  public RunSpec {
    if (execution.client() == ClientMode.SYNC && execution.inflight() != execution.threads()) {
      throw new IllegalArgumentException("a sync client keeps one operation in flight per thread: inflight "
          + execution.inflight() + " != threads " + execution.threads());
    }
    if (execution.inflight() < 1) {
      throw new IllegalArgumentException("inflight " + execution.inflight() + " < 1");
    }
  }

  public int clients() {
    return execution.clients();
  }

  public int threads() {
    return execution.threads();
  }

  public ClientMode client() {
    return execution.client();
  }

  public int inflight() {
    return execution.inflight();
  }

  public long durationSeconds() {
    return execution.durationSeconds();
  }

  public long warmupSeconds() {
    return execution.warmupSeconds();
  }

  public double targetOpsPerSecond() {
    return execution.targetOps();
  }

  public int intervalSeconds() {
    return execution.intervalSeconds();
  }

  public int runs() {
    return execution.runs();
  }

  public long seed() {
    return execution.seed();
  }

  public boolean perServer() {
    return execution.perServer();
  }

  public void writeTo(Configuration conf) {
    conf.setInt(PREFIX + "clients", clients());
    conf.setInt(PREFIX + "threads", threads());
    conf.setEnum(PREFIX + "client", client());
    conf.setInt(PREFIX + "inflight", inflight());
    conf.setLong(PREFIX + "duration.seconds", durationSeconds());
    conf.setLong(PREFIX + "warmup.seconds", warmupSeconds());
    conf.setDouble(PREFIX + "target.ops", targetOpsPerSecond());
    conf.setDouble(PREFIX + "max.error.ratio", maxErrorRatio);
    conf.setInt(PREFIX + "interval.seconds", intervalSeconds());
    conf.setInt(PREFIX + "index", runIndex);
    conf.setInt(PREFIX + "runs", runs());
    conf.setLong(PREFIX + "seed", seed());
    conf.setLong(PREFIX + "barrier.timeout.seconds", barrierTimeoutSeconds);
    conf.setLong(PREFIX + "table.recordcount", tableRecordCount);
    conf.setBoolean(PREFIX + "per-server", perServer());
  }

  public static RunSpec readFrom(Configuration conf) {
    int threads = conf.getInt(PREFIX + "threads", 1);
    return new RunSpec(conf.getInt(PREFIX + "clients", 1), threads, conf.getEnum(PREFIX + "client", ClientMode.SYNC),
        conf.getInt(PREFIX + "inflight", threads),
        conf.getLong(PREFIX + "duration.seconds", 0), conf.getLong(PREFIX + "warmup.seconds", 0),
        conf.getDouble(PREFIX + "target.ops", 0), conf.getDouble(PREFIX + "max.error.ratio", 0.001),
        conf.getInt(PREFIX + "interval.seconds", 10), conf.getInt(PREFIX + "index", 1),
        conf.getInt(PREFIX + "runs", 1), conf.getLong(PREFIX + "seed", 1),
        conf.getLong(PREFIX + "barrier.timeout.seconds", 600), conf.getLong(PREFIX + "table.recordcount", 0),
        conf.getBoolean(PREFIX + "per-server", false));
  }

  /**
   * The histogram log interval when none is given: short runs get 1 s intervals so their charts
   * have points (a 5 s run at 10 s intervals draws nothing); long ones coarser, to keep logs small.
   * An operation-count run (duration 0) has no known length: 1 s.
   */
  public static int defaultIntervalSeconds(long durationSeconds) {
    if (durationSeconds <= 300) {
      return 1;
    }
    return durationSeconds <= 3600 ? 10 : 60;
  }

  /**
   * The pace in nanoseconds between the intended starts of one client thread (sync) or lane
   * (async), or 0 when unthrottled.
   */
  public long paceNanosPerInflight() {
    return targetOpsPerSecond() <= 0 ? 0 : (long) (1e9 * clients() * inflight() / targetOpsPerSecond());
  }

  public RunSpec withRunIndex(int index) {
    return new RunSpec(execution, maxErrorRatio, index, barrierTimeoutSeconds, tableRecordCount);
  }

  /**
   * The unmeasured server warm-up before run 1 ({@code hperf run --server-warmup}): these clients,
   * bounded by {@code maxSeconds}, no --warmup of its own, nothing recorded per server. Its run
   * index is one past the measured runs, so its seeds are none of theirs (an insert workload's
   * warm-up may insert rows a measured run inserts again later, then as a plain put).
   */
  public RunSpec asServerWarmup(long maxSeconds) {
    return new RunSpec(clients(), threads(), client(), inflight(), maxSeconds, 0, targetOpsPerSecond(), maxErrorRatio,
        intervalSeconds(), runs() + 1, runs(), seed(), barrierTimeoutSeconds, tableRecordCount, false);
  }

  public RunSpec withTableRecordCount(long records) {
    return new RunSpec(execution, maxErrorRatio, runIndex, barrierTimeoutSeconds, records);
  }
}
