package org.hperf.jobs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.HistogramLogWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.hperf.core.run.TaskLogFormat;

/**
 * The server warm-up ({@code hperf run --server-warmup}) as the first phase of the measured run's
 * own job: each client runs the workload unmeasured (seeds of a run of its own, {@link
 * RunSpec#asServerWarmup}) until its throughput per interval is flat and the driver has found the
 * region servers' JIT quiet ({@link SteadyStop}, {@link ServerJitQuiet}), or until the bound; it then
 * says so at a second barrier and goes on until every client has, so that no server cools while
 * another client still warms. The measured phase starts at that barrier's common time, in the same
 * task JVMs, with their connections and their own JIT warm: a warm-up in a job of its own left the
 * measured job's new client JVMs compiling in the first seconds of its window, and cost a job's
 * start (20-30 s on YARN) in every run that warmed.
 *
 * <p>Each client logs its warm-up's intervals into the warm-up's own directory, outside the run's
 * committed output, so that the rise can be read and aggregate never reads it.
 */
final class ServerWarmupPhase {
  static final String MAX_SECONDS = "hperf.run.server-warmup.max-seconds";
  static final String LOG_DIR = "hperf.run.server-warmup.log-dir";
  static final String END_BARRIER_DIR = "hperf.run.server-warmup.end-barrier-dir";
  private static final long POLL_MS = 50;
  /**
   * How long before the measured phase's start the warm-up's threads or lanes are told to stop:
   * enough for their operations in flight to end, so that the measured phase starts on time.
   */
  private static final long STOP_AHEAD_MS = 250;
  /** How long the stop waits for a thread's or lane's operation in flight (a stalled server's). */
  private static final long STOP_WAIT_MS = 60_000;

  private final Configuration conf;
  private final RunSpec run;
  private final int client;
  private final TaskInputOutputContext<?, ?, ?, ?> context;
  /** Where the run is one of a duet's two: the wait for the other run's clients; else null. */
  private DuetWait duet;

  ServerWarmupPhase(Configuration conf, RunSpec run, int client, TaskInputOutputContext<?, ?, ?, ?> context) {
    this.conf = conf;
    this.run = run;
    this.client = client;
    this.context = context;
  }

  /**
   * Makes the job's clients warm the servers for at most {@code maxSeconds} before they measure:
   * logs in {@code logDir}, the phase's end agreed in {@code endBarrier}, the servers' quiet
   * announced by the driver's {@code serversQuietMarker}.
   */
  static void enable(Configuration conf, long maxSeconds, Path logDir, Path endBarrier, Path serversQuietMarker) {
    conf.setLong(MAX_SECONDS, maxSeconds);
    conf.set(LOG_DIR, logDir.toString());
    conf.set(END_BARRIER_DIR, endBarrier.toString());
    SteadyStop.enable(conf, serversQuietMarker);
  }

  static boolean inJob(Configuration conf) {
    return conf.getLong(MAX_SECONDS, 0) > 0;
  }

  /** The warm-up's spec: the measured run's clients and pace, bounded by the warm-up's maximum. */
  static RunSpec spec(Configuration conf, RunSpec measured) {
    return measured.asServerWarmup(conf.getLong(MAX_SECONDS, 0));
  }

  /**
   * Logs the running warm-up's intervals from {@code startMs} (the clients' common start) until
   * every client has ended its warm-up, then stops the warm-up's threads or lanes ({@code stopped},
   * then {@code workers.stop}) just before the measured phase's common start, which it returns
   * (epoch ms); the caller sleeps until then.
   */
  long logUntilAllWarm(WorkloadSpec workload, OperationRecorders recorders, WorkloadClient workers,
      AtomicBoolean stopped, long startMs, long startNanos) throws IOException, InterruptedException {
    Path log = new Path(conf.get(LOG_DIR), TaskLogFormat.fileName(client));
    FileSystem fs = log.getFileSystem(conf);
    Path endDir = new Path(conf.get(END_BARRIER_DIR));
    StartBarrier end = StartBarrier.of(conf, endDir.getFileSystem(conf), endDir, run.clients());
    SteadyStop steady = SteadyStop.ofJob(conf);
    RunSpec warmup = spec(conf, run);
    duet = DuetBarrier.inJob(conf) ? new DuetWait(DuetBarrier.of(conf)) : null;
    long intervalNanos = run.intervalSeconds() * 1_000_000_000L;
    // On the common clock, so that a retried attempt (whose barrier is long past) ends with the others.
    long boundMs = startMs + warmup.durationSeconds() * 1000;
    // A client that ended early waits for the others' bound, then as long as a start barrier would.
    long deadlineMs = boundMs + run.barrierTimeoutSeconds() * 1000;
    // A retried attempt writes its log again.
    try (PrintStream out = new PrintStream(fs.create(log, true), false, StandardCharsets.UTF_8.name())) {
      HistogramLogWriter writer = WorkloadMapper.startLog(out, workload, run, warmup.runIndex(), client, startMs);
      long next = startNanos + intervalNanos;
      boolean ended = false;
      long nextListingMs = 0;
      while (true) {
        if (workers.failure() != null) {
          throw new IOException("server warm-up: client thread or lane died: " + workers.failure(), workers.failure());
        }
        long now = System.nanoTime();
        long nowMs = System.currentTimeMillis();
        if (now >= next) {
          long operations = recorders.writeInterval(writer, startMs, Long.MAX_VALUE);
          context.setStatus(String.format(Locale.ROOT, "server warm-up, client %d: %,d ops in the last interval%s", client,
              operations, !ended ? "" : waitingForDuet() ? ", waiting for the other side's warm-up to end"
                  : ", waiting for the other clients' warm-ups to end"));
          if (!ended && steady.steadyAfter(operations)) {
            context.getCounter(WorkloadCounters.TASKS_STOPPED_STEADY).increment(1);
            ended = arrive(end);
          }
          next += intervalNanos;
        }
        if (!ended && (nowMs >= boundMs || workers.finished())) {
          ended = arrive(end);
        }
        if (ended && nowMs >= nextListingMs) {
          nextListingMs = nowMs + StartBarrier.POLL_MS;
          long measureStartMs = end.startMsIfAllArrived();
          if (measureStartMs >= 0 && duet != null) {
            measureStartMs = duet.measureStartMs(nowMs, warmup.durationSeconds() + run.barrierTimeoutSeconds());
          }
          if (measureStartMs >= 0 && nowMs >= measureStartMs - STOP_AHEAD_MS) {
            stopped.set(true);
            workers.stop(STOP_WAIT_MS);
            recorders.writeInterval(writer, startMs, measureStartMs);
            writer.outputComment(TaskLogFormat.windowComment(startMs, measureStartMs));
            return measureStartMs;
          }
          if (measureStartMs < 0 && !waitingForDuet() && nowMs > deadlineMs) {
            throw new IOException("client " + client + " ended its server warm-up, and not every other client had "
                + run.barrierTimeoutSeconds() + " s after the warm-up's bound (see " + endDir + ")");
          }
        }
        Thread.sleep(POLL_MS);
        context.progress();
      }
    }
  }

  private boolean waitingForDuet() {
    return duet != null && duet.arrived();
  }

  /**
   * This client's wait at the duet's barrier ({@link DuetBarrier}), once its own run's warm-up has
   * ended: it keeps its load on until every client of both runs has arrived.
   */
  private final class DuetWait {
    private final StartBarrier barrier;
    private long deadlineMs = -1;

    DuetWait(StartBarrier barrier) {
      this.barrier = barrier;
    }

    boolean arrived() {
      return deadlineMs >= 0;
    }

    /**
     * The duet's measured start, -1 until every client of both runs has arrived; arrives on the
     * first call. The other run may have started its warm-up later and warm for as long as its
     * bound: it has {@code boundSeconds} to arrive.
     */
    long measureStartMs(long nowMs, long boundSeconds) throws IOException {
      if (!arrived()) {
        barrier.arrive(client);
        deadlineMs = nowMs + boundSeconds * 1000;
      }
      long start = barrier.startMsIfAllArrived();
      if (start < 0 && nowMs > deadlineMs) {
        throw new IOException("client " + client + " ended its server warm-up, and " + DuetBarrier.timeoutReason(conf)
            + " within " + boundSeconds + " s");
      }
      return start;
    }
  }

  private boolean arrive(StartBarrier end) throws IOException {
    end.arrive(client);
    return true;
  }
}
