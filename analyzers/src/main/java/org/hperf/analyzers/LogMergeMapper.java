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
 * Reads one task log and emits, per tag, its whole-window histogram and its histogram per interval
 * (keys {@code H <run> <tag> total} and {@code H <run> <tag> <interval index>}, merged by the
 * reducer), plus the task's window ({@code W}) and per-interval counts ({@code C}) from which the
 * driver computes throughput over the run's common window.
 */
public final class LogMergeMapper extends Mapper<Text, NullWritable, Text, Text> {
  static final String INTERVAL_MS = "hperf.aggregate.interval.ms";

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
    Map<String, Histogram> totals = new HashMap<>();
    for (Histogram interval : log.intervals) {
      String tag = interval.getTag();
      totals.computeIfAbsent(tag, t -> LatencyHistograms.newHistogram()).add(interval);
      long index = Math.max(0, Math.round((interval.getStartTimeStamp() - log.windowStartMs) / (double) intervalMs));
      context.write(new Text("H\t" + run + "\t" + tag + "\t" + index), new Text(HistogramCodec.encode(interval)));
      context.write(new Text("C\t" + run + "\t" + tag + "\t" + task + "\t" + interval.getStartTimeStamp()),
          new Text(interval.getEndTimeStamp() + "\t" + interval.getTotalCount()));
    }
    for (Map.Entry<String, Histogram> total : totals.entrySet()) {
      context.write(new Text("H\t" + run + "\t" + total.getKey() + "\ttotal"), new Text(HistogramCodec.encode(total.getValue())));
    }
  }

  private static byte[] readAll(FileSystem fs, Path path) throws IOException {
    try (InputStream in = fs.open(path); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
      in.transferTo(out);
      return out.toByteArray();
    }
  }
}
