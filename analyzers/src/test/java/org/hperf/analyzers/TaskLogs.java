package org.hperf.analyzers;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.hperf.core.LatencyHistograms;

/** Writes task logs exactly as a workload task does, with chosen samples, for tests and fixtures. */
final class TaskLogs {
  private TaskLogs() {
  }

  /** An interval: tag, start and end offsets from the window start (ms), and its samples (us). */
  record Interval(String tag, long fromMs, long toMs, long[] samples) {
  }

  static void write(File file, long windowStartMs, long windowEndMs, Interval... intervals) throws IOException {
    file.getParentFile().mkdirs();
    try (PrintStream out = new PrintStream(file, StandardCharsets.UTF_8)) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputComment("[hperf workload=test]");
      writer.outputLogFormatVersion();
      writer.outputStartTime(windowStartMs);
      writer.setBaseTime(windowStartMs);
      writer.outputBaseTime(windowStartMs);
      writer.outputLegend();
      for (Interval interval : intervals) {
        Histogram h = LatencyHistograms.newHistogram();
        for (long sample : interval.samples()) {
          h.recordValue(sample);
        }
        h.setTag(interval.tag());
        h.setStartTimeStamp(windowStartMs + interval.fromMs());
        h.setEndTimeStamp(windowStartMs + interval.toMs());
        writer.outputIntervalHistogram(h);
      }
      writer.outputComment("[hperf window startMs=" + windowStartMs + " endMs=" + windowEndMs + "]");
    }
  }

  static long[] range(long from, long to) {
    long[] values = new long[(int) (to - from + 1)];
    for (int i = 0; i < values.length; i++) {
      values[i] = from + i;
    }
    return values;
  }

  /** Writes the checked-in golden run: java ... TaskLogs <dir>. */
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
