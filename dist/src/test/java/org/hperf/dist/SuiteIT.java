package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileInputStream;
import java.util.List;
import java.util.Properties;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.MiniClusterExtension;
import org.hperf.core.testing.ToolRun;
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
    Properties state = new Properties();
    try (FileInputStream in = new FileInputStream(new File(dir, "suite.properties"))) {
      state.load(in);
    }
    assertTrue(state.getProperty("load.jobs").startsWith("job_"), "the load step's Hadoop job id: " + state);
    String[] runJobs = state.getProperty("run-workloadc.jobs").split(",");
    assertEquals(2, runJobs.length, "the server warm-up's job, then the run's: " + state);
    String runJobConf = java.nio.file.Files.readString(new File(dir, "jobs/" + runJobs[1] + ".xml").toPath());
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
   * The warm-up ran before run 1 within its bound and is in run.properties and the summary, and its
   * outcome agrees with its own log (kept in server-warmup/) whichever way it ended. The client logs
   * a full interval every second and, after each, stops if its last three full intervals are within
   * 10% of each other (the largest at most 1.1 x the smallest, which is above 0) and the driver has
   * found the servers' JIT quiet; once stopped, or at the bound, it logs one last, partial interval.
   * So a steady client stopped right after a flat three (one more full interval at most, while its
   * operations in flight finished), and a client that did not ran to the 5 s bound: its last full
   * interval is the bound's 4th or 5th (the 5th tick and the end are the same instant). Which way a
   * 5 s warm-up ends is the machine's (its servers' JIT needs 10 s of samples to be judged quiet);
   * that the record and the log agree is not.
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
    assertTrue(perInterval.size() <= 5 + 2, "at most the bound's intervals and a last partial one: " + perInterval);
    List<Long> full = perInterval.subList(0, perInterval.size() - 1);
    String steadyClients = record.getProperty("serverWarmup.steadyClients");
    assertTrue(output.contains("server warm-up: " + record.getProperty("serverWarmup.seconds") + " s, " + steadyClients
        + " of 1 clients ended steady"), "the printed outcome is the record's:\n" + output);
    if (steadyClients.equals("1")) {
      int n = full.size();
      assertTrue(n >= 3 && steady(full.subList(n - 3, n)) || n >= 4 && steady(full.subList(n - 4, n - 1)),
          "a steady client stops right after three flat full intervals: " + full);
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
