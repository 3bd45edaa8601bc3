package org.hperf.dist.bench;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.core.DatasetSpec;
import org.hperf.core.EmbeddedCluster;
import org.hperf.core.ExitCode;
import org.hperf.core.OperationType;
import org.hperf.core.cli.DatasetOptions;
import org.hperf.dist.Perf;
import org.hperf.jobs.ClientRetries;
import org.hperf.jobs.Outcome;
import org.hperf.jobs.RunSpec;
import org.hperf.jobs.WorkloadCounters;
import org.hperf.jobs.WorkloadTool;
import org.hperf.loaders.CreateTableTool;
import org.hperf.loaders.LoadTool;

/**
 * The workload benchmark of the workload issue, rerunnable with {@code scripts/bench-workload}: on
 * the embedded cluster with 100,000 loaded rows, 1 client x 8 threads run workload C and then A for
 * 60 s each; prints ops/s and the client's CPU microseconds per operation (client threads' CPU
 * time over the operations they ran), which says whether the client could limit a benchmark.
 *
 * <p>Arguments: {@code [seconds] [records] [threads] [on|off]}, default 60 100000 8 on; the last
 * turns the HBase client's connection metrics (hperf's retry counters) on or off, to measure their
 * cost.
 */
public final class WorkloadBenchmark {
  private WorkloadBenchmark() {
  }

  public static void main(String[] args) {
    BenchmarkMain.exitAfter(WorkloadBenchmark::run, args);
  }

  private static void run(String[] args) throws Exception {
    long seconds = args.length > 0 ? Long.parseLong(args[0]) : 60;
    long records = args.length > 1 ? Long.parseLong(args[1]) : 100_000;
    int threads = args.length > 2 ? Integer.parseInt(args[2]) : 8;
    boolean clientMetrics = args.length <= 3 || !args[3].equals("off");
    File home = Perf.home();
    File dir = new File(home, "target/bench-workload").getAbsoluteFile();
    FileUtil.fullyDelete(dir);
    StringBuilder report = new StringBuilder();
    try (EmbeddedCluster cluster = EmbeddedCluster.start(dir, 1)) {
      Configuration conf = cluster.configuration();
      conf.setBoolean(ClientRetries.ENABLED, clientMetrics);
      String[] create = {"--table", "bench", "--recordcount", Long.toString(records), "--regions", "16"};
      check(ToolRunner.run(new Configuration(conf), new CreateTableTool(), create), "create-table");
      check(ToolRunner.run(new Configuration(conf), new LoadTool(), new String[] {"--table", "bench"}), "load");
      DatasetSpec dataset = DatasetSpec.resolve(Map.of("table", "bench", "recordcount", Long.toString(records)),
          Map.of());
      for (String workload : new String[] {"workloadc", "workloada"}) {
        Map<String, String> properties = new LinkedHashMap<>(
            DatasetOptions.readPropertyFile(new File(home, "conf/workloads/" + workload).toPath()));
        properties.put("hperf.workload.name", workload);
        RunSpec runSpec = new RunSpec(1, threads, seconds, 0, 0, 0.001, 10, 1, 1, 1, 600, records);
        Path output = new Path(new File(dir, "runs/" + workload).toURI());
        Job job = WorkloadTool.createSubmittableJob(conf, dataset, properties, runSpec, new Path(output, "run-1"),
            new Path(output, ".barrier"));
        if (!job.waitForCompletion(true)) {
          throw new IllegalStateException(workload + " job failed");
        }
        Counters counters = job.getCounters();
        long operations = 0;
        for (OperationType op : OperationType.values()) {
          if (op == OperationType.READ_MODIFY_WRITE) {
            continue; // its read and update are counted on their own
          }
          for (Outcome outcome : Outcome.values()) {
            operations += counters.findCounter(WorkloadCounters.of(op, outcome)).getValue();
          }
        }
        long cpuMicros = counters.findCounter(WorkloadCounters.TASK_JVM_CPU_MICROS).getValue();
        report.append(String.format("%-10s %3d threads %4d s %,12d ops %,10.0f ops/s %8.1f client CPU us/op"
            + " (client metrics %s)%n", workload, threads, seconds, operations, operations / (double) seconds,
            cpuMicros / (double) operations, clientMetrics ? "on" : "off"));
      }
    }
    System.out.println();
    System.out.printf("workload benchmark: embedded cluster, %,d rows in 16 regions, 1 client, %d cores%n", records,
        Runtime.getRuntime().availableProcessors());
    System.out.print(report);
  }

  private static void check(int exit, String step) {
    if (exit != ExitCode.OK) {
      throw new IllegalStateException(step + " exited " + exit);
    }
  }

}
