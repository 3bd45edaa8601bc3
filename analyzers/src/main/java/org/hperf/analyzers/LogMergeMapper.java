package org.hperf.analyzers;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.hperf.core.LatencyHistograms;

/**
 * Reads task logs (many per map) and emits, per run and tag, the whole-window histogram and the
 * histogram of every interval (keys {@code H <run> <tag> total} and
 * {@code H <run> <tag> <interval index>}, merged by the combiner and reducer), plus each task's
 * window ({@code W}) and per-interval counts ({@code C}) from which the driver computes throughput
 * over the run's common window. Histograms are merged in the mapper first: encoding one per log
 * and interval for the shuffle would cost more than reading the logs.
 */
public final class LogMergeMapper extends Mapper<Text, NullWritable, Text, Text> {
  static final String INTERVAL_MS = "hperf.aggregate.interval.ms";
  /** Merged histograms held before they are emitted: ~190 KB each (1 us to 1 h, 3 digits). */
  private static final int MAX_HELD = 256;

  private final Map<String, Histogram> held = new HashMap<>();

  @Override
  protected void map(Text pathText, NullWritable ignored, Context context) throws IOException, InterruptedException {
    Path path = new Path(pathText.toString());
    String run = path.getParent().getName();
    String task = path.getName().replace(LatencyHistograms.LOG_SUFFIX, "");
    TaskLog log;
    try {
      log = TaskLog.parse(run + "/" + task, readAll(path.getFileSystem(context.getConfiguration()), path));
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    long intervalMs = context.getConfiguration().getLong(INTERVAL_MS, 10_000);
    context.write(new Text("W\t" + run + "\t" + task), new Text(log.windowStartMs + "\t" + log.windowEndMs));
    for (Histogram interval : log.intervals) {
      String tag = interval.getTag();
      long index = Math.max(0, Math.round((interval.getStartTimeStamp() - log.windowStartMs) / (double) intervalMs));
      hold("H\t" + run + "\t" + tag + "\ttotal", interval);
      hold("H\t" + run + "\t" + tag + "\t" + index, interval);
      context.write(new Text("C\t" + run + "\t" + tag + "\t" + task + "\t" + interval.getStartTimeStamp()),
          new Text(interval.getEndTimeStamp() + "\t" + interval.getTotalCount()));
    }
    if (held.size() > MAX_HELD) {
      emitHeld(context);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    emitHeld(context);
  }

  private void hold(String key, Histogram histogram) {
    held.computeIfAbsent(key, k -> LatencyHistograms.newHistogram()).add(histogram);
  }

  private void emitHeld(Context context) throws IOException, InterruptedException {
    for (Map.Entry<String, Histogram> e : held.entrySet()) {
      context.write(new Text(e.getKey()), new Text(HistogramCodec.encode(e.getValue())));
    }
    held.clear();
  }

  private static byte[] readAll(FileSystem fs, Path path) throws IOException {
    try (InputStream in = fs.open(path); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
      in.transferTo(out);
      return out.toByteArray();
    }
  }
}
