package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.v2.jobhistory.JHAdminConfig;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.hperf.jobs.WorkloadMapper;
import org.hperf.jobs.WorkloadTool;
import org.hperf.loaders.CreateTableTool;
import org.hperf.loaders.LoadTool;
import org.hperf.testkit.EmbeddedYarn;
import org.hperf.testkit.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * load and a workload on real YARN (MiniMRYarnCluster: ResourceManager, NodeManager,
 * JobHistoryServer) beside the mini HBase cluster; the counters are then read back from the
 * JobHistoryServer over RPC, its REST API and its web UI's counters page: display names and values.
 * The workload's logs are then aggregated in this JVM.
 */
@ExtendWith(MiniClusterExtension.class)
class YarnJobHistoryIT {
  private static final String TABLE = "yarn_t";
  private static EmbeddedYarn yarn;
  private static Configuration conf;
  /** The load of the table the workload reads. */
  private static ToolRun load;
  /**
   * The one workload on YARN both tests read (a job on YARN costs ~30 s here): 2 clients, client 1's
   * first attempt failed on purpose after one interval and retried. Its counters, read back from the
   * history server, are the first test's; the retry's accounting is the second's.
   */
  private static ToolRun workload;
  private static File workloadOutput;

  @BeforeAll
  static void startYarnAndLoad() throws Exception {
    File dir = new File(System.getProperty("hperf.test.dir", "target/test-tmp"));
    org.apache.hadoop.fs.FileUtil.fullyDelete(new File(dir, "yarn-runs"));
    yarn = EmbeddedYarn.start(MiniClusterExtension.cluster().configuration(), dir);
    conf = yarn.configuration();
    ToolRun create = run(new CreateTableTool(), "--table", TABLE, "--recordcount", "2000", "--regions", "2");
    assertEquals(ExitCode.OK, create.exitCode(), create.all());
    load = run(new LoadTool(), "--table", TABLE, "--mode", "put");
    assertEquals(ExitCode.OK, load.exitCode(), load.all());
    workloadOutput = new File(dir, "yarn-runs/retry");
    workload = run(new WorkloadTool(), "-D", WorkloadMapper.FAIL_FIRST_ATTEMPT_OF_CLIENT + "=1",
        "-P", "../conf/workloads/workloadc", "--table", TABLE, "--clients", "2", "--threads", "2",
        "--duration", "3", "--interval", "1", "--output", "file://" + workloadOutput.getAbsolutePath());
    assertEquals(ExitCode.OK, workload.exitCode(), workload.all());
  }

  @AfterAll
  static void stopYarn() {
    if (yarn != null) {
      yarn.close();
    }
  }

  @Test
  void loadAndWorkloadRunOnYarnAndTheirCountersComeBackFromJobHistory() throws Exception {
    Counters loadCounters = fromHistory(jobId(load, "hperf load"));
    CounterGroup loadGroup = loadCounters.getGroup("org.hperf.loaders.LoadCounters");
    assertEquals("hperf load", loadGroup.getDisplayName());
    assertEquals(2000, loadGroup.findCounter("RECORDS_WRITTEN").getValue());
    assertEquals("Records written", loadGroup.findCounter("RECORDS_WRITTEN").getDisplayName());

    File output = workloadOutput;
    Counters counters = fromHistory(jobId(workload, "hperf workload"));
    CounterGroup group = counters.getGroup("org.hperf.jobs.WorkloadCounters");
    assertEquals("hperf workload", group.getDisplayName());
    Counter readOk = group.findCounter("READ_OK");
    assertEquals("Read OK", readOk.getDisplayName());
    assertTrue(readOk.getValue() > 0, "reads measured on YARN");
    assertEquals(printed(workload, "Read OK"), readOk.getValue(), "the history server's value is the job's");
    // Each YARN task has a JVM of its own: its whole CPU (HBase client RPC threads too) is the client's cost.
    assertTrue(group.findCounter("TASK_JVM_CPU_MICROS").getValue() > 0, "task JVM CPU measured on YARN");
    assertEquals(0, group.findCounter("TASKS_WITHOUT_CPU_TIME").getValue(), "no task shared its JVM");
    assertTrue(workload.out().contains("client CPU per operation: ") && workload.out().contains(" us while running"),
        workload.out());
    assertEquals(2, new File(output, "run-1").listFiles((d, n) -> n.endsWith(".hlog")).length,
        "both clients' logs committed, the retried one's once");

    // What users read: the history server's REST API and its web UI's counters page.
    String id = jobId(workload, "hperf workload");
    JsonNode groups = new ObjectMapper().readTree(http("/ws/v1/history/mapreduce/jobs/" + id + "/counters"))
        .path("jobCounters").path("counterGroup");
    long restReadOk = -1;
    for (JsonNode g : groups) {
      if (g.path("counterGroupName").asText().equals("org.hperf.jobs.WorkloadCounters")) {
        for (JsonNode c : g.path("counter")) {
          restReadOk = c.path("name").asText().equals("READ_OK") ? c.path("totalCounterValue").asLong() : restReadOk;
        }
      }
    }
    assertEquals(readOk.getValue(), restReadOk, "REST: " + groups);
    String page = http("/jobhistory/jobcounters/" + id);
    assertTrue(page.contains("hperf workload") && page.contains("Read OK") && page.contains("Client task JVMs' CPU time"),
        "the web UI shows hperf's display names");
  }

  /** GET from the history server's web address; fails the test on anything but 200. */
  private static String http(String path) throws IOException {
    HttpURLConnection http = (HttpURLConnection) new URL("http://"
        + conf.get(JHAdminConfig.MR_HISTORY_WEBAPP_ADDRESS) + path).openConnection();
    http.setRequestProperty("Accept", "application/json");
    assertEquals(200, http.getResponseCode(), path);
    try (InputStream in = http.getInputStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aRetriedTaskAttemptIsCountedOnce() throws Exception {
    File output = workloadOutput;
    Counters counters = fromHistory(jobId(workload, "hperf workload"));
    assertEquals(1, counters.findCounter(org.apache.hadoop.mapreduce.JobCounter.NUM_FAILED_MAPS).getValue(),
        "client 1's first attempt failed, its log half written, and was retried");
    assertTrue(failedAttemptDiagnostics(jobId(workload, "hperf workload"))
        .contains("injected failure of client 1's first attempt after one interval"), "the attempt failed mid-log");
    assertTrue(workload.err().matches("(?s)(.*\n)?task attempt attempt_\\w+_m_000001_0 failed: [^\n]*injected failure of"
        + " client 1's first attempt after one interval[^\n]*\n.*"), "the failed attempt in one line, without"
        + " --verbose\n" + workload.all());
    // One committed log per client, none from the failed attempt.
    long logged = WorkloadIT.loggedCounts(new File(output, "run-1"), 2).getOrDefault("READ", 0L);
    long counted = counters.findCounter(org.hperf.jobs.WorkloadCounters.READ_OK).getValue();
    assertTrue(counted > 0);
    assertEquals(counted, logged, "counters and committed logs agree: the failed attempt is in neither");

    // The aggregate job gets the same count, and marks the run disturbed. It runs in this JVM (the
    // LocalJobRunner): what it reads is the committed logs above; aggregate on YARN is PerfClusterIT's.
    Configuration local = new Configuration(conf);
    local.set("mapreduce.framework.name", "local");
    ToolRun aggregate = ToolRun.of(local, new org.hperf.analyzers.AggregateTool(), "file://" + output.getAbsolutePath());
    assertEquals(ExitCode.OK, aggregate.exitCode(), aggregate.all());
    String csv = java.nio.file.Files.readString(new File(output, "aggregate/summary.csv").toPath());
    assertTrue(csv.lines().anyMatch(l -> l.startsWith("run-1,READ,") && l.split(",")[3].equals(Long.toString(counted))),
        csv);
    assertTrue(aggregate.out().contains("run-1 is DISTURBED: ") && aggregate.out().contains("1 failed task attempts"),
        aggregate.all());
  }

  private static ToolRun run(org.apache.hadoop.util.Tool tool, String... args) throws Exception {
    return ToolRun.of(conf, tool, args);
  }

  private static Counters fromHistory(String jobId) throws Exception {
    Cluster cluster = new Cluster(conf);
    try {
      Job job = cluster.getJob(JobID.forName(jobId));
      assertNotNull(job, "the history server knows " + jobId);
      return job.getCounters();
    } finally {
      cluster.close();
    }
  }

  /** The diagnostics of the job's failed task attempts, as the history server keeps them. */
  private static String failedAttemptDiagnostics(String jobId) throws Exception {
    Cluster cluster = new Cluster(conf);
    try {
      Job job = cluster.getJob(JobID.forName(jobId));
      StringBuilder diagnostics = new StringBuilder();
      for (org.apache.hadoop.mapreduce.TaskCompletionEvent event : job.getTaskCompletionEvents(0, 100)) {
        if (event.getStatus() == org.apache.hadoop.mapreduce.TaskCompletionEvent.Status.FAILED) {
          diagnostics.append(String.join("\n", job.getTaskDiagnostics(event.getTaskAttemptId())));
        }
      }
      return diagnostics.toString();
    } finally {
      cluster.close();
    }
  }

  private static String jobId(ToolRun run, String group) {
    Matcher m = Pattern.compile(Pattern.quote(group) + " \\(job (job_\\w+)\\)").matcher(run.out());
    assertTrue(m.find(), "job id printed\n" + run.all());
    return m.group(1);
  }

  private static long printed(ToolRun run, String displayName) {
    Matcher m = Pattern.compile("^\\s+" + Pattern.quote(displayName) + "\\s+([\\d,]+)$", Pattern.MULTILINE)
        .matcher(run.out());
    assertTrue(m.find(), displayName + " printed\n" + run.all());
    return Long.parseLong(m.group(1).replace(",", ""));
  }
}
