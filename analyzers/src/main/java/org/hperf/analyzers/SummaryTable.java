package org.hperf.analyzers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.UsageException;

/**
 * An aggregated workload read back from its run directory: {@code aggregate/summary.csv} and the
 * run's {@code run.properties}. Per operation: each run's throughput and the all-runs figures.
 */
final class SummaryTable {
  /** One operation's figures: the runs' throughputs and the all-runs mean throughput and p99. */
  record Operation(String tag, List<Double> runThroughputs, double meanThroughput, LatencySummary latency) {
    long p99Micros() {
      return latency.p99();
    }

    double min() {
      return runThroughputs.stream().mapToDouble(Double::doubleValue).min().orElse(meanThroughput);
    }

    double max() {
      return runThroughputs.stream().mapToDouble(Double::doubleValue).max().orElse(meanThroughput);
    }
  }

  final Path dir;
  final Properties record;
  final Map<String, Operation> operations;

  private SummaryTable(Path dir, Properties record, Map<String, Operation> operations) {
    this.dir = dir;
    this.record = record;
    this.operations = operations;
  }

  String workload() {
    return record.getProperty("workload.name", dir.getName());
  }

  static SummaryTable read(Configuration conf, Path dir) throws IOException, UsageException {
    FileSystem fs = dir.getFileSystem(conf);
    Path csv = new Path(dir, "aggregate/summary.csv");
    if (!fs.exists(csv)) {
      throw new UsageException(dir + " has no aggregate/summary.csv: run 'perf aggregate " + dir + "' first");
    }
    Properties record = new Properties();
    Path properties = new Path(dir, "run.properties");
    if (fs.exists(properties)) {
      try (InputStream in = fs.open(properties)) {
        record.load(in);
      }
    }
    Map<String, List<Double>> perRun = new LinkedHashMap<>();
    Map<String, Operation> operations = new LinkedHashMap<>();
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(csv), StandardCharsets.UTF_8))) {
      String line = reader.readLine(); // header
      while ((line = reader.readLine()) != null) {
        String[] f = line.split(",");
        String tag = f[1];
        double throughput = Double.parseDouble(f[2]);
        if (f[0].equals("all-runs")) {
          // scope, operation, throughput, then LatencySummary's columns
          LatencySummary latency = LatencySummary.fromCsv(f, 3);
          operations.put(tag, new Operation(tag, perRun.getOrDefault(tag, new ArrayList<>()), throughput, latency));
        } else {
          perRun.computeIfAbsent(tag, t -> new ArrayList<>()).add(throughput);
        }
      }
    }
    return new SummaryTable(dir, record, operations);
  }
}
