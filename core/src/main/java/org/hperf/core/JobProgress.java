package org.hperf.core;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.hperf.core.ProgressLine.Sample;

/**
 * Submits a job and waits for it, printing every {@code hperf.progress.seconds} (default 10, 0 =
 * off) one line an operator can act on: percent done, the rate of the job's work counter, elapsed
 * and remaining time ({@link ProgressLine}), and when the job has succeeded a last line with all of
 * its work. The work counter is read from the running job's counters, which tasks report every few
 * seconds. Hadoop's own job log (map/reduce percentages, every counter group) only when
 * {@link Verbosity verbose}; otherwise {@link QuietJobWait}, which still reports failures.
 */
public final class JobProgress {
  public static final String INTERVAL_SECONDS = "hperf.progress.seconds";
  /** What a window clock returns until the clients have agreed on their start. */
  public static final long NOT_STARTED = -1;
  /** What a window clock returns while the clients warm the servers, before they agree on the window. */
  public static final long SERVERS_WARMING = -2;
  private static final Supplier<String> NOTHING = () -> null;
  /**
   * A line's rate spans at least this long: tasks report their counters every 3 s, so over a
   * shorter span (hperf.progress.seconds=3) the work moves by steps and every other line read 0.
   */
  private static final long RATE_SPAN_NANOS = 8_000_000_000L;

  private final ProgressLine line;
  private final List<Enum<?>> workCounters;
  /** A timed run's measured window start (epoch ms), {@link #NOT_STARTED} until known; null for counted work. */
  private final LongSupplier windowStartMs;
  private final boolean onStandardError;
  /** What follows the line once work is counted (a run's latest latencies), null while there is nothing to say. */
  private final Supplier<String> detail;

  private JobProgress(ProgressLine line, List<Enum<?>> workCounters, LongSupplier windowStartMs,
      boolean onStandardError, Supplier<String> detail) {
    this.line = line;
    this.workCounters = workCounters;
    this.windowStartMs = windowStartMs;
    this.onStandardError = onStandardError;
    this.detail = detail;
  }

  /**
   * Done = the sum of {@code workCounters} / {@code totalWork}; {@code totalWork} 0 = unknown, then
   * the line gives the work and its rate but no percent and no remaining time. The counters must
   * advance as the tasks work, not only when they end.
   */
  public static JobProgress counting(String label, String unit, long totalWork, Enum<?>... workCounters) {
    return new JobProgress(ProgressLine.counted(label, unit, totalWork), List.of(workCounters), null, false, NOTHING);
  }

  /**
   * A job that measures for {@code seconds} (a timed workload run) from {@code windowStartMs}, the
   * wall-clock start of its measured window as its tasks agreed on it (warm-up excluded), or
   * {@link #NOT_STARTED}. The work counter is shown beside it.
   */
  public static JobProgress timed(String label, String unit, long seconds, LongSupplier windowStartMs,
      Enum<?> workCounter) {
    return new JobProgress(ProgressLine.timed(label, unit, seconds), List.of(workCounter), windowStartMs, false,
        NOTHING);
  }

  /** This progress on stderr: for a command whose stdout is read by a program (aggregate --format ycsb). */
  public JobProgress onStandardError() {
    return new JobProgress(line, workCounters, windowStartMs, true, detail);
  }

  /**
   * This progress with {@code detail} after each line that counts work, e.g. {@code last 10 s: p50
   * 1.2 ms, p99 8.4 ms}; the supplier returns null when it has nothing to say yet.
   */
  public JobProgress withDetail(Supplier<String> detail) {
    return new JobProgress(line, workCounters, windowStartMs, onStandardError, detail);
  }

  /** Submits the job, prints progress until it ends; true if it succeeded. */
  public boolean waitForCompletion(Job job) throws IOException, InterruptedException, ClassNotFoundException {
    long everySeconds = job.getConfiguration().getLong(INTERVAL_SECONDS, 10);
    boolean verbose = Verbosity.of(job.getConfiguration());
    job.submit();
    PrintStream out = onStandardError ? System.err : System.out;
    Tracker tracker = new Tracker(job, out, System::nanoTime, System::currentTimeMillis);
    ScheduledExecutorService printer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread thread = new Thread(r, "hperf-progress");
      thread.setDaemon(true);
      return thread;
    });
    if (everySeconds > 0) {
      printer.scheduleAtFixedRate(tracker::printSafely, everySeconds, everySeconds, TimeUnit.SECONDS);
    }
    boolean ok;
    try {
      ok = verbose ? job.waitForCompletion(true) : QuietJobWait.waitFor(job, System.err);
    } finally {
      printer.shutdownNow();
      // No progress line after the job's own completion output.
      printer.awaitTermination(5, TimeUnit.SECONDS);
    }
    if (ok && everySeconds > 0) {
      tracker.printEndSafely();
    }
    return ok;
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
    private final LongSupplier wallClockMs;
    private final long startNanos;
    /** Past readings, oldest first, back to the newest one old enough to run the rate from. */
    private final ArrayDeque<Sample> recent = new ArrayDeque<>(List.of(Sample.SUBMITTED));
    private Sample lastIdle = Sample.SUBMITTED;
    private long workStartNanos = -1;

    Tracker(Job job, PrintStream out, LongSupplier nanoClock, LongSupplier wallClockMs) {
      this.job = job;
      this.out = out;
      this.nanoClock = nanoClock;
      this.wallClockMs = wallClockMs;
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
      Sample now = sample();
      out.println(lineWithDetail(line.text(rateFrom(now), now, workStart(now)), now));
      recent.addLast(now);
    }

    void printEndSafely() {
      try {
        Sample end = sample();
        out.println(line.endText(end, workStart(end)));
      } catch (IOException | RuntimeException e) {
        // As printSafely: the command reads the job's counters next and reports what fails there.
      }
    }

    /**
     * The reading the rate runs from: the newest at least {@link #RATE_SPAN_NANOS} before {@code
     * now}, else the oldest kept (the submission's at first); older ones are dropped.
     */
    private Sample rateFrom(Sample now) {
      while (recent.size() > 1) {
        Iterator<Sample> oldestFirst = recent.iterator();
        oldestFirst.next();
        if (now.elapsedNanos() - oldestFirst.next().elapsedNanos() < RATE_SPAN_NANOS) {
          break;
        }
        recent.removeFirst();
      }
      return recent.getFirst();
    }

    /** The line and its detail, once work is counted (before, the line says why nothing is). */
    private String lineWithDetail(String text, Sample now) {
      String more;
      try {
        more = now.work() > 0 ? detail.get() : null;
      } catch (RuntimeException e) {
        // The detail is a courtesy: the line goes without it.
        more = null;
      }
      return more == null ? text : text + ", " + more;
    }

    private Sample sample() throws IOException {
      return new Sample(work(job.getCounters()), nanoClock.getAsLong() - startNanos);
    }

    /** The start of the work on the samples' clock, or -1 while unknown. */
    private long workStart(Sample now) {
      if (line.isTimed()) {
        long startMs = windowStartMs.getAsLong();
        if (startMs < 0) {
          return startMs == SERVERS_WARMING ? ProgressLine.SERVERS_WARMING : -1;
        }
        return Math.max(0, now.elapsedNanos() - (wallClockMs.getAsLong() - startMs) * 1_000_000);
      }
      // Counted work began after the last sample that counted none (tasks report their counters
      // every few seconds), so the rate leaves out job start-up and phases that count nothing,
      // such as a bulk load's maps collecting their keys.
      if (now.work() == 0) {
        lastIdle = now;
      } else if (workStartNanos < 0) {
        workStartNanos = lastIdle.elapsedNanos();
      }
      return workStartNanos;
    }
  }
}
