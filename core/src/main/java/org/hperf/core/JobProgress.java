package org.hperf.core;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.hperf.core.ProgressLine.Sample;

/**
 * Waits for a job like {@code Job.waitForCompletion(true)} (Hadoop still prints its map/reduce
 * percentages and failed attempts) and, every {@code hperf.progress.seconds} (default 10, 0 = off),
 * prints one line an operator can act on: percent done, the rate of the job's work counter,
 * elapsed and remaining time ({@link ProgressLine}). The work counter is read from the running
 * job's counters, which tasks report every few seconds.
 */
public final class JobProgress {
  public static final String INTERVAL_SECONDS = "hperf.progress.seconds";

  private final ProgressLine line;
  private final List<Enum<?>> workCounters;

  private JobProgress(ProgressLine line, List<Enum<?>> workCounters) {
    this.line = line;
    this.workCounters = workCounters;
  }

  /**
   * Done = the sum of {@code workCounters} / {@code totalWork}; {@code totalWork} 0 = unknown, then
   * the line gives the work and its rate but no percent and no remaining time. The counters must
   * advance as the tasks work, not only when they end.
   */
  public static JobProgress counting(String label, String unit, long totalWork, Enum<?>... workCounters) {
    return new JobProgress(ProgressLine.counted(label, unit, totalWork), List.of(workCounters));
  }

  /**
   * A job that measures for {@code seconds} (a timed workload run). Its tasks add to the work
   * counter once per {@code countEverySeconds}, so measuring began about that long before the
   * counter first moves.
   */
  public static JobProgress timed(String label, String unit, long seconds, long countEverySeconds,
      Enum<?> workCounter) {
    return new JobProgress(ProgressLine.timed(label, unit, seconds, countEverySeconds), List.of(workCounter));
  }

  /** Submits the job, prints progress until it ends; true if it succeeded. */
  public boolean waitForCompletion(Job job) throws IOException, InterruptedException, ClassNotFoundException {
    long everySeconds = job.getConfiguration().getLong(INTERVAL_SECONDS, 10);
    job.submit();
    if (everySeconds <= 0) {
      return job.waitForCompletion(true);
    }
    Tracker tracker = new Tracker(job, System.out, System::nanoTime);
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

  private long work(Counters counters) {
    long work = 0;
    for (Enum<?> counter : workCounters) {
      work += counters.findCounter(counter).getValue();
    }
    return work;
  }

  /** Polls the running job; remembers past readings for the rate and the moment the work began. */
  final class Tracker {
    private final Job job;
    private final PrintStream out;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private Sample previous = Sample.SUBMITTED;
    private Sample lastIdle = Sample.SUBMITTED;
    private long workStartNanos = -1;

    Tracker(Job job, PrintStream out, LongSupplier nanoClock) {
      this.job = job;
      this.out = out;
      this.nanoClock = nanoClock;
      this.startNanos = nanoClock.getAsLong();
    }

    void printSafely() {
      try {
        print();
      } catch (IOException | RuntimeException e) {
        // Progress is a courtesy: a status call that fails (job just ended) must not stop the job.
      }
    }

    void print() throws IOException {
      if (job.isComplete()) {
        return;
      }
      Sample now = new Sample(work(job.getCounters()), nanoClock.getAsLong() - startNanos);
      if (now.work() == 0) {
        lastIdle = now;
      } else if (workStartNanos < 0) {
        workStartNanos = line.workStartNanos(lastIdle, now);
      }
      out.println(line.text(previous, now, workStartNanos));
      previous = now;
    }
  }
}
