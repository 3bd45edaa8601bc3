package org.hperf.dist.bench;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.core.EmbeddedCluster;
import org.hperf.core.ExitCode;
import org.hperf.dist.Perf;
import org.hperf.loaders.CreateTableTool;
import org.hperf.loaders.LoadTool;

/**
 * The load benchmark of the foundation issue, rerunnable with {@code scripts/bench-load}: on the
 * embedded cluster, loads N rows in bulk and in put mode at two scales and prints rows/s, MB/s,
 * wall time and the peak heap of the JVM that runs the tasks (in the embedded cluster the
 * LocalJobRunner tasks share the JVM with the region server, so it is the peak of both).
 *
 * <p>Arguments: {@code [small-records] [large-records] [regions]}, default 100000 1000000 16.
 */
public final class LoadBenchmark {
  private LoadBenchmark() {
  }

  record Result(String mode, long records, double seconds, long logicalBytes, long peakHeapBytes) {
    double rowsPerSecond() {
      return records / seconds;
    }

    double megabytesPerSecond() {
      return logicalBytes / 1e6 / seconds;
    }

    double microsPerRow() {
      return seconds * 1e6 / records;
    }
  }

  public static void main(String[] args) {
    BenchmarkMain.exitAfter(LoadBenchmark::run, args);
  }

  private static void run(String[] args) throws Exception {
    long small = args.length > 0 ? Long.parseLong(args[0]) : 100_000;
    long large = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
    int regions = args.length > 2 ? Integer.parseInt(args[2]) : 16;
    File dir = new File(Perf.home(), "target/bench-load").getAbsoluteFile();
    FileUtil.fullyDelete(dir);
    List<Result> results = new ArrayList<>();
    try (EmbeddedCluster cluster = EmbeddedCluster.start(dir, 1)) {
      for (String mode : new String[] {"bulk", "put"}) {
        for (long records : new long[] {small, large}) {
          results.add(load(cluster.configuration(), mode, records, regions));
        }
      }
    }
    System.out.println();
    System.out.printf("load benchmark: embedded cluster, %d regions, %d cores, max heap %d MB%n", regions,
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
    System.out.printf("%-5s %12s %10s %12s %10s %10s %14s%n", "mode", "records", "wall s", "rows/s", "MB/s",
        "us/row", "peak heap MB");
    for (Result r : results) {
      System.out.printf("%-5s %,12d %10.1f %,12.0f %10.1f %10.2f %,14d%n", r.mode(), r.records(), r.seconds(),
          r.rowsPerSecond(), r.megabytesPerSecond(), r.microsPerRow(), r.peakHeapBytes() >> 20);
    }
    for (String mode : new String[] {"bulk", "put"}) {
      Result smallRun = find(results, mode, small);
      Result largeRun = find(results, mode, large);
      double marginalMicros = (largeRun.seconds() - smallRun.seconds()) * 1e6 / (large - small);
      System.out.printf("%s: cost per row at %,d rows is %.0f%% of that at %,d rows; marginal cost of the"
          + " extra rows %.2f us/row (%.0f%% of the large run's average)%n", mode, large,
          100 * largeRun.microsPerRow() / smallRun.microsPerRow(), small, marginalMicros,
          100 * marginalMicros / largeRun.microsPerRow());
    }
    System.out.printf("bulk / put at %,d rows: %.1fx%n", large,
        find(results, "bulk", large).rowsPerSecond() / find(results, "put", large).rowsPerSecond());
  }

  private static Result find(List<Result> results, String mode, long records) {
    return results.stream().filter(r -> r.mode().equals(mode) && r.records() == records).findFirst().orElseThrow();
  }

  private static Result load(Configuration conf, String mode, long records, int regions) throws Exception {
    String table = "bench_" + mode + "_" + records;
    int created = ToolRunner.run(new Configuration(conf), new CreateTableTool(), new String[] {"--table", table,
        "--recordcount", Long.toString(records), "--regions", Integer.toString(regions)});
    if (created != ExitCode.OK) {
      throw new IllegalStateException("create-table " + table + " exited " + created);
    }
    System.gc();
    HeapSampler heap = new HeapSampler();
    heap.start();
    long started = System.nanoTime();
    int loaded = ToolRunner.run(new Configuration(conf), new LoadTool(), new String[] {"--table", table,
        "--mode", mode});
    double seconds = (System.nanoTime() - started) / 1e9;
    long peakHeap = heap.finish();
    if (loaded != ExitCode.OK) {
      throw new IllegalStateException("load " + table + " exited " + loaded);
    }
    long rowBytes = 4 + 19 + 10 * (6 + 100); // "user" + ~19 digits + 10 x (qualifier + value)
    return new Result(mode, records, seconds, records * rowBytes, peakHeap);
  }

}
