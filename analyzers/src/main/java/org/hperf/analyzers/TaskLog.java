package org.hperf.analyzers;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One workload task's HdrHistogram interval log, read whole. A log is complete only if it ends with
 * the window line the task writes when it closes the log
 * ({@code #[hperf window startMs=<ms> endMs=<ms>]}); anything else is a truncated log and is
 * refused, so a partial figure is never published silently.
 */
final class TaskLog {
  private static final Pattern WINDOW = Pattern.compile("#\\[hperf window startMs=(\\d+) endMs=(\\d+)\\]\\s*$");

  final String task;
  final long windowStartMs;
  final long windowEndMs;
  final List<Histogram> intervals;

  private TaskLog(String task, long windowStartMs, long windowEndMs, List<Histogram> intervals) {
    this.task = task;
    this.windowStartMs = windowStartMs;
    this.windowEndMs = windowEndMs;
    this.intervals = intervals;
  }

  static TaskLog parse(String task, byte[] content) {
    String text = new String(content, StandardCharsets.UTF_8);
    Matcher window = WINDOW.matcher(text);
    if (!window.find()) {
      throw new IllegalArgumentException("task log " + task + " is truncated or not an hperf log: it lacks the"
          + " closing '#[hperf window ...]' line");
    }
    List<Histogram> intervals = new ArrayList<>();
    try {
      HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(content));
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        intervals.add((Histogram) h);
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("task log " + task + " is malformed: " + e, e);
    }
    return new TaskLog(task, Long.parseLong(window.group(1)), Long.parseLong(window.group(2)), intervals);
  }
}
