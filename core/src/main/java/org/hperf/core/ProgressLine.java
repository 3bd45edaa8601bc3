package org.hperf.core;

import java.util.Locale;

/**
 * What one progress line of a running job says, computed from the work counted and the clock only.
 * Never from Hadoop's map/reduce progress: a table scan's reader, or a split of one record, reports
 * 100% while the task still works, and a verify of 10,000,000 rows printed "100% done ... remaining
 * ~0m00s" at an eighth of them. A pure function of its samples, so tests pin every case.
 */
final class ProgressLine {
  /** Lines are printed only while the job runs, so none may say it is all done. */
  static final int MAX_PERCENT_WHILE_RUNNING = 99;
  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  /** A timed run's window start while its clients warm the servers, unmeasured (hperf run --server-warmup). */
  static final long SERVERS_WARMING = -2;

  /** One reading of the work counter, {@code elapsedNanos} after the job was submitted. */
  record Sample(long work, long elapsedNanos) {
    static final Sample SUBMITTED = new Sample(0, 0);
  }

  private final String label;
  private final String unit;
  /** The work the job will count; 0 when unknown. */
  private final long totalWork;
  /** The measured duration of a timed run; 0 for counted work. */
  private final long timedSeconds;

  private ProgressLine(String label, String unit, long totalWork, long timedSeconds) {
    this.label = label;
    this.unit = unit;
    this.totalWork = totalWork;
    this.timedSeconds = timedSeconds;
  }

  /** Done = work counted / {@code totalWork}; {@code totalWork} 0 = unknown: no percent, no estimate. */
  static ProgressLine counted(String label, String unit, long totalWork) {
    return new ProgressLine(label, unit, Math.max(0, totalWork), 0);
  }

  /**
   * Done = time measured / {@code seconds}, from the start of the measured window, which the caller
   * knows ({@code workStartNanos} of {@link #text}); the counter's work is shown, not used.
   */
  static ProgressLine timed(String label, String unit, long seconds) {
    return new ProgressLine(label, unit, 0, seconds);
  }

  boolean isTimed() {
    return timedSeconds > 0;
  }

  /**
   * The line at {@code now}: the rate since {@code previous}, the rest from {@code workStartNanos},
   * negative while unknown: for counted work when the counter began to move, for a timed run the
   * start of its measured window (after {@code now} while the clients warm up).
   */
  String text(Sample previous, Sample now, long workStartNanos) {
    long sincePrevious = now.elapsedNanos() - previous.elapsedNanos();
    // A failed attempt's counters leave the total: the rate never goes below zero.
    double rate = sincePrevious <= 0 ? 0 : Math.max(0, now.work() - previous.work()) * 1e9 / sincePrevious;
    String elapsed = "elapsed " + duration(now.elapsedNanos());
    // Nothing counted yet (tasks starting, clients warming up, or their first report on its way: tasks
    // report every few seconds): "0 ops (0 ops/s)" would read as a stalled job.
    String counted = now.work() == 0 ? elapsed + ", nothing counted yet"
        : String.format(Locale.ROOT, "%,d %s (%,.0f %s/s), %s", now.work(), unit, rate, unit, elapsed);
    if (isTimed()) {
      // Before its window a run counts nothing: its line says why instead.
      return timedText(counted, now.work() == 0 ? elapsed : counted, now, workStartNanos);
    }
    if (totalWork == 0) {
      return String.format(Locale.ROOT, "[%s] %s", label, counted);
    }
    return String.format(Locale.ROOT, "[%s] %3d%% done, %s, %s", label, percent(now.work(), totalWork), counted,
        countedRemaining(now, workStartNanos));
  }

  /**
   * The line once the job has succeeded: how much of the work it did (all of a timed run's window,
   * {@code workStartNanos} unknown included: the job ends after it), with no rate or estimate.
   */
  String endText(Sample end, long workStartNanos) {
    String done = String.format(Locale.ROOT, "%,d %s, elapsed %s", end.work(), unit, duration(end.elapsedNanos()));
    if (isTimed()) {
      long measuredNanos = workStartNanos < 0 ? timedSeconds * NANOS_PER_SECOND : end.elapsedNanos() - workStartNanos;
      return String.format(Locale.ROOT, "[%s] %3d%% done, %s", label, endPercent(measuredNanos / 1_000_000, timedSeconds * 1000),
          done);
    }
    if (totalWork == 0) {
      return String.format(Locale.ROOT, "[%s] %s", label, done);
    }
    return String.format(Locale.ROOT, "[%s] %3d%% done, %s", label, endPercent(end.work(), totalWork), done);
  }

  /** {@code beforeWindow}: what the line shows of the count until the window starts. */
  private String timedText(String counted, String beforeWindow, Sample now, long windowStartNanos) {
    if (windowStartNanos == SERVERS_WARMING) {
      return String.format(Locale.ROOT, "[%s] %3d%% done, %s, the clients warm the servers, unmeasured", label, 0, beforeWindow);
    }
    if (windowStartNanos < 0) {
      return String.format(Locale.ROOT, "[%s] %3d%% done, %s, waiting for the clients to start", label, 0, beforeWindow);
    }
    long measuredNanos = now.elapsedNanos() - windowStartNanos;
    if (measuredNanos < 0) {
      return String.format(Locale.ROOT, "[%s] %3d%% done, %s, measuring starts in ~%s", label, 0, beforeWindow,
          duration(-measuredNanos));
    }
    long leftNanos = timedSeconds * NANOS_PER_SECOND - measuredNanos;
    String remaining = leftNanos > 0 ? "remaining ~" + duration(leftNanos) : "duration over, the job is finishing";
    int percent = percent(measuredNanos / 1_000_000, timedSeconds * 1000);
    return String.format(Locale.ROOT, "[%s] %3d%% done, %s, %s", label, percent, counted, remaining);
  }

  /** At the rate since the work began; none before it has begun. */
  private String countedRemaining(Sample now, long workStartNanos) {
    if (workStartNanos < 0 || now.work() <= 0) {
      return "remaining unknown";
    }
    if (now.work() >= totalWork) {
      return "all counted, the job is finishing";
    }
    double nanosPerWork = (now.elapsedNanos() - workStartNanos) / (double) now.work();
    return "remaining ~" + duration((long) ((totalWork - now.work()) * nanosPerWork));
  }

  /** Whole percent, rounded down (in integers: 29 of 100 is 29) so a line never claims work not yet done. */
  private static int percent(long part, long whole) {
    return Math.min(MAX_PERCENT_WHILE_RUNNING, endPercent(part, whole));
  }

  /** Whole percent, rounded down, at most 100. */
  private static int endPercent(long part, long whole) {
    long clamped = Math.max(0, Math.min(part, whole));
    return (int) (clamped * 100 / whole);
  }

  static String duration(long nanos) {
    long seconds = Math.max(0, Math.round(nanos / 1e9));
    return seconds >= 3600 ? String.format(Locale.ROOT, "%dh%02dm%02ds", seconds / 3600, seconds / 60 % 60, seconds % 60)
        : String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
  }
}
