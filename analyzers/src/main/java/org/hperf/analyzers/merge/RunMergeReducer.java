package org.hperf.analyzers.merge;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.run.TaskLogFormat;

/**
 * Turns one run's merged records into its figures, streaming: the run's keys arrive windows first,
 * then counts, then interval histograms in time order, then whole-run histograms
 * ({@link MergeRecord}), so the reducer holds the run's common window and one histogram at a time.
 * It writes the run's merged interval log ({@code <run>.hlog}, committed with the job's output)
 * and {@link RunResult}'s lines: window, throughput per tag, interval points, totals.
 */
public final class RunMergeReducer extends Reducer<Text, Text, Text, Text> {
  private Run current;

  @Override
  protected void reduce(Text key, Iterable<Text> values, Context context) throws IOException, InterruptedException {
    MergeRecord k = MergeRecord.parse(key);
    if (current == null || !current.name.equals(k.run)) {
      finish(context);
      current = new Run(k.run, context.getConfiguration().getLong(LogMergeMapper.INTERVAL_MS, 1_000));
    }
    switch (k.kind) {
      case WINDOW -> values.forEach(v -> current.addWindow(MergeRecord.windowFields(v)));
      case COUNT -> values.forEach(v -> current.addCount(k.tag, MergeRecord.countFields(v)));
      case INTERVAL -> current.interval(k.index, k.tag, merge(values), context);
      case TOTAL -> context.write(new Text(current.name), RunResult.totalLine(k.tag, merge(values)));
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    finish(context);
  }

  private void finish(Context context) throws IOException, InterruptedException {
    if (current != null) {
      current.finish(context);
      current = null;
    }
  }

  private static Histogram merge(Iterable<Text> values) {
    Histogram merged = LatencyHistograms.newHistogram();
    for (Text value : values) {
      merged.add(HistogramCodec.decode(value.toString()));
    }
    return merged;
  }

  /** One run's state in the reducer. */
  private static final class Run {
    final String name;
    final long intervalMs;
    int tasks;
    final Map<String, Double> operationsInWindow = new TreeMap<>();
    long start = Long.MIN_VALUE;
    long end = Long.MAX_VALUE;
    long lastEnd = Long.MIN_VALUE;
    PrintStream logOut;
    HistogramLogWriter log;

    Run(String name, long intervalMs) {
      this.name = name;
      this.intervalMs = intervalMs;
    }

    void addWindow(String[] window) {
      long taskStart = Long.parseLong(window[1]);
      long taskEnd = Long.parseLong(window[2]);
      tasks++;
      start = Math.max(start, taskStart);
      end = Math.min(end, taskEnd);
      lastEnd = Math.max(lastEnd, taskEnd);
    }

    /** A task interval counts with the part of it inside the common window (operations spread evenly). */
    void addCount(String tag, long[] count) {
      long from = count[0];
      long to = count[1];
      double inside;
      if (to <= from) {
        inside = from >= start && from <= end ? count[2] : 0;
      } else {
        inside = count[2] * Math.max(0, Math.min(to, end) - Math.max(from, start)) / (double) (to - from);
      }
      operationsInWindow.merge(tag, inside, Double::sum);
    }

    void interval(long index, String tag, Histogram h, Context context) throws IOException, InterruptedException {
      long from = start + index * intervalMs;
      long lengthMs = Math.max(1, Math.min(intervalMs, lastEnd - from));
      RunResult.IntervalPoint point = new RunResult.IntervalPoint(index, h.getTotalCount() / (lengthMs / 1000.0),
          h.getValueAtPercentile(50), h.getValueAtPercentile(99));
      context.write(new Text(name), RunResult.pointLine(tag, point));
      h.setTag(tag);
      h.setStartTimeStamp(from);
      h.setEndTimeStamp(from + lengthMs);
      mergedLog(context).outputIntervalHistogram(h);
    }

    private HistogramLogWriter mergedLog(Context context) throws IOException, InterruptedException {
      if (log == null) {
        Path file = new Path(FileOutputFormat.getWorkOutputPath(context), name + TaskLogFormat.SUFFIX);
        logOut = new PrintStream(file.getFileSystem(context.getConfiguration()).create(file, false), false,
            StandardCharsets.UTF_8);
        log = new HistogramLogWriter(logOut);
        log.outputComment("[hperf aggregate " + name + ": " + tasks + " tasks merged]");
        log.outputLogFormatVersion();
        log.outputStartTime(start);
        log.setBaseTime(start);
        log.outputBaseTime(start);
        log.outputLegend();
      }
      return log;
    }

    void finish(Context context) throws IOException, InterruptedException {
      if (logOut != null) {
        logOut.close();
      }
      context.write(new Text(name), RunResult.windowLine(tasks, start, end, lastEnd));
      double seconds = (end - start) / 1000.0;
      for (Map.Entry<String, Double> e : operationsInWindow.entrySet()) {
        context.write(new Text(name), RunResult.throughputLine(e.getKey(), seconds > 0 ? e.getValue() / seconds : 0));
      }
    }
  }
}
