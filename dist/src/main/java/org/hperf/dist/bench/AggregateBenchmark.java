package org.hperf.dist.bench;

import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.analyzers.AggregateTool;
import org.hperf.core.ExitCode;
import org.hperf.core.LatencyHistograms;
import org.hperf.dist.Perf;

/**
 * The aggregate benchmark of the analysis issue, rerunnable with {@code scripts/bench-aggregate}:
 * writes N synthetic task logs of 90 ten-second intervals (READ and UPDATE, ~1,000 samples each)
 * and aggregates them in the LocalJobRunner; prints wall time, peak heap and cost per log for each N.
 *
 * <p>Arguments: the log counts, default 1000 10000.
 */
public final class AggregateBenchmark {
  private static final int INTERVALS = 90;

  private AggregateBenchmark() {
  }

  public static void main(String[] args) {
    BenchmarkMain.exitAfter(AggregateBenchmark::run, args);
  }

  private static void run(String[] args) throws Exception {
    int[] counts = args.length == 0 ? new int[] {1000, 10000} : java.util.Arrays.stream(args).mapToInt(Integer::parseInt)
        .toArray();
    File base = new File(Perf.home(), "target/bench-aggregate").getAbsoluteFile();
    FileUtil.fullyDelete(base);
    StringBuilder report = new StringBuilder();
    for (int logs : counts) {
      File dir = new File(base, "logs-" + logs);
      writeLogs(dir, logs);
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
      report.append(String.format("%,7d logs x %d intervals: %8.1f s, %6.1f ms per log, peak heap %,6d MB%n", logs,
          INTERVALS, seconds, seconds * 1000 / logs, peakHeap >> 20));
    }
    System.out.println();
    System.out.printf("aggregate benchmark: LocalJobRunner, %d cores, max heap %d MB%n",
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
    System.out.print(report);
  }

  private static void writeLogs(File dir, int logs) throws Exception {
    File runDir = new File(dir, "run-1");
    runDir.mkdirs();
    java.nio.file.Files.writeString(new File(dir, "run.properties").toPath(),
        "workload.name=bench\nrun.clients=" + logs + "\nrun.interval.seconds=10\n");
    long start = 1_700_000_000_000L;
    SplittableRandom random = new SplittableRandom(1);
    for (int task = 0; task < logs; task++) {
      try (PrintStream out = new PrintStream(new File(runDir, String.format("client-%05d.hlog", task)),
          StandardCharsets.UTF_8)) {
        HistogramLogWriter writer = new HistogramLogWriter(out);
        writer.outputLogFormatVersion();
        writer.outputStartTime(start);
        writer.setBaseTime(start);
        writer.outputBaseTime(start);
        writer.outputLegend();
        for (int i = 0; i < INTERVALS; i++) {
          for (String tag : new String[] {"READ", "UPDATE"}) {
            Histogram h = LatencyHistograms.newHistogram();
            for (int s = 0; s < 1000; s++) {
              h.recordValue(100 + (long) (random.nextDouble() * random.nextDouble() * 20_000));
            }
            h.setTag(tag);
            h.setStartTimeStamp(start + i * 10_000L);
            h.setEndTimeStamp(start + (i + 1) * 10_000L);
            writer.outputIntervalHistogram(h);
          }
        }
        writer.outputComment("[hperf window startMs=" + start + " endMs=" + (start + INTERVALS * 10_000L) + "]");
      }
    }
  }

}
