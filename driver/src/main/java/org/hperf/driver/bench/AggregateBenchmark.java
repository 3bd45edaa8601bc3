package org.hperf.driver.bench;

import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.analyzers.AggregateTool;
import org.hperf.core.ExitCode;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.OperationType;
import org.hperf.core.run.TaskLogFormat;
import org.hperf.driver.Perf;

/**
 * The aggregate benchmark, rerunnable with {@code scripts/bench-aggregate}: writes N synthetic task
 * logs (READ, UPDATE and ALL, ~1,000 samples an interval each) and aggregates them in the
 * LocalJobRunner; prints wall time, peak heap and cost per log for each set.
 *
 * <p>Arguments: sets of logs, each {@code N} (N logs of 90 ten-second intervals) or {@code NxI} (N
 * logs of I one-second intervals, e.g. 2x900 for 900 s runs at 1 s); default 1000 10000.
 */
public final class AggregateBenchmark {

  private AggregateBenchmark() {
  }

  public static void main(String[] args) {
    BenchmarkMain.exitAfter(AggregateBenchmark::run, args);
  }

  private static void run(String[] args) throws Exception {
    String[] sets = args.length == 0 ? new String[] {"1000", "10000"} : args;
    File base = new File(Perf.home(), "target/bench-aggregate").getAbsoluteFile();
    FileUtil.fullyDelete(base);
    StringBuilder report = new StringBuilder();
    for (String set : sets) {
      int logs = Integer.parseInt(set.split("x")[0]);
      int intervals = set.contains("x") ? Integer.parseInt(set.split("x")[1]) : 90;
      int intervalSeconds = set.contains("x") ? 1 : 10;
      File dir = new File(base, "logs-" + set);
      writeLogs(dir, logs, intervals, intervalSeconds);
      Configuration conf = new Configuration();
      conf.set("mapreduce.framework.name", "local");
      conf.set("fs.defaultFS", "file:///");
      conf.set("hadoop.tmp.dir", new File(base, "hadoop").getPath());
      conf.setInt("mapreduce.local.map.tasks.maximum", Runtime.getRuntime().availableProcessors());
      System.gc();
      HeapSampler heap = new HeapSampler();
      heap.start();
      long started = System.nanoTime();
      int exit = ToolRunner.run(conf, new AggregateTool(), new String[] {dir.getPath()});
      double seconds = (System.nanoTime() - started) / 1e9;
      long peakHeap = heap.finish();
      if (exit != ExitCode.OK) {
        throw new IllegalStateException("aggregate of " + logs + " logs exited " + exit);
      }
      report.append(String.format(Locale.ROOT, "%,7d logs x %d intervals of %d s: %8.1f s, %6.1f ms per log, peak heap %,6d MB%n",
          logs, intervals, intervalSeconds, seconds, seconds * 1000 / logs, peakHeap >> 20));
    }
    System.out.println();
    System.out.printf(Locale.ROOT, "aggregate benchmark: LocalJobRunner, %d cores, max heap %d MB%n",
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
    System.out.print(report);
  }

  private static void writeLogs(File dir, int logs, int intervals, int intervalSeconds) throws Exception {
    File runDir = new File(dir, "run-1");
    runDir.mkdirs();
    java.nio.file.Files.writeString(new File(dir, "run.properties").toPath(),
        "workload.name=bench\nrun.clients=" + logs + "\nrun.interval.seconds=" + intervalSeconds + "\n");
    long intervalMs = intervalSeconds * 1000L;
    long start = 1_700_000_000_000L;
    SplittableRandom random = new SplittableRandom(1);
    for (int task = 0; task < logs; task++) {
      try (PrintStream out = new PrintStream(new File(runDir, TaskLogFormat.fileName(task)),
          StandardCharsets.UTF_8)) {
        HistogramLogWriter writer = new HistogramLogWriter(out);
        writer.outputLogFormatVersion();
        writer.outputStartTime(start);
        writer.setBaseTime(start);
        writer.outputBaseTime(start);
        writer.outputLegend();
        for (int i = 0; i < intervals; i++) {
          for (String tag : new String[] {"READ", "UPDATE", OperationType.ALL_TAG}) {
            Histogram h = LatencyHistograms.newHistogram();
            for (int s = 0; s < 1000; s++) {
              h.recordValue(100 + (long) (random.nextDouble() * random.nextDouble() * 20_000));
            }
            h.setTag(tag);
            h.setStartTimeStamp(start + i * intervalMs);
            h.setEndTimeStamp(start + (i + 1) * intervalMs);
            writer.outputIntervalHistogram(h);
          }
        }
        writer.outputComment(TaskLogFormat.windowComment(start, start + intervals * intervalMs));
      }
    }
  }

}
