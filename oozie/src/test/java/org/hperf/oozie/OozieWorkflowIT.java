package org.hperf.oozie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.oozie.client.CoordinatorAction;
import org.apache.oozie.client.CoordinatorJob;
import org.apache.oozie.client.OozieClient;
import org.apache.oozie.client.WorkflowAction;
import org.apache.oozie.client.WorkflowJob;
import org.apache.oozie.local.LocalOozie;
import org.hperf.core.testing.TableRows;
import org.hperf.testkit.EmbeddedCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * conf/oozie/ executed by Oozie 5.2.1's own engine, submitted by scripts/oozie-submit as users
 * submit it: the script uploads the application with {@code hdfs dfs} and submits it with the
 * {@code oozie} command line to Oozie's REST API ({@code hdfs} and {@code oozie} are the real
 * FsShell and OozieCLI in JVMs of their own, under those names on PATH). The workflow, with the
 * real OozieMain in YARN launchers against the embedded HBase, reaches end; rerun from verify on a
 * damaged table, it ends at the kill node, whose message names verify; a workload outside the list
 * ends it before anything runs; the coordinator materializes two nightly workflows, each given its
 * own table and run directory.
 */
class OozieWorkflowIT {
  private static final File DIR = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "oozie-it");
  private static final String HOME = "/user/" + OozieEngine.USER;
  private static final String APP = HOME + "/apps/hperf";
  private static final long TIMEOUT_MS = 10 * 60_000;
  /** One command line tool's run: oozie-submit starts a JVM per HDFS upload, each in seconds. */
  private static final long COMMAND_TIMEOUT_MS = 5 * 60_000;

  private static MiniDFSCluster hdfs;
  private static EmbeddedCluster hbase;
  private static OozieEngine oozie;
  private static File bin;

  @BeforeAll
  static void start() throws Exception {
    org.apache.hadoop.fs.FileUtil.fullyDelete(DIR);
    hdfs = OozieEngine.startHdfs(new File(DIR, "hdfs"));
    // HBase on the same HDFS, as on a cluster (its bulk load stages HFiles on the default file system).
    Configuration conf = EmbeddedCluster.localConfiguration(new File(DIR, "hbase"));
    conf.set("fs.defaultFS", hdfs.getURI().toString());
    conf.set("hbase.rootdir", hdfs.getURI() + "/hbase");
    conf.set("hbase.fs.tmp.dir", hdfs.getURI() + "/hbase-staging");
    hbase = EmbeddedCluster.start(conf, new File(DIR, "hbase"), 1);
    oozie = OozieEngine.start(hdfs, hbase.configuration(), new File(DIR, "engine"));
    bin = commandLineTools(new File(DIR, "bin"));
  }

  @AfterAll
  static void stop() throws Exception {
    if (oozie != null) {
      oozie.close();
    }
    if (hbase != null) {
      hbase.close();
    }
    if (hdfs != null) {
      hdfs.shutdown();
    }
  }

  @Test
  void theWorkflowReachesEndAndAFailedStepEndsAtTheKillNodeNamingIt() throws Exception {
    String runs = HOME + "/hperf-runs/wf";
    Map<String, String> properties = tinyJob(oozie.resourceManager(), "oozie_wf");
    properties.put("runsDir", runs);
    String id = submit(properties, "--app-dir", APP);
    OozieClient client = LocalOozie.getClient();
    WorkflowJob done = waitFor(client, id);
    assertEquals(WorkflowJob.Status.SUCCEEDED, done.getStatus(), describe(done));
    assertEquals(List.of("create-table", "load", "verify", "run-workloadc", "aggregate-workloadc", "report"),
        javaActions(done), "the steps run, the other workloads skipped: " + describe(done));
    assertTrue(done.getActions().stream().anyMatch(a -> a.getName().equals("end")
        && a.getStatus() == WorkflowAction.Status.OK), "reached end: " + describe(done));
    FileSystem fs = oozie.fileSystem();
    assertEquals(2, fs.listStatus(new Path(runs, "workloadc/run-1"), p -> p.getName().endsWith(".hlog")).length,
        "both clients' task logs");
    assertTrue(fs.exists(new Path(runs, "workloadc/aggregate/summary.json")), "the aggregate");
    assertTrue(fs.getFileStatus(new Path(runs, "report.html")).getLen() > 0, "the report");
    assertEquals(2000, rows("oozie_wf"), "the table the workflow loaded");

    // Damage the table and rerun from verify, as the README says (create-table and load skipped).
    try (Connection connection = ConnectionFactory.createConnection(hbase.configuration());
         Table table = connection.getTable(TableName.valueOf("oozie_wf"));
         ResultScanner scanner = table.getScanner(new Scan().setLimit(3))) {
      for (Result row : scanner) {
        table.delete(new Delete(row.getRow()));
      }
    }
    // The rerun's verify runs its job in the launcher (the launcher itself is still on YARN): the
    // workflow above ran every job on YARN, and a verify job there took 39 s against 7 s in the launcher.
    String rerun = oozieCommand("job", "-oozie", oozie.url(), "-rerun", id,
        "-D", "oozie.wf.rerun.skip.nodes=create-table,load", "-D", "runsDir=" + HOME + "/hperf-runs/wf-rerun",
        "-D", "resourceManager=" + oozie.resourceManagerWithJobsInLauncher());
    WorkflowJob killed = waitFor(client, id);
    assertEquals(WorkflowJob.Status.KILLED, killed.getStatus(), rerun + describe(killed));
    WorkflowAction kill = killed.getActions().stream().filter(a -> a.getName().equals("fail")).findFirst()
        .orElseThrow(() -> new AssertionError("no kill node reached: " + describe(killed)));
    assertTrue(kill.getErrorMessage().startsWith("hperf step verify failed: hperf verify exited with code 1"),
        kill.getErrorMessage());
    assertEquals(List.of("verify"), javaActions(killed).stream().filter(a -> !a.equals("create-table")
        && !a.equals("load")).toList(), "nothing ran after the failed verify: " + describe(killed));
  }

  @Test
  void aWorkloadOutsideTheListEndsTheWorkflowBeforeAnythingRuns() throws Exception {
    OozieClient client = LocalOozie.getClient();
    java.util.Properties job = client.createConfiguration();
    tinyJob(oozie.resourceManager(), "never_created").forEach(job::setProperty);
    job.setProperty("workloads", "workloadc, randomread-mem,workloadz");
    job.setProperty("runsDir", HOME + "/hperf-runs/never");
    job.setProperty(OozieClient.APP_PATH, oozie.nameNode() + APP);
    // The application as the other tests' scripts/oozie-submit uploaded it, or upload it here.
    if (!oozie.fileSystem().exists(new Path(APP, "workflow.xml"))) {
      oozie.fileSystem().copyFromLocalFile(new Path(new File("../conf/oozie/workflow.xml").getAbsolutePath()),
          new Path(APP, "workflow.xml"));
    }
    WorkflowJob killed = waitFor(client, client.run(job));
    assertEquals(WorkflowJob.Status.KILLED, killed.getStatus(), describe(killed));
    WorkflowAction kill = killed.getActions().stream().filter(a -> a.getName().equals("bad-workloads")).findFirst()
        .orElseThrow(() -> new AssertionError("not killed at bad-workloads: " + describe(killed)));
    assertTrue(kill.getErrorMessage().startsWith("workloads=workloadc, randomread-mem,workloadz: give a"),
        kill.getErrorMessage());
    assertEquals(List.of(), javaActions(killed), describe(killed));
  }

  /**
   * Each night's workflow gets its own table and run directory, named by the night. The nights are
   * given a workload list the workflow refuses, so each ends at bad-workloads before any action:
   * what a workflow then does with its table and directory is the first test's, and two more whole
   * workflows (twelve launchers) took two minutes to prove nothing else.
   */
  @Test
  void theCoordinatorGivesEachNightItsOwnTableAndRunDirectory() throws Exception {
    String runsRoot = HOME + "/hperf-runs/nightly";
    Map<String, String> properties = tinyJob(oozie.resourceManagerWithJobsInLauncher(), "nightly");
    properties.put("runsRoot", runsRoot);
    properties.put("workloads", "workloadc,workloadz");
    // Two nights in the past, so that both actions materialize at once.
    properties.put("start", "2024-01-01T02:00Z");
    properties.put("end", "2024-01-03T02:00Z");
    String id = submit(properties, "--app-dir", APP, "--coordinator");

    OozieClient client = LocalOozie.getCoordClient();
    long deadline = System.currentTimeMillis() + TIMEOUT_MS;
    CoordinatorJob coordinator = client.getCoordJobInfo(id);
    while (!(coordinator.getActions().size() == 2 && coordinator.getActions().stream().allMatch(a ->
        a.getStatus() == CoordinatorAction.Status.SUCCEEDED || a.getStatus() == CoordinatorAction.Status.KILLED
            || a.getStatus() == CoordinatorAction.Status.FAILED))) {
      assertTrue(System.currentTimeMillis() < deadline, "coordinator actions: " + coordinator.getActions());
      Thread.sleep(1000);
      coordinator = client.getCoordJobInfo(id);
    }
    OozieClient workflows = LocalOozie.getClient();
    List<String> tables = new ArrayList<>();
    List<String> runsDirs = new ArrayList<>();
    for (CoordinatorAction action : coordinator.getActions()) {
      WorkflowJob night = workflows.getJobInfo(action.getExternalId());
      assertEquals(CoordinatorAction.Status.KILLED, action.getStatus(), describe(night));
      WorkflowAction kill = night.getActions().stream().filter(a -> a.getName().equals("bad-workloads")).findFirst()
          .orElseThrow(() -> new AssertionError("not killed at bad-workloads: " + describe(night)));
      assertTrue(kill.getErrorMessage().startsWith("workloads=workloadc,workloadz: give a"), kill.getErrorMessage());
      assertEquals(List.of(), javaActions(night), describe(night));
      Configuration conf = new Configuration(false);
      conf.addResource(new java.io.ByteArrayInputStream(night.getConf().getBytes(StandardCharsets.UTF_8)));
      tables.add(conf.get("table"));
      runsDirs.add(conf.get("runsDir"));
    }
    assertEquals(List.of("nightly-20240101", "nightly-20240102"), tables.stream().sorted().toList());
    assertEquals(List.of(runsRoot + "/20240101", runsRoot + "/20240102"), runsDirs.stream().sorted().toList());
  }

  /**
   * conf/oozie/job.properties as a user fills it in, at a tiny scale: 2,000 records in 2 regions,
   * workload C for 2 s by 2 clients of 2 threads, once.
   */
  private static Map<String, String> tinyJob(String resourceManager, String table) {
    Map<String, String> job = new LinkedHashMap<>();
    job.put("nameNode", oozie.nameNode());
    job.put("resourceManager", resourceManager);
    job.put("table", table);
    job.put("recordcount", "2000");
    job.put("regions", "2");
    job.put("clients", "2");
    job.put("threads", "2");
    job.put("duration", "2");
    job.put("runs", "1");
    job.put("workloads", "workloadc");
    return job;
  }

  /** Fills in a copy of conf/oozie/job.properties, runs scripts/oozie-submit with it and returns the job id. */
  private static String submit(Map<String, String> values, String... options) throws Exception {
    List<String> lines = new ArrayList<>();
    Map<String, String> missing = new LinkedHashMap<>(values);
    for (String line : Files.readAllLines(new File("../conf/oozie/job.properties").toPath())) {
      String key = line.contains("=") && !line.startsWith("#") ? line.substring(0, line.indexOf('=')) : null;
      lines.add(key != null && values.containsKey(key) ? key + "=" + missing.remove(key) : line);
    }
    missing.forEach((key, value) -> lines.add(key + "=" + value));
    File config = new File(DIR, "job-" + System.nanoTime() + ".properties");
    Files.write(config.toPath(), lines);

    List<String> command = new ArrayList<>(List.of("bash", "../scripts/oozie-submit", "--config", config.getPath()));
    command.addAll(List.of(options));
    String output = run(command, Map.of("OOZIE_URL", oozie.url(), "PERF_JAR",
        new File("../dist/target/perf.jar").getAbsolutePath()));
    Matcher id = Pattern.compile("(?m)^job: (\\S+)$").matcher(output);
    assertTrue(id.find(), "oozie job -run printed the job id:\n" + output);
    return id.group(1);
  }

  private static String oozieCommand(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(new File(bin, "oozie").getPath()));
    command.addAll(List.of(args));
    return run(command, Map.of());
  }

  /**
   * Runs a command line tool and returns its output, failing unless it exits 0 within
   * {@link #COMMAND_TIMEOUT_MS} (then killed with what it started). The output goes to a file, not
   * a pipe: reading a pipe to its end would wait as long as a hung command does.
   */
  private static String run(List<String> command, Map<String, String> env) throws Exception {
    File log = new File(DIR, "command-" + System.nanoTime() + ".log");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log);
    builder.environment().putAll(env);
    builder.environment().put("PATH", bin.getAbsolutePath() + File.pathSeparator + System.getenv("PATH"));
    Process process = builder.start();
    if (!process.waitFor(COMMAND_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      fail(String.join(" ", command) + " did not finish in " + COMMAND_TIMEOUT_MS / 1000 + " s\n"
          + new String(Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8));
    }
    String output = new String(Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), String.join(" ", command) + "\n" + output);
    return output;
  }

  /**
   * {@code hdfs} (only {@code hdfs dfs ...}: Hadoop's FsShell on the test's HDFS) and {@code oozie}
   * (Oozie's own command line, OozieCLI), each a JVM of its own with this JVM's classpath.
   */
  private static File commandLineTools(File dir) throws Exception {
    dir.mkdirs();
    String java = System.getProperty("java.home") + "/bin/java -cp '" + System.getProperty("java.class.path") + "'";
    // Its HADOOP_CONF_DIR: FsShell insists on a core-site.xml.
    File hadoopConf = new File(dir, "hadoop-conf");
    hadoopConf.mkdirs();
    Configuration client = new Configuration(false);
    client.set("fs.defaultFS", oozie.nameNode());
    try (java.io.OutputStream out = Files.newOutputStream(new File(hadoopConf, "core-site.xml").toPath())) {
      client.writeXml(out);
    }
    File hdfsTool = new File(dir, "hdfs");
    Files.writeString(hdfsTool.toPath(), "#!/usr/bin/env bash\n[[ \"$1\" == dfs ]] || { echo \"only hdfs dfs\" >&2;"
        + " exit 2; }\nshift\nexec " + java.replace("-cp '", "-cp '" + hadoopConf.getAbsolutePath() + ":")
        + " org.apache.hadoop.fs.FsShell \"$@\"\n");
    File oozieTool = new File(dir, "oozie");
    // No token cache in the user's home directory.
    Files.writeString(oozieTool.toPath(), "#!/usr/bin/env bash\nexec " + java
        + " -Doozie.auth.token.cache=false org.apache.oozie.cli.OozieCLI \"$@\"\n");
    assertTrue(hdfsTool.setExecutable(true) && oozieTool.setExecutable(true));
    return dir;
  }

  private static WorkflowJob waitFor(OozieClient client, String id) throws Exception {
    long deadline = System.currentTimeMillis() + TIMEOUT_MS;
    Thread.sleep(2000);
    WorkflowJob job = client.getJobInfo(id);
    while (job.getStatus() == WorkflowJob.Status.PREP || job.getStatus() == WorkflowJob.Status.RUNNING) {
      if (System.currentTimeMillis() > deadline) {
        client.kill(id);
        throw new AssertionError("workflow still running after " + TIMEOUT_MS / 1000 + " s: " + describe(job));
      }
      Thread.sleep(1000);
      job = client.getJobInfo(id);
    }
    return job;
  }

  /** The java actions that ended OK (or, for a killed workflow, that ran), in the order they started. */
  private static List<String> javaActions(WorkflowJob job) {
    return job.getActions().stream().filter(a -> a.getType().equals("java") && a.getStartTime() != null
            && (a.getStatus() == WorkflowAction.Status.OK || job.getStatus() == WorkflowJob.Status.KILLED))
        .sorted((a, b) -> a.getStartTime().compareTo(b.getStartTime()))
        .map(WorkflowAction::getName).collect(Collectors.toList());
  }

  private static String describe(WorkflowJob job) {
    StringBuilder out = new StringBuilder("\n" + job.getId() + " " + job.getStatus());
    for (WorkflowAction action : job.getActions()) {
      out.append("\n  ").append(action.getName()).append(' ').append(action.getStatus())
          .append(action.getExternalId() == null ? "" : " " + action.getExternalId())
          .append(action.getErrorMessage() == null ? "" : ": " + action.getErrorMessage());
    }
    return out.append('\n').toString();
  }

  private static int rows(String table) throws Exception {
    return Math.toIntExact(TableRows.count(hbase.configuration(), table));
  }
}
