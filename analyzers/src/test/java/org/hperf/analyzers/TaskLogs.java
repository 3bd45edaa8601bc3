package org.hperf.analyzers;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.OperationType;

/**
 * Writes task logs exactly as a workload task does, with chosen samples, for tests and fixtures:
 * each operation's tag and, as the task records it, {@code ALL} (and {@code ALL.intended}) with
 * every top-level operation once. An operation inside another (a read-modify-write's read and
 * update) is in its own tag only.
 */
final class TaskLogs {
  private TaskLogs() {
  }

  /** An interval: tag, start and end offsets from the window start (ms), samples (us), whether top-level. */
  record Interval(String tag, long fromMs, long toMs, long[] samples, boolean topLevel) {
    Interval(String tag, long fromMs, long toMs, long[] samples) {
      this(tag, fromMs, toMs, samples, true);
    }

    /** Samples of operations done inside another one: in this tag, not in ALL. */
    static Interval inner(String tag, long fromMs, long toMs, long[] samples) {
      return new Interval(tag, fromMs, toMs, samples, false);
    }
  }

  /** A task log as tasks write it now: the intervals' tags and ALL. */
  static void write(File file, long windowStartMs, long windowEndMs, Interval... intervals) throws IOException {
    write(file, windowStartMs, windowEndMs, true, intervals);
  }

  /** A task log as tasks wrote it before they recorded ALL (the checked-in golden run is one). */
  static void writeWithoutAll(File file, long windowStartMs, long windowEndMs, Interval... intervals)
      throws IOException {
    write(file, windowStartMs, windowEndMs, false, intervals);
  }

  /**
   * A workload-F-like task over one 10 s interval: plain reads of 1..reads us, and read-modify-writes
   * (1 <= rmws <= 999) of 3001.. us, each with its inner read (1001.. us) and update (2001.. us).
   */
  static void writeReadModifyWrites(File file, long windowStartMs, int reads, int rmws) throws IOException {
    write(file, windowStartMs, windowStartMs + 10_000,
        new Interval("READ", 0, 10_000, range(1, reads)),
        Interval.inner("READ", 0, 10_000, range(1001, 1000 + rmws)),
        Interval.inner("UPDATE", 0, 10_000, range(2001, 2000 + rmws)),
        new Interval("READ_MODIFY_WRITE", 0, 10_000, range(3001, 3000 + rmws)));
  }

  private static void write(File file, long windowStartMs, long windowEndMs, boolean withAll, Interval... intervals)
      throws IOException {
    // One histogram per tag and interval, as a task's recorder gives it.
    Map<String, Histogram> histograms = new LinkedHashMap<>();
    for (Interval interval : intervals) {
      record(histograms, interval.tag(), interval, windowStartMs);
      if (withAll && interval.topLevel()) {
        String all = interval.tag().endsWith(OperationType.INTENDED_SUFFIX)
            ? OperationType.ALL_TAG + OperationType.INTENDED_SUFFIX : OperationType.ALL_TAG;
        record(histograms, all, interval, windowStartMs);
      }
    }
    file.getParentFile().mkdirs();
    try (PrintStream out = new PrintStream(file, StandardCharsets.UTF_8)) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputComment("[hperf workload=test]");
      writer.outputLogFormatVersion();
      writer.outputStartTime(windowStartMs);
      writer.setBaseTime(windowStartMs);
      writer.outputBaseTime(windowStartMs);
      writer.outputLegend();
      for (Histogram h : histograms.values()) {
        writer.outputIntervalHistogram(h);
      }
      writer.outputComment("[hperf window startMs=" + windowStartMs + " endMs=" + windowEndMs + "]");
    }
  }

  private static void record(Map<String, Histogram> histograms, String tag, Interval interval, long windowStartMs) {
    Histogram h = histograms.computeIfAbsent(tag + " " + interval.fromMs() + " " + interval.toMs(), k -> {
      Histogram created = LatencyHistograms.newHistogram();
      created.setTag(tag);
      created.setStartTimeStamp(windowStartMs + interval.fromMs());
      created.setEndTimeStamp(windowStartMs + interval.toMs());
      return created;
    });
    for (long sample : interval.samples()) {
      h.recordValue(sample);
    }
  }

  static long[] range(long from, long to) {
    long[] values = new long[(int) (to - from + 1)];
    for (int i = 0; i < values.length; i++) {
      values[i] = from + i;
    }
    return values;
  }

  /** Writes the checked-in synthetic golden run: java ... TaskLogs <dir>. */
  public static void main(String[] args) throws IOException {
    File dir = new File(args[0]);
    long start = 1_700_000_000_000L;
    write(new File(dir, "run-1/client-00000.hlog"), start, start + 20_000,
        new Interval("READ", 0, 10_000, range(1, 1000)), new Interval("UPDATE", 0, 10_000, range(5000, 5499)),
        new Interval("READ", 10_000, 20_000, range(1, 1000)), new Interval("UPDATE", 10_000, 20_000, range(5500, 5999)));
    write(new File(dir, "run-1/client-00001.hlog"), start, start + 20_000,
        new Interval("READ", 0, 10_000, range(1001, 2000)), new Interval("UPDATE", 0, 10_000, range(6000, 6499)),
        new Interval("READ", 10_000, 20_000, range(1001, 2000)), new Interval("UPDATE", 10_000, 20_000, range(6500, 6999)));
  }
}
