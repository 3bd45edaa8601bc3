package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileInputStream;
import java.util.List;
import java.util.Properties;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.hperf.testkit.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A tiny suite on the mini cluster produces a report, and a rerun skips every completed step. Its
 * workloads start with a server warm-up (at most 5 s each), recorded in run.properties and summary.
 */
@ExtendWith(MiniClusterExtension.class)
class SuiteIT {
  @Test
  void tinySuiteReportsAndResumes() throws Exception {
    File dir = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "suite");
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir);
    String[] args = {"--dir", dir.getPath(), "--scale", "tiny", "--table", "suite_t", "--recordcount", "3000",
        "--regions", "2", "--workloads", "workloadc,updateonly", "--duration", "2", "--clients", "1",
        "--threads", "2", "--workload-dir", "../conf/workloads", "--server-warmup", "5"};
    ToolRun first = MiniClusterExtension.run(new SuiteTool(), args);
    assertEquals(ExitCode.OK, first.exitCode(), first.all());
    assertTrue(new File(dir, "report.html").isFile(), "the HTML report");
    assertTrue(new File(dir, "runs/updateonly/aggregate/summary.csv").isFile());
    assertTrue(first.out().contains("== suite step load"), first.all());
    assertTrue(first.out().contains("hperf suite will:\n  records  3,000 records [0, 3000) into suite_t: 2 regions,"),
        first.all());
    assertTrue(first.out().contains("\n  tables   creates suite_t with 2 regions"), first.all());
    assertTrue(first.out().contains("verify OK: 3,000 rows intact"), first.all());
    Properties state = state(dir);
    assertTrue(state.getProperty("load.jobs").startsWith("job_"), "the load step's Hadoop job id: " + state);
    String[] runJobs = state.getProperty("run-workloadc.jobs").split(",");
    assertEquals(1, runJobs.length, "one job: the server warm-up is the run's first phase: " + state);
    String runJobConf = java.nio.file.Files.readString(new File(dir, "jobs/" + runJobs[0] + ".xml").toPath());
    assertTrue(runJobConf.contains("<name>hperf.dataset.recordcount</name><value>3000</value>"),
        "each job's resolved configuration is in the suite directory");

    assertServerWarmupRecorded(new File(dir, "runs/workloadc"), runJobs[0], first.out());

    ToolRun again = MiniClusterExtension.run(new SuiteTool(), args);
    assertEquals(ExitCode.OK, again.exitCode(), again.all());
    assertTrue(!again.out().contains("== suite step"), "every step was done already\n" + again.out());
    assertTrue(again.out().contains("report                       done"), again.out());
    assertTrue(again.out().contains("\n  records  suite_t was loaded by this suite's earlier steps: nothing to write"),
        again.out());
  }

  /**
   * A suite killed with SIGKILL (no shutdown hook runs, as in a crash) while a run step measures,
   * then rerun with the same options: the steps done before the kill are not redone, and the run
   * step is redone whole after its unfinished run directory is removed (run refuses to write over
   * a directory, so without that the suite could never be resumed).
   */
  @Test
  void aSuiteKilledInARunResumesAndRedoesThatRunWhole() throws Exception {
    File dir = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "suite-killed").getAbsoluteFile();
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir);
    assertTrue(dir.mkdirs());
    File site = new File(dir.getParentFile(), "suite-killed-site.xml");
    try (java.io.OutputStream out = new java.io.FileOutputStream(site)) {
      MiniClusterExtension.cluster().configuration().writeXml(out);
    }
    List<String> args = List.of("--dir", new File(dir, "suite").getPath(), "--scale", "tiny", "--table", "suite_k",
        "--recordcount", "2000", "--regions", "2", "--workloads", "workloadc", "--duration", "10", "--clients", "1",
        "--threads", "2", "--workload-dir", new File("../conf/workloads").getAbsolutePath());
    List<String> first = new java.util.ArrayList<>(List.of("suite", "-D", "hperf.progress.seconds=1", "-conf",
        site.getPath()));
    first.addAll(args);
    File log = new File(dir.getParentFile(), "suite-killed.out");
    Process suite = driverProcess(first).redirectErrorStream(true).redirectOutput(log).start();
    try {
      awaitMeasuring(suite, log);
    } finally {
      suite.destroyForcibly(); // SIGKILL of the suite's own JVM
      assertTrue(suite.waitFor(1, java.util.concurrent.TimeUnit.MINUTES), "the suite still alive 1 min after SIGKILL");
    }
    Properties killed = state(new File(dir, "suite"));
    assertEquals("started", killed.getProperty("run-workloadc"), killed.toString());
    assertEquals("done", killed.getProperty("verify"), killed.toString());
    File runDir = new File(dir, "suite/runs/workloadc");
    assertTrue(runDir.isDirectory(), "the killed run left its directory");

    ToolRun resumed = MiniClusterExtension.run(new SuiteTool(), args.toArray(new String[0]));
    assertEquals(ExitCode.OK, resumed.exitCode(), resumed.all());
    assertTrue(resumed.out().contains("== suite: " + runDir.getPath() + " is what an unfinished attempt at this step"
        + " left: removed, the step is redone whole"), resumed.all());
    for (String done : List.of("create-table", "load", "verify")) {
      assertFalse(resumed.out().contains("== suite step " + done + ":"), done + " redone\n" + resumed.all());
    }
    assertTrue(resumed.out().contains("== suite step run-workloadc:"), resumed.all());
    Properties after = state(new File(dir, "suite"));
    for (String step : List.of("run-workloadc", "aggregate-workloadc", "report")) {
      assertEquals("done", after.getProperty(step), step + " in " + after);
    }
    assertEquals(List.of("aggregate", "run-1", "run.properties"), java.util.Arrays.stream(runDir.list()).sorted()
        .filter(name -> !name.startsWith(".")).toList(), "one run, measured once");
  }

  /**
   * The driver in a JVM of its own, as scripts/hperf starts it (dist's tests run the launcher
   * itself): this JVM's java, flags and classpath, so that it can be killed apart from the test.
   */
  private static ProcessBuilder driverProcess(List<String> args) {
    List<String> command = new java.util.ArrayList<>();
    command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    command.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Perf.class.getName()));
    command.addAll(args);
    return new ProcessBuilder(command);
  }

  /** Until the suite's run step prints a progress line with operations counted in its window. */
  private static void awaitMeasuring(Process suite, File log) throws Exception {
    java.util.regex.Pattern measuring = java.util.regex.Pattern.compile("\\[run 1/1 workloadc\\] +\\d+% done, [1-9][\\d,]* ops");
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(5);
    while (!measuring.matcher(java.nio.file.Files.readString(log.toPath())).find()) {
      assertTrue(suite.isAlive(), "the suite ended before its run measured:\n" + java.nio.file.Files.readString(log.toPath()));
      assertTrue(System.nanoTime() < deadline, "no progress line with operations in 5 minutes:\n"
          + java.nio.file.Files.readString(log.toPath()));
      Thread.sleep(200);
    }
  }

  private static Properties state(File suiteDir) throws Exception {
    Properties state = new Properties();
    try (FileInputStream in = new FileInputStream(new File(suiteDir, "suite.properties"))) {
      state.load(in);
    }
    return state;
  }

  /**
   * The warm-up ran as run 1's first phase within its bound and is in run.properties and the
   * summary, and its outcome agrees with its own log (kept in server-warmup/) whichever way it
   * ended. The client logs a full interval every second and, after each, ends its warm-up if its
   * last three full intervals are within 10% of each other (the largest at most 1.1 x the smallest,
   * which is above 0) and the driver has found the servers' JIT quiet; it then goes on, unmeasured,
   * until the warm-up's end barrier's common time (its arrival plus the local runner's 1 s lead),
   * and logs one last, partial interval. So a steady client's flat three end at most one or two
   * full intervals before its log does, and a client that did not end steady ran to the 5 s bound
   * (its last full interval the bound's 4th or later). Which way a 5 s warm-up ends is the
   * machine's (its servers' JIT needs 10 s of samples to be judged quiet); that the record and the
   * log agree is not.
   */
  private static void assertServerWarmupRecorded(File runDir, String warmupJob, String output) throws Exception {
    Properties record = new Properties();
    try (FileInputStream in = new FileInputStream(new File(runDir, "run.properties"))) {
      record.load(in);
    }
    assertEquals(warmupJob, record.getProperty("serverWarmup.job"), record.toString());
    assertEquals("5", record.getProperty("serverWarmup.maxSeconds"));
    assertTrue(Double.parseDouble(record.getProperty("serverWarmup.seconds")) > 0, record.toString());
    assertEquals("1", record.getProperty("serverWarmup.clients"), record.toString());
    String summary = java.nio.file.Files.readString(new File(runDir, "aggregate/summary.json").toPath());
    assertTrue(summary.contains("\"serverWarmup.job\" : \"" + warmupJob + "\""), summary);
    List<Long> perInterval = allPerInterval(new File(runDir, "server-warmup/client-00000.hlog"));
    assertTrue(perInterval.size() <= 5 + 1 + 2,
        "at most the bound's intervals, the end barrier's lead and a last partial one: " + perInterval);
    List<Long> full = perInterval.subList(0, perInterval.size() - 1);
    String steadyClients = record.getProperty("serverWarmup.steadyClients");
    assertTrue(output.contains("server warm-up: " + record.getProperty("serverWarmup.seconds") + " s, " + steadyClients
        + " of 1 clients ended steady"), "the printed outcome is the record's:\n" + output);
    if (steadyClients.equals("1")) {
      int n = full.size();
      assertTrue(n >= 3 && steady(full.subList(n - 3, n)) || n >= 4 && steady(full.subList(n - 4, n - 1))
          || n >= 5 && steady(full.subList(n - 5, n - 2)), "a steady client ends its warm-up right after three flat"
          + " full intervals, then waits at most the end barrier's lead: " + full);
      assertFalse(output.contains("still JIT-compiling"), output);
    } else {
      assertEquals("0", steadyClients, record.toString());
      assertTrue(full.size() >= 4, "a client that did not end steady ran to the 5 s bound: " + full);
      assertTrue(output.contains("0 of 1 clients ended steady (the others ran to the 5 s bound"), output);
    }
  }

  /** SteadyStop's rate rule, restated: the largest count at most 10% above the smallest, which is above 0. */
  private static boolean steady(List<Long> counts) {
    long min = counts.stream().mapToLong(Long::longValue).min().getAsLong();
    long max = counts.stream().mapToLong(Long::longValue).max().getAsLong();
    return min > 0 && max <= min * 1.10;
  }

  /** The ALL operations of each interval of one task log. */
  private static List<Long> allPerInterval(File log) throws Exception {
    List<Long> counts = new java.util.ArrayList<>();
    try (FileInputStream in = new FileInputStream(log)) {
      org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(in);
      org.HdrHistogram.EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if ("ALL".equals(h.getTag())) {
          counts.add(((org.HdrHistogram.Histogram) h).getTotalCount());
        }
      }
    }
    return counts;
  }
}
