package org.hperf.pseudo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * perf.jar as a user runs it on a cluster: {@code scripts/perf-cluster} ({@code hadoop jar} with
 * {@code hbase mapredcp} and the HBase configuration directory, nothing else of HBase) against a
 * pseudo-distributed cluster whose every daemon is its own JVM, HBase on HDFS, jobs on YARN whose
 * task JVMs get only the Hadoop jars and what the job ships. One cluster per HBase release in
 * {@code pseudo.hbase.versions}; the same perf.jar against each. Each step assumes the previous
 * ones passed, so the first failure names the step that broke.
 */
class PerfClusterIT {
  private static final File ROOT = new File(System.getProperty("hperf.root", "..")).getAbsoluteFile().toPath().normalize().toFile();
  private static final int RECORDS = 20_000;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestFactory
  Stream<DynamicNode> perfJarOnEachHBaseRelease() {
    String versions = System.getProperty("pseudo.hbase.versions", "2.6.1-hadoop3");
    return Arrays.stream(versions.split(",")).map(String::trim).filter(v -> !v.isEmpty())
        .map(version -> DynamicContainer.dynamicContainer("HBase " + version, steps(version)));
  }

  /** The steps against one release, sharing its cluster; the last one stops it. */
  private Stream<DynamicNode> steps(String version) {
    Steps s = new Steps(version);
    List<DynamicNode> steps = new ArrayList<>();
    steps.add(s.step("start the pseudo-distributed cluster", s::start));
    steps.add(s.step("create-table", s::createTable));
    steps.add(s.step("load --mode bulk: HFiles renamed into the regions on HDFS (2.4: refused, --mode put)", s::bulkLoad));
    steps.add(s.step("verify", s::verify));
    steps.add(s.step("run a workload with 2 clients on YARN", s::workload));
    steps.add(s.step("counters from the JobHistoryServer's REST API", s::historyCounters));
    steps.add(s.step("aggregate, report, compare", s::analyze));
    steps.add(DynamicTest.dynamicTest("stop the cluster", s::stop));
    return steps.stream();
  }

  /** The state one release's steps share. */
  private static final class Steps {
    private final String version;
    private final File dir;
    private PseudoCluster cluster;
    private String failedStep;
    private final Map<String, String> runDirs = new HashMap<>();
    private final List<String> workloadJobIds = new ArrayList<>();
    private final List<Long> readsOk = new ArrayList<>();

    Steps(String version) {
      this.version = version;
      this.dir = new File(ROOT, "pseudo/target/cluster-" + version);
    }

    DynamicTest step(String name, Executable body) {
      return DynamicTest.dynamicTest(name, () -> {
        if (failedStep != null) {
          throw new AssertionError("not run: step '" + failedStep + "' failed on HBase " + version);
        }
        try {
          body.execute();
        } catch (Throwable t) {
          failedStep = name;
          throw t;
        }
      });
    }

    void start() {
      cluster = PseudoCluster.start(ROOT, dir, version);
      System.out.printf("HBase %s: pseudo-distributed cluster (8 daemons) up in %.1f s%n", version,
          cluster.startMillis() / 1000.0);
    }

    PseudoCluster.Result ok(String arguments) {
      PseudoCluster.Result result = cluster.perfCluster(arguments);
      System.out.printf("HBase %s: perf-cluster %s: exit %d in %.1f s%n", version, arguments, result.exitCode(),
          result.millis() / 1000.0);
      assertEquals(0, result.exitCode(), () -> "perf-cluster " + arguments + " on HBase " + version + ":\n" + result.output());
      return result;
    }

    void createTable() {
      ok("create-table --table t --recordcount " + RECORDS + " --regions 4");
    }

    void bulkLoad() throws IOException {
      if (version.startsWith("2.4.")) {
        // Maven's HBase 2.4 jars are built for Hadoop 2: their bulk-load client cannot run on Hadoop 3.
        PseudoCluster.Result refused = cluster.perfCluster("load --table t --mode bulk");
        assertEquals(2, refused.exitCode(), refused.output());
        assertTrue(refused.output().contains("--mode bulk cannot finish with these HBase client jars: HBase " + version
            + " was built for Hadoop 2"), refused.output());
        assertFalse(refused.output().contains("Running job"), "refused after starting a job: " + refused.output());
        PseudoCluster.Result put = ok("load --table t --mode put");
        assertTrue(put.output().contains("loaded 20,000 records"), put.output());
        return;
      }
      PseudoCluster.Result load = ok("load --table t --mode bulk");
      assertTrue(load.output().contains("loaded 20,000 records"), load.output());
      String regionServerLog = Files.readString(cluster.log("regionserver").toPath());
      // HBase copies an HFile that is on another file system than the region's; on HDFS it renames.
      assertFalse(regionServerLog.contains("is on different filesystem"), "the bulk load copied HFiles instead of renaming them");
      assertTrue(regionServerLog.contains("Loaded HFile"), "the region server loaded no HFile");
    }

    void verify() {
      PseudoCluster.Result verify = ok("verify --table t");
      assertTrue(verify.output().contains("verify OK: 20,000 rows intact"), verify.output());
    }

    void workload() throws IOException {
      for (String side : List.of("a", "b")) {
        String output = "runs/workloadc-" + side;
        PseudoCluster.Result run = ok("run -P conf/workloads/workloadc --table t --clients 2 --threads 2 --duration 8 --output " + output);
        runDirs.put(side, output);
        Matcher job = Pattern.compile("hperf workload \\(job (job_\\d+_\\d+)\\)").matcher(run.output());
        assertTrue(job.find(), "no job id in:\n" + run.output());
        workloadJobIds.add(job.group(1));
        Matcher reads = Pattern.compile("\n  Read OK +([\\d,]+)\n").matcher(run.output());
        assertTrue(reads.find(), run.output());
        readsOk.add(Long.parseLong(reads.group(1).replace(",", "")));
        assertTrue(readsOk.get(readsOk.size() - 1) > 0, run.output());
        // The JDK 17 flags reached the client JVM (perf-cluster) and the task JVMs (the job).
        assertFalse(run.output().contains("InaccessibleObjectException"), run.output());
      }
      try (Stream<java.nio.file.Path> logs = Files.walk(new File(dir, "data/nm-logs").toPath())) {
        List<String> complaining = logs.filter(Files::isRegularFile).filter(log -> {
          try {
            return Files.readString(log).contains("InaccessibleObjectException");
          } catch (IOException e) {
            return false;
          }
        }).map(Object::toString).toList();
        assertTrue(complaining.isEmpty(), "task JVMs without the JDK 17 flags: " + complaining);
      }
    }

    void historyCounters() throws IOException {
      for (int i = 0; i < workloadJobIds.size(); i++) {
        String jobId = workloadJobIds.get(i);
        JsonNode groups = JSON.readTree(new URL(cluster.env("JOBHISTORY_WEB") + "/ws/v1/history/mapreduce/jobs/"
            + jobId + "/counters")).path("jobCounters").path("counterGroup");
        assertEquals(2, counter(groups, "org.apache.hadoop.mapreduce.JobCounter", "TOTAL_LAUNCHED_MAPS"), jobId);
        assertEquals(readsOk.get(i), counter(groups, "org.hperf.jobs.WorkloadCounters", "READ_OK"), jobId);
        assertEquals(readsOk.get(i), counter(groups, "org.hperf.jobs.WorkloadCounters", "MEASURED_OPERATIONS"), jobId);
      }
      // The REST API names counters by their enum; the web UI shows the display names.
      String page = new String(new URL(cluster.env("JOBHISTORY_WEB") + "/jobhistory/jobcounters/"
          + workloadJobIds.get(0)).openStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      for (String shown : List.of("hperf workload", "Read OK", "Operations measured (top-level)")) {
        assertTrue(page.contains(shown), "JobHistory counters page without '" + shown + "'");
      }
    }

    private static long counter(JsonNode groups, String group, String name) {
      for (JsonNode g : groups) {
        if (g.path("counterGroupName").asText().equals(group)) {
          for (JsonNode counter : g.path("counter")) {
            if (counter.path("name").asText().equals(name)) {
              return counter.path("totalCounterValue").asLong();
            }
          }
        }
      }
      throw new AssertionError("no counter " + group + "." + name + " in " + groups);
    }

    void analyze() throws IOException {
      for (String side : List.of("a", "b")) {
        PseudoCluster.Result aggregate = ok("aggregate " + runDirs.get(side));
        Matcher line = Pattern.compile("\nALL +run-1 +[\\d,.]+ +([\\d,]+) ").matcher(aggregate.output());
        assertTrue(line.find(), aggregate.output());
        // The merged logs hold every operation the counters counted (an 8 s run, no warm-up).
        assertEquals((long) readsOk.get(side.equals("a") ? 0 : 1), Long.parseLong(line.group(1).replace(",", "")),
            aggregate.output());
      }
      File html = new File(dir, "report.html");
      PseudoCluster.Result report = ok("report " + runDirs.get("a") + " " + runDirs.get("b") + " --html file://" + html);
      assertTrue(report.output().contains("HTML report: file:" + html), report.output());
      assertTrue(Files.readString(html.toPath()).contains("workloadc"), "report without the workload");
      PseudoCluster.Result compare = ok("compare " + runDirs.get("a") + " " + runDirs.get("b"));
      assertTrue(compare.output().contains("fewer than 2 runs on a side: no verdict"), compare.output());
    }

    void stop() {
      if (cluster != null) {
        cluster.close();
      }
    }
  }
}
