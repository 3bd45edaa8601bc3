package org.hperf.pseudo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * perf.jar as a user runs it on a cluster: {@code scripts/hperf-cluster} ({@code hadoop jar} with
 * {@code hbase mapredcp} and the HBase configuration directory, nothing else of HBase) against a
 * pseudo-distributed cluster whose every daemon is its own JVM, HBase on HDFS, jobs on YARN whose
 * task JVMs get only the Hadoop jars and what the job ships. One cluster per HBase release in
 * {@code pseudo.hbase.versions} ({@code release[:region servers]}); the same perf.jar against each.
 * On a cluster of three or more region servers, each its own JVM, the per-server figures and a lost
 * server are checked too. Each step assumes the previous ones passed, so the first failure names the
 * step that broke.
 */
class PerfClusterIT {
  private static final File ROOT = new File(System.getProperty("hperf.root", "..")).getAbsoluteFile().toPath().normalize().toFile();
  private static final int RECORDS = 20_000;
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Its clusters' ports: UpgradeAbIT's run at the same time, from {@link UpgradeAbIT#PORTS}. */
  static final String PORTS = "20000-25999";

  @TestFactory
  Stream<DynamicNode> perfJarOnEachHBaseRelease() {
    String versions = System.getProperty("pseudo.hbase.versions", "2.6.1-hadoop3:3");
    return Arrays.stream(versions.split(",")).map(String::trim).filter(v -> !v.isEmpty()).map(entry -> {
      String[] parts = entry.split(":");
      int regionServers = parts.length > 1 ? Integer.parseInt(parts[1]) : 1;
      return DynamicContainer.dynamicContainer("HBase " + parts[0] + ", " + regionServers + " region servers",
          steps(parts[0], regionServers));
    });
  }

  /** The steps against one release, sharing its cluster; the last one stops it. */
  private Stream<DynamicNode> steps(String version, int regionServers) {
    Steps s = new Steps(version, regionServers);
    List<DynamicNode> steps = new ArrayList<>();
    steps.add(s.step("start the pseudo-distributed cluster", s::start));
    steps.add(s.step("create-table", s::createTable));
    steps.add(s.step("load --mode bulk: HFiles renamed into the regions on HDFS (2.4: refused, --mode put)", s::bulkLoad));
    steps.add(s.step("verify", s::verify));
    steps.add(s.step("run a workload with 2 clients on YARN, on a hot key range, per server", s::workload));
    steps.add(s.step("counters from the JobHistoryServer's REST API", s::historyCounters));
    steps.add(s.step("aggregate: every counted operation merged, the hot region and its server named, per-server"
        + " figures from every server", s::aggregate));
    steps.add(s.step("report, compare", s::reportAndCompare));
    if (regionServers >= 3) {
      steps.add(s.step("each region server its own JVM and port, listed by status", s::separateRegionServers));
      steps.add(s.step("kill -9 of a region server during a load: every record written", s::killDuringLoad));
      steps.add(s.step("kill -9 of a region server during a run: disturbed, every operation counted once; verify:"
          + " nothing lost by either kill", s::killDuringRun));
    }
    steps.add(DynamicTest.dynamicTest("stop the cluster", s::stop));
    return steps.stream();
  }

  /** The state one release's steps share. */
  private static final class Steps {
    private final String version;
    private final int regionServers;
    private final File dir;
    private PseudoCluster cluster;
    private String failedStep;
    /** The workload's run directory on HDFS, as given to run. */
    private static final String RUNS = "runs/workloadc";
    /** Whether the aggregate found the run disturbed (regions moved, RPCs retried). */
    private boolean runDisturbed;
    private final List<String> workloadJobIds = new ArrayList<>();
    private final List<Long> readsOk = new ArrayList<>();

    Steps(String version, int regionServers) {
      this.version = version;
      this.regionServers = regionServers;
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
      cluster = PseudoCluster.start(ROOT, dir, version, regionServers, PORTS);
      System.out.printf("HBase %s: pseudo-distributed cluster (%d daemons) up in %.1f s%n", version,
          7 + regionServers, cluster.startMillis() / 1000.0);
    }

    PseudoCluster.Result ok(String arguments) {
      PseudoCluster.Result result = cluster.hperfCluster(arguments);
      System.out.printf("HBase %s: hperf-cluster %s: exit %d in %.1f s%n", version, arguments, result.exitCode(),
          result.millis() / 1000.0);
      assertEquals(0, result.exitCode(), () -> "hperf-cluster " + arguments + " on HBase " + version + ":\n" + result.output());
      return result;
    }

    /**
     * Keys in insertion order (user00000 to user19999), so that the hotspot run's hot keys are all in
     * the first of the 4 regions, [(start), user05000).
     */
    void createTable() {
      ok("create-table --table t --recordcount " + RECORDS + " --regions 4 -p insertorder=ordered -p zeropadding=5");
    }

    void bulkLoad() throws IOException {
      if (version.startsWith("2.4.")) {
        // Maven's HBase 2.4 jars are built for Hadoop 2: their bulk-load client cannot run on Hadoop 3.
        PseudoCluster.Result refused = cluster.hperfCluster("load --table t --mode bulk");
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
      String regionServerLog = cluster.regionServerLogs();
      // HBase copies an HFile that is on another file system than the region's; on HDFS it renames.
      assertFalse(regionServerLog.contains("is on different filesystem"), "the bulk load copied HFiles instead of renaming them");
      assertTrue(regionServerLog.contains("Loaded HFile"), "the region server loaded no HFile");
    }

    void verify() {
      PseudoCluster.Result verify = ok("verify --table t");
      assertTrue(verify.output().contains("verify OK: 20,000 rows intact"), verify.output());
    }

    /**
     * One run serves every later check: workload C on the hotspot distribution over keys in
     * insertion order (the first region gets the hot keys), --per-server, 2 clients on YARN.
     */
    void workload() throws IOException {
      PseudoCluster.Result run = ok("run -P conf/workloads/workloadc --table t -p requestdistribution=hotspot --per-server"
          + " --clients 2 --threads 2 --duration 8 --output " + RUNS);
      Matcher job = Pattern.compile("hperf workload \\(job (job_\\d+_\\d+)\\)").matcher(run.output());
      assertTrue(job.find(), "no job id in:\n" + run.output());
      workloadJobIds.add(job.group(1));
      Matcher reads = Pattern.compile("\n  Read OK +([\\d,]+)\n").matcher(run.output());
      assertTrue(reads.find(), run.output());
      readsOk.add(Long.parseLong(reads.group(1).replace(",", "")));
      assertTrue(readsOk.get(0) > 0, run.output());
      // The JDK 17 flags reached the client JVM (hperf-cluster) and the task JVMs (the job).
      assertFalse(run.output().contains("InaccessibleObjectException"), run.output());
      // Every container's logs (the AM's and both tasks'), read whole: a log that cannot be read fails
      // the step rather than count as clean. ISO-8859-1 decodes any byte, so a log with binary output reads.
      for (String jobId : workloadJobIds) {
        File application = new File(dir, "data/nm-logs/" + jobId.replace("job_", "application_"));
        List<java.nio.file.Path> syslogs;
        try (Stream<java.nio.file.Path> files = Files.walk(application.toPath())) {
          syslogs = files.filter(f -> f.getFileName().toString().equals("syslog")).toList();
        }
        assertTrue(syslogs.size() >= 3, "the AM's and the 2 tasks' syslog in " + application + ": " + syslogs);
      }
      try (Stream<java.nio.file.Path> logs = Files.walk(new File(dir, "data/nm-logs").toPath())) {
        List<String> complaining = new ArrayList<>();
        for (java.nio.file.Path log : (Iterable<java.nio.file.Path>) logs.filter(Files::isRegularFile)::iterator) {
          if (Files.readString(log, java.nio.charset.StandardCharsets.ISO_8859_1)
              .contains("InaccessibleObjectException")) {
            complaining.add(log.toString());
          }
        }
        assertTrue(complaining.isEmpty(), "task JVMs without the JDK 17 flags: " + complaining);
      }
    }

    void historyCounters() throws IOException {
      for (int i = 0; i < workloadJobIds.size(); i++) {
        String jobId = workloadJobIds.get(i);
        JsonNode groups;
        try (var in = PseudoCluster.open(cluster.env("JOBHISTORY_WEB") + "/ws/v1/history/mapreduce/jobs/" + jobId
            + "/counters")) {
          groups = JSON.readTree(in).path("jobCounters").path("counterGroup");
        }
        assertEquals(2, counter(groups, "org.apache.hadoop.mapreduce.JobCounter", "TOTAL_LAUNCHED_MAPS"), jobId);
        assertEquals(readsOk.get(i), counter(groups, "org.hperf.jobs.WorkloadCounters", "READ_OK"), jobId);
        assertEquals(readsOk.get(i), counter(groups, "org.hperf.jobs.WorkloadCounters", "MEASURED_OPERATIONS"), jobId);
      }
      // The REST API names counters by their enum; the web UI shows the display names.
      String page;
      try (var in = PseudoCluster.open(cluster.env("JOBHISTORY_WEB") + "/jobhistory/jobcounters/"
          + workloadJobIds.get(0))) {
        page = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      }
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

    /**
     * The run's report, and compare, which gives no verdict on one run a side (the run against
     * itself): for that reason, or first because the run was disturbed, as its aggregate said (on a
     * busy machine a region may move during the run).
     */
    void reportAndCompare() throws IOException {
      File html = new File(dir, "report.html");
      PseudoCluster.Result report = ok("report " + RUNS + " --output file://" + html);
      assertTrue(report.output().contains("HTML report: file:" + html), report.output());
      assertTrue(Files.readString(html.toPath()).contains("workloadc"), "report without the workload");
      PseudoCluster.Result compare = ok("compare " + RUNS + " " + RUNS);
      String expected = runDisturbed ? "no verdict: disturbed: " : "no verdict: fewer than 2 runs on a side (1 and 1)";
      assertTrue(compare.output().contains("\nALL ") && compare.output().contains(expected), compare.output());
    }

    void separateRegionServers() {
      PseudoCluster.Result status = cluster.bash(2, "scripts/pseudo-cluster status --dir '" + dir + "'");
      assertEquals(0, status.exitCode(), status.output());
      Set<Long> pids = new HashSet<>();
      Set<String> ports = new HashSet<>();
      for (int i = 1; i <= regionServers; i++) {
        Matcher line = Pattern.compile("regionserver-" + i + ": running, pid (\\d+), port (\\d+)").matcher(status.output());
        assertTrue(line.find(), status.output());
        long pid = Long.parseLong(line.group(1));
        assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "regionserver-" + i + " pid " + pid);
        pids.add(pid);
        ports.add(line.group(2));
        assertEquals(line.group(2), cluster.env("REGIONSERVER_" + i + "_PORT"));
      }
      assertEquals(regionServers, pids.size(), status.output());
      assertEquals(regionServers, ports.size(), status.output());
    }

    /**
     * The merged logs hold every operation the counters counted (an 8 s run, no warm-up). The
     * hotspot finding must name the first region, [(start), user05000), and a server, and every
     * region server must appear in the per-server figures (4 regions on 3 servers: each holds one).
     */
    void aggregate() throws IOException {
      PseudoCluster.Result aggregate = ok("aggregate " + RUNS);
      runDisturbed = aggregate.output().contains("run-1 is DISTURBED");
      Matcher line = Pattern.compile("\nALL +run-1 +[\\d,.]+ +([\\d,]+) ").matcher(aggregate.output());
      assertTrue(line.find(), aggregate.output());
      assertEquals((long) readsOk.get(0), Long.parseLong(line.group(1).replace(",", "")), aggregate.output());
      String summary;
      try (var in = cluster.hdfsOpen(RUNS + "/aggregate/summary.json")) {
        summary = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      }
      JsonNode hotspots = JSON.readTree(summary).path("perRun").path("run-1").path("placement").path("hotspots");
      List<String> findings = new ArrayList<>();
      hotspots.forEach(h -> findings.add(h.path("finding").asText()));
      assertTrue(findings.stream().anyMatch(f -> f.startsWith("region [(start), user05000) served ")), findings.toString());
      Set<String> servers = new HashSet<>();
      for (int i = 1; i <= regionServers; i++) {
        servers.add("127.0.0.1:" + cluster.env("REGIONSERVER_" + i + "_PORT"));
      }
      assertTrue(findings.stream().anyMatch(f -> servers.contains(f.split(" ")[0])), findings + " names no server of "
          + servers);
      Set<String> served = new HashSet<>();
      String placement;
      try (var in = cluster.hdfsOpen(RUNS + "/aggregate/placement.csv")) {
        placement = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      }
      for (String csvLine : placement.split("\n")) {
        String[] fields = csvLine.split(",");
        if (fields.length > 2 && fields[1].equals("server")) {
          served.add(fields[2]);
        }
      }
      assertEquals(servers, served, "per-server figures");
    }

    /**
     * A region server that holds regions of the table dies (kill -9) while the load's map task
     * runs: the load still writes every record. That no row is missing is verify's, once, after the
     * next step's kill too (a workload A run only updates rows that exist: a missing row can only be
     * the load's).
     *
     * <p>The kill waits for the ResourceManager to give the map its container, not for the victim's
     * JMX write counter: that counter is refreshed every few seconds, and a 40,000-record load once
     * ended before it moved. A map cannot end before its container runs, and it then writes for
     * several seconds, so the kill lands while the map starts or writes, never after it.
     */
    void killDuringLoad() throws Exception {
      ok("create-table --table lost --recordcount 40000 --regions 6");
      int victim = serverHolding("lost", regionServers - 1);
      File out = new File(dir, "load-killed.out");
      Process load = cluster.hperfClusterInBackground("load --table lost --mode put", out);
      awaitMapContainer(load, out);
      cluster.killHard("regionserver-" + victim);
      assertTrue(load.waitFor(10, TimeUnit.MINUTES), "load still running 10 min after the kill");
      String output = Files.readString(out.toPath());
      assertEquals(0, load.exitValue(), output);
      assertTrue(output.contains("loaded 40,000 records"), output);
      awaitRegions();
    }

    /**
     * A region server, other than the one spared (the next step's victim), with a region of the table
     * open, the highest-numbered first; waits up to a minute for the table's regions to open.
     */
    private int serverHolding(String table, int spared) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      while (true) {
        for (int i = regionServers; i >= 1; i--) {
          if (i != spared && cluster.regionServerHolds(i, table)) {
            return i;
          }
        }
        assertTrue(System.nanoTime() < deadline, "after a minute no region server but " + spared
            + " had a region of " + table + " open");
        Thread.sleep(500);
      }
    }

    /** Until the ResourceManager has allocated the load's map its container (the job's second). */
    private void awaitMapContainer(Process command, File out) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      while (cluster.containersAllocated() < 2) {
        assertTrue(command.isAlive(), "the command ended before its map task had a container:\n"
            + Files.readString(out.toPath()));
        assertTrue(System.nanoTime() < deadline, "no container for the load's map task after 3 minutes:\n"
            + Files.readString(out.toPath()));
        Thread.sleep(100);
      }
      assertTrue(command.isAlive(), "the command ended as its map task got a container:\n"
          + Files.readString(out.toPath()));
    }

    /**
     * Another region server dies during a run of workload A: the run ends, names the lost server,
     * is marked disturbed, and its histogram logs hold exactly the operations its counters count.
     * Then verify: every row the killed load wrote is there, none corrupt after the killed run's updates.
     */
    void killDuringRun() throws Exception {
      int victim = regionServers - 1;
      File runs = new File(dir, "runs-killed");
      File out = new File(dir, "run-killed.out");
      // 40 s: killed a quarter in, the run must outlast the 20 s ZooKeeper session timeout after which
      // the master counts the server lost (a 20 s run ended first and named no lost server).
      Process run = cluster.hperfClusterInBackground("run -P conf/workloads/workloada --table lost --clients 2 --threads 2"
          + " --duration 40 --interval 1 --max-error-ratio 1 --output file://" + runs, out);
      awaitMeasuring(run, out);
      cluster.killHard("regionserver-" + victim);
      assertTrue(run.waitFor(10, TimeUnit.MINUTES), "run still going 10 min after the kill");
      String output = Files.readString(out.toPath());
      assertEquals(0, run.exitValue(), output);
      Properties record = new Properties();
      try (var in = Files.newBufferedReader(new File(runs, "run.properties").toPath())) {
        record.load(in);
      }
      String lost = record.getProperty("run.1.regionserversLost", "");
      assertTrue(lost.contains("127.0.0.1," + cluster.env("REGIONSERVER_" + victim + "_PORT") + ","), record.toString());
      Matcher measured = Pattern.compile("\n  Operations measured \\(top-level\\) +([\\d,]+)\n").matcher(output);
      assertTrue(measured.find(), output);
      PseudoCluster.Result aggregate = ok("aggregate file://" + runs);
      assertTrue(aggregate.output().contains("run-1 is DISTURBED"), aggregate.output());
      Matcher all = Pattern.compile("\nALL +run-1 +[\\d,.]+ +([\\d,]+) ").matcher(aggregate.output());
      assertTrue(all.find(), aggregate.output());
      assertEquals(measured.group(1), all.group(1), "operations in the histogram logs against the counters");
      awaitRegions();
      PseudoCluster.Result verify = ok("verify --table lost");
      assertTrue(verify.output().contains("verify OK: 40,000 rows intact"), "after a load and a run each lost a"
          + " region server:\n" + verify.output());
    }

    /**
     * Until the run's progress line shows its measured window a quarter gone with operations done.
     * Its own progress, not a server's JMX counter: on a loaded machine, after regions moved to it, a
     * region server's readRequestCount was seen not to pass +1,000 in a whole run of 12,791 reads.
     */
    private void awaitMeasuring(Process command, File out) throws Exception {
      Pattern progress = Pattern.compile("\\] +(\\d+)% done, ([\\d,]+) ops");
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      while (true) {
        Matcher line = progress.matcher(Files.readString(out.toPath()));
        while (line.find()) {
          if (Integer.parseInt(line.group(1)) >= 25 && Long.parseLong(line.group(2).replace(",", "")) > 0) {
            return;
          }
        }
        assertTrue(command.isAlive(), "the command ended before its window was a quarter gone:\n"
            + Files.readString(out.toPath()));
        assertTrue(System.nanoTime() < deadline, "no progress line at 25% after 3 minutes");
        Thread.sleep(200);
      }
    }

    /** Until the lost server's regions are back (scripts/pseudo-cluster wait-regions). */
    private void awaitRegions() {
      PseudoCluster.Result ready = cluster.bash(5, "scripts/pseudo-cluster wait-regions --dir '" + dir + "'");
      assertEquals(0, ready.exitCode(), ready.output());
    }

    void stop() {
      if (cluster != null) {
        cluster.close();
      }
    }
  }
}
