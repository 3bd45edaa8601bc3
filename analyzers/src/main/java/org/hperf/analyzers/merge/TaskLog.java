package org.hperf.analyzers.merge;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.run.TaskLogFormat;

/**
 * One workload task's histogram log ({@link TaskLogFormat}), read as a stream: its window comes
 * from the closing line in the last bytes, then its intervals one at a time, so that memory does
 * not grow with the log's length. A log without the closing line is truncated and refused, so a
 * partial figure is never published silently.
 */
public final class TaskLog {
  /** Enough for the closing window line and the end of the last histogram line. */
  private static final int TAIL_BYTES = 256;

  final String task;
  final long windowStartMs;
  final long windowEndMs;
  private final FileSystem fs;
  private final Path path;

  private TaskLog(String task, long windowStartMs, long windowEndMs, FileSystem fs, Path path) {
    this.task = task;
    this.windowStartMs = windowStartMs;
    this.windowEndMs = windowEndMs;
    this.fs = fs;
    this.path = path;
  }

  /** Reads the log's window; throws if the log is truncated or not an hperf task log. */
  static TaskLog open(FileSystem fs, Path path) throws IOException {
    String task = path.getParent().getName() + "/" + TaskLogFormat.taskOf(path.getName());
    String tail = tail(fs, fs.getFileStatus(path));
    OptionalLong start = TaskLogFormat.windowStart(tail);
    OptionalLong end = TaskLogFormat.windowEnd(tail);
    if (start.isEmpty() || end.isEmpty()) {
      throw new IOException("task log " + task + " is truncated or not an hperf log: it lacks the closing"
          + " '#" + TaskLogFormat.windowComment(0, 0).replaceAll("\\d+", "...") + "' line");
    }
    return new TaskLog(task, start.getAsLong(), end.getAsLong(), fs, path);
  }

  /** The last bytes of a log, where a complete one has its window line. */
  public static String tail(FileSystem fs, FileStatus log) throws IOException {
    long length = log.getLen();
    byte[] bytes = new byte[(int) Math.min(TAIL_BYTES, length)];
    try (FSDataInputStream in = fs.open(log.getPath())) {
      in.readFully(length - bytes.length, bytes);
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Hands every interval histogram to {@code consumer}, in log order, one at a time. */
  void forEachInterval(Consumer<Histogram> consumer) throws IOException {
    try (InputStream in = fs.open(path)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        consumer.accept((Histogram) h);
      }
    } catch (RuntimeException e) {
      throw new IOException("task log " + task + " is malformed: " + e, e);
    }
  }
}
