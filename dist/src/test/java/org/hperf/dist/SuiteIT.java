package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileInputStream;
import java.util.Properties;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.MiniClusterExtension;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A tiny suite on the mini cluster produces a report, and a rerun skips every completed step. */
@ExtendWith(MiniClusterExtension.class)
class SuiteIT {
  @Test
  void tinySuiteReportsAndResumes() throws Exception {
    File dir = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "suite");
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir);
    String[] args = {"--dir", dir.getPath(), "--scale", "tiny", "--table", "suite_t", "--recordcount", "3000",
        "--regions", "2", "--workloads", "workloadc,updateonly", "--duration", "2", "--clients", "1",
        "--threads", "2", "--workload-dir", "../conf/workloads"};
    ToolRun first = MiniClusterExtension.run(new SuiteTool(), args);
    assertEquals(ExitCode.OK, first.exitCode(), first.all());
    assertTrue(new File(dir, "report.html").isFile(), "the HTML report");
    assertTrue(new File(dir, "runs/updateonly/aggregate/summary.csv").isFile());
    assertTrue(first.out().contains("== suite step load"), first.all());
    assertTrue(first.out().contains("verify OK: 3,000 rows intact"), first.all());
    Properties state = new Properties();
    try (FileInputStream in = new FileInputStream(new File(dir, "suite.properties"))) {
      state.load(in);
    }
    assertTrue(state.getProperty("load.jobs").startsWith("job_"), "the load step's Hadoop job id: " + state);
    assertEquals(1, state.getProperty("run-workloadc.jobs").split(",").length, state.toString());
    String runJobConf = java.nio.file.Files.readString(
        new File(dir, "jobs/" + state.getProperty("run-workloadc.jobs") + ".xml").toPath());
    assertTrue(runJobConf.contains("<name>hperf.dataset.recordcount</name><value>3000</value>"),
        "each job's resolved configuration is in the suite directory");

    ToolRun again = MiniClusterExtension.run(new SuiteTool(), args);
    assertEquals(ExitCode.OK, again.exitCode(), again.all());
    assertTrue(!again.out().contains("== suite step"), "every step was done already\n" + again.out());
    assertTrue(again.out().contains("report                       done"), again.out());
  }
}
