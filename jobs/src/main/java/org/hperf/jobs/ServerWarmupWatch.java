package org.hperf.jobs;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.hperf.core.JobCounters;
import org.hperf.core.JobProgress;
import org.hperf.core.run.ClusterMetricsLog;
import org.hperf.core.run.RunDirectory;
import org.hperf.core.run.RunRecord;

/**
 * The driver's side of a run's server warm-up ({@link ServerWarmupPhase}): the warm-up's directory
 * ({@code <output>/server-warmup}, or {@code server-warmup-run-k} before run k; aggregate reads
 * neither), the watch on the region servers' JIT compilers that tells the clients when the servers
 * are quiet ({@link ServerJitQuiet}), the measured window's start for the progress lines, and what
 * the record says of the warm-up once the job has ended.
 */
final class ServerWarmupWatch {
  private final long maxSeconds;
  private final FileSystem fs;
  private final Path endBarrier;
  private final Path quietMarker;
  private final ServerJitQuiet jit;
  private final LongSupplier clientsStart;
  private final StartBarrier end;
  private long clientsStartMs = -1;
  private long measureStartMs = -1;

  private ServerWarmupWatch(long maxSeconds, FileSystem fs, Path endBarrier, Path quietMarker,
      LongSupplier clientsStart, StartBarrier end, long jitWindowMs) {
    this.maxSeconds = maxSeconds;
    this.fs = fs;
    this.endBarrier = endBarrier;
    this.quietMarker = quietMarker;
    this.clientsStart = clientsStart;
    this.end = end;
    this.jit = new ServerJitQuiet(fs, quietMarker, clientsStart, jitWindowMs);
  }

  /**
   * Makes the job configured by {@code jobConf} warm the servers before run {@code run} measures,
   * for at most {@code maxSeconds}; {@code clientsStart} is the clients' common start (their first barrier).
   */
  static ServerWarmupWatch prepare(Configuration jobConf, FileSystem fs, RunDirectory layout, RunSpec run,
      long maxSeconds, LongSupplier clientsStart) throws IOException {
    Path dir = layout.serverWarmup(run.runIndex());
    // Only a run that failed before (hperf run --run-index k into this directory again) left one.
    fs.delete(dir, true);
    fs.mkdirs(dir);
    Path quietMarker = layout.serversQuietMarker(dir);
    fs.delete(quietMarker, false);
    Path endBarrier = layout.barrier(dir);
    fs.delete(endBarrier, true);
    ServerWarmupPhase.enable(jobConf, maxSeconds, dir, endBarrier, quietMarker);
    // In a duet the measured phase starts when both runs' warm-ups have ended.
    StartBarrier measured = DuetBarrier.inJob(jobConf) ? DuetBarrier.of(jobConf)
        : StartBarrier.of(jobConf, fs, endBarrier, run.clients());
    return new ServerWarmupWatch(maxSeconds, fs, endBarrier, quietMarker, clientsStart, measured,
        ServerJitQuiet.windowMs(jobConf));
  }

  /**
   * What the cluster sampler calls with each round of samples: the JIT watch, until the measured
   * phase has begun (its quiet then says nothing of the warm-up's end).
   */
  Consumer<List<ClusterMetricsLog.Sample>> samplesObserver() {
    return round -> {
      if (measureStartMs() < 0) {
        jit.observe(round);
      }
    };
  }

  /**
   * The measured window's start (epoch ms) for the progress lines: {@link JobProgress#NOT_STARTED}
   * until the clients start, {@link JobProgress#SERVERS_WARMING} while they warm the servers.
   */
  LongSupplier windowStart(long warmupSeconds) {
    return () -> {
      long measureStart = measureStartMs();
      if (measureStart >= 0) {
        return measureStart + warmupSeconds * 1000;
      }
      return clientsStartMs() < 0 ? JobProgress.NOT_STARTED : JobProgress.SERVERS_WARMING;
    };
  }

  /** Remembers when the warm-up began and ended, then removes its barrier and marker; after the job. */
  void clean() throws IOException {
    clientsStartMs();
    measureStartMs();
    fs.delete(endBarrier, true);
    fs.delete(quietMarker, false);
  }

  /** What the run's record says of the warm-up of the job that has ended. */
  RunRecord.ServerWarmup record(Job job, int clients) throws IOException {
    int steady = (int) JobCounters.value(job.getCounters(), WorkloadCounters.TASKS_STOPPED_STEADY);
    double seconds = clientsStartMs >= 0 && measureStartMs >= 0 ? (measureStartMs - clientsStartMs) / 1000.0 : 0;
    return new RunRecord.ServerWarmup(maxSeconds, seconds, clients, steady, job.getJobID().toString());
  }

  /** The line that says how the warm-up ended. */
  String outcome(RunRecord.ServerWarmup warmup) {
    return String.format(java.util.Locale.ROOT, "server warm-up: %.1f s, %d of %d clients ended steady%s",
        warmup.seconds(), warmup.steadyClients(), warmup.clients(), warmup.steadyClients() < warmup.clients()
            ? " (the others ran to the " + maxSeconds + " s bound" + (jit.quiet() ? ""
            : "; the region servers were still JIT-compiling") + ")" : "");
  }

  private long clientsStartMs() {
    if (clientsStartMs < 0) {
      clientsStartMs = clientsStart.getAsLong();
    }
    return clientsStartMs;
  }

  private long measureStartMs() {
    if (measureStartMs < 0) {
      try {
        measureStartMs = end.startMsIfAllArrived();
      } catch (IOException e) {
        // Not yet known: asked again at the next progress line.
      }
    }
    return measureStartMs;
  }
}
