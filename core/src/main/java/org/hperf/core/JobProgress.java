package org.hperf.core;

import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.mapreduce.Job;

/**
 * Waits for a job like {@code Job.waitForCompletion(true)} (Hadoop still prints its map/reduce
 * percentages and failed attempts) and, every {@code hperf.progress.seconds} (default 10, 0 = off),
 * prints one line an operator can act on: percent done, the rate of the job's work counter,
 * elapsed and remaining time. The work counter is read from the running job's counters, which tasks
 * report every few seconds.
 */
public final class JobProgress {
  public static final String INTERVAL_SECONDS = "hperf.progress.seconds";

  private final String label;
  private final Enum<?> workCounter;
  private final String unit;
  private final long totalWork;
  private final long timedSeconds;
  private final long countEverySeconds;
  private final boolean useHadoopProgress;

  private JobProgress(String label, Enum<?> workCounter, String unit, long totalWork, long timedSeconds,
      long countEverySeconds, boolean useHadoopProgress) {
    this.label = label;
    this.workCounter = workCounter;
    this.unit = unit;
    this.totalWork = totalWork;
    this.timedSeconds = timedSeconds;
    this.countEverySeconds = countEverySeconds;
    this.useHadoopProgress = useHadoopProgress;
  }

  /** Done = work counter / {@code totalWork} or Hadoop's map and reduce progress, whichever is further. */
  public static JobProgress counting(String label, Enum<?> workCounter, String unit, long totalWork) {
    return new JobProgress(label, workCounter, unit, totalWork, 0, 0, true);
  }

  /**
   * Done = work counter / {@code totalWork} only: for jobs whose tasks read their one input record
   * at the start, so Hadoop's progress says 100% while they work (a workload run's clients).
   */
  public static JobProgress countingOnly(String label, Enum<?> workCounter, String unit, long totalWork) {
    return new JobProgress(label, workCounter, unit, totalWork, 0, 0, false);
  }

  /**
   * A job that measures for {@code seconds} (a timed workload run). Its tasks add to the work
   * counter once per {@code countEverySeconds}, so measuring began about that long before the
   * counter first moves.
   */
  public static JobProgress timed(String label, Enum<?> workCounter, String unit, long seconds,
      long countEverySeconds) {
    return new JobProgress(label, workCounter, unit, 0, seconds, countEverySeconds, false);
  }

  /** Submits the job, prints progress until it ends; true if it succeeded. */
  public boolean waitForCompletion(Job job) throws IOException, InterruptedException, ClassNotFoundException {
    long everySeconds = job.getConfiguration().getLong(INTERVAL_SECONDS, 10);
    job.submit();
    if (everySeconds <= 0) {
      return job.waitForCompletion(true);
    }
    Tracker tracker = new Tracker(job, System.nanoTime(), System.out);
    ScheduledExecutorService printer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread thread = new Thread(r, "hperf-progress");
      thread.setDaemon(true);
      return thread;
    });
    printer.scheduleAtFixedRate(tracker::printSafely, everySeconds, everySeconds, TimeUnit.SECONDS);
    try {
      return job.waitForCompletion(true);
    } finally {
      printer.shutdownNow();
      // No progress line after the job's own completion output.
      printer.awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  /** One progress line; {@code workElapsedNanos} is the time since the work began (timed jobs). */
  public String line(double hadoopFraction, long work, double workPerSecond, long elapsedNanos, long workElapsedNanos) {
    double done;
    if (timedSeconds > 0) {
      done = work == 0 ? 0 : Math.min(1, workElapsedNanos / 1e9 / timedSeconds);
    } else if (totalWork > 0) {
      // Bulk load counts its rows in the reducers, verify's table scans report no progress: the larger.
      double counted = Math.min(1, work / (double) totalWork);
      done = useHadoopProgress ? Math.max(hadoopFraction, counted) : counted;
    } else {
      done = useHadoopProgress ? hadoopFraction : 0;
    }
    String remaining;
    if (timedSeconds > 0 && work == 0) {
      remaining = "waiting for the clients to start";
    } else if (timedSeconds > 0) {
      remaining = "remaining ~" + duration((long) (timedSeconds * 1e9 - workElapsedNanos));
    } else if (done > 0.001) {
      remaining = "remaining ~" + duration((long) (elapsedNanos * (1 - done) / done));
    } else {
      remaining = "remaining unknown";
    }
    return String.format("[%s] %3.0f%% done, %,d %s (%,.0f %s/s), elapsed %s, %s", label, 100 * done, work, unit,
        workPerSecond, unit, duration(elapsedNanos), remaining);
  }

  static String duration(long nanos) {
    long seconds = Math.max(0, Math.round(nanos / 1e9));
    return seconds >= 3600 ? String.format("%dh%02dm%02ds", seconds / 3600, seconds / 60 % 60, seconds % 60)
        : String.format("%dm%02ds", seconds / 60, seconds % 60);
  }

  /** Polls the running job; remembers the last reading to turn the counter into a rate. */
  private final class Tracker {
    private final Job job;
    private final long startNanos;
    private final PrintStream out;
    private long lastWork;
    private long lastNanos;
    private long workStartNanos;

    Tracker(Job job, long startNanos, PrintStream out) {
      this.job = job;
      this.startNanos = startNanos;
      this.out = out;
      this.lastNanos = startNanos;
    }

    void printSafely() {
      try {
        print();
      } catch (IOException | RuntimeException e) {
        // Progress is a courtesy: a status call that fails (job just ended) must not stop the job.
      }
    }

    private void print() throws IOException {
      if (job.isComplete()) {
        return;
      }
      long now = System.nanoTime();
      long work = job.getCounters().findCounter(workCounter).getValue();
      if (work > 0 && workStartNanos == 0) {
        workStartNanos = Math.max(startNanos, now - countEverySeconds * 1_000_000_000L);
      }
      // A failed attempt's counters leave the total: the rate never goes below zero.
      double rate = Math.max(0, work - lastWork) / ((now - lastNanos) / 1e9);
      int reduces = job.getNumReduceTasks();
      double hadoop = reduces == 0 ? job.mapProgress() : (job.mapProgress() + job.reduceProgress()) / 2;
      out.println(line(hadoop, work, rate, now - startNanos, workStartNanos == 0 ? 0 : now - workStartNanos));
      lastWork = work;
      lastNanos = now;
    }
  }
}
