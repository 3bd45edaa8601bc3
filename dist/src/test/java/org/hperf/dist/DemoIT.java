package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;

/**
 * The README's demo command, end to end: its own embedded cluster and the tiny suite on it
 * (shortened: one workload for a few seconds), ending with the path of the HTML report.
 */
class DemoIT {
  @Test
  void demoRunsTheTinySuiteOnAnEmbeddedClusterAndPrintsTheReportPath() throws Exception {
    File dir = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "demo").getAbsoluteFile();
    String previousHome = System.getProperty("hperf.home");
    System.setProperty("hperf.home", new File("..").getAbsolutePath());
    try {
      ToolRun demo = ToolRun.capture(() -> Perf.run(new String[] {"demo", "--recordcount", "5000",
          "--regions", "4", "--workloads", "workloadc", "--duration", "3", "--clients", "1", "--threads", "2",
          "--dir", dir.getPath()}));
      assertEquals(ExitCode.OK, demo.exitCode(), demo.all());
      assertTrue(demo.out().contains("created table usertable with 4 regions"), demo.all());
      assertTrue(demo.out().contains("verify OK: 5,000 rows intact"), demo.all());
      File report = new File(dir, "suite/report.html");
      assertTrue(demo.out().contains("open the HTML report: " + report), demo.all());
      assertTrue(report.isFile() && report.length() > 0, "the report exists");
    } finally {
      if (previousHome == null) {
        System.clearProperty("hperf.home");
      } else {
        System.setProperty("hperf.home", previousHome);
      }
    }
  }
}
