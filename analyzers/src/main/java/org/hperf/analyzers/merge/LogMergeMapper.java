package org.hperf.analyzers.merge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.run.TaskLogFormat;

/**
 * Reads task logs (many per map), streaming each, and emits per log its window, per interval and
 * tag the interval's histogram and its operation count clipped to the task's window, and per run
 * and tag the task's whole-window histogram (merged in the mapper over all its logs: a few per
 * run). Memory holds one interval histogram at a time plus those few totals, however long a log
 * is. A region tag's histogram spans the task's whole window and goes only into the totals. Keys
 * and values are {@link MergeRecord}'s.
 */
public final class LogMergeMapper extends Mapper<Text, NullWritable, Text, Text> {
  public static final String INTERVAL_MS = "hperf.aggregate.interval.ms";
  private static final int REGION_DIGITS = 2;

  private final Map<Text, Histogram> totals = new HashMap<>();

  @Override
  protected void map(Text pathText, NullWritable ignored, Context context) throws IOException, InterruptedException {
    Path path = new Path(pathText.toString());
    String run = path.getParent().getName();
    TaskLog log = TaskLog.open(path.getFileSystem(context.getConfiguration()), path);
    long intervalMs = context.getConfiguration().getLong(INTERVAL_MS, 1_000);
    context.write(MergeRecord.window(run), MergeRecord.windowValue(log.task, log.windowStartMs, log.windowEndMs));
    try {
      log.forEachInterval(h -> emit(context, run, log, h, intervalMs));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private void emit(Context context, String run, TaskLog log, Histogram interval, long intervalMs) {
    String tag = interval.getTag();
    // A task's interval never reaches past its own window: the time it took to notice the end is idle.
    long startMs = Math.max(interval.getStartTimeStamp(), log.windowStartMs);
    long endMs = Math.max(startMs, Math.min(interval.getEndTimeStamp(), log.windowEndMs));
    long index = Math.max(0, Math.round((interval.getStartTimeStamp() - log.windowStartMs) / (double) intervalMs));
    boolean region = tag != null && tag.contains(TaskLogFormat.REGION_MARK);
    // Regions are many (250 x 3 tags of 1 us - 1 h histograms would be 140 MB): theirs resize to
    // what they hold, at the 2 digits the tasks record them with.
    totals.computeIfAbsent(MergeRecord.total(run, tag), k -> region ? new Histogram(REGION_DIGITS)
        : LatencyHistograms.newHistogram()).add(interval);
    if (region) {
      return; // a whole-run histogram, not an interval: only its total counts
    }
    try {
      context.write(MergeRecord.interval(run, index, tag), new Text(HistogramCodec.encode(interval)));
      context.write(MergeRecord.count(run, tag), MergeRecord.countValue(startMs, endMs, interval.getTotalCount()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(new IOException("interrupted", e));
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    for (Map.Entry<Text, Histogram> e : totals.entrySet()) {
      context.write(e.getKey(), new Text(HistogramCodec.encode(e.getValue())));
    }
    totals.clear();
  }
}
