package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
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
    // A server warm-up of at most 3 s: its phase and its line, without the default's minute of both
    // cores running the workload unmeasured (that the demo warms for at most 60 s unless told
    // otherwise is DemoToolTest's).
    ToolRun demo = demo("demo", "--recordcount", "5000", "--regions", "4", "--workloads", "workloadc",
        "--duration", "3", "--clients", "1", "--threads", "2", "--server-warmup", "3");
    assertTrue(demo.out().contains("created table usertable with 4 regions"), demo.all());
    assertTrue(demo.out().contains("verify OK: 5,000 rows intact"), demo.all());
    // Without --verbose: each job's last progress line, the counters that are not 0, each finding once.
    assertTrue(demo.out().contains("\n[verify usertable] 100% done, 5,000 rows checked, elapsed "), demo.all());
    assertTrue(demo.out().contains("\n[run 1/1 workloadc] 100% done, "), demo.all());
    // The demo warms its server before the first measured run of each workload, in the run's job.
    assertTrue(demo.out().contains(" --server-warmup 3\n") && demo.out().contains("\nserver warm-up: "), demo.all());
    assertTrue(!demo.out().contains("Rows missing"), "a counter of 0\n" + demo.all());
    // The aggregate step's findings would be the report's lines again.
    List<String> findings = demo.out().lines().filter(l -> l.matches("[A-Z-]+: workloadc run-1: .*")).toList();
    assertEquals(findings.size(), findings.stream().distinct().count(), "a finding printed twice\n" + demo.all());
  }

  @Test
  void demoOnYarnShowsWhereTheJobHistoryUiIs() throws Exception {
    // No server warm-up: the test above runs one; here it would be unmeasured load for nothing this
    // test asserts.
    ToolRun demo = demo("demo-yarn", "--yarn", "--recordcount", "2000", "--regions", "2", "--workloads",
        "workloadc", "--duration", "2", "--clients", "1", "--threads", "2", "--server-warmup", "0");
    assertTrue(demo.out().matches("(?s).*JobHistory web UI \\(counters of every job\\): http://[^/]+:\\d+/jobhistory.*"),
        demo.all());
    assertTrue(demo.out().contains("verify OK: 2,000 rows intact"), demo.all());
    assertTrue(demo.out().contains("(job job_") && !demo.out().contains("job_local"),
        "the jobs ran on YARN, not the LocalJobRunner\n" + demo.all());
  }

  /** Runs hperf demo in {@code dir}; asserts it succeeded and printed its report's path. */
  private static ToolRun demo(String dirName, String... options) throws Exception {
    File dir = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), dirName).getAbsoluteFile();
    List<String> args = new ArrayList<>(List.of("demo", "--dir", dir.getPath()));
    args.addAll(List.of(options));
    String previousHome = System.getProperty("hperf.home");
    System.setProperty("hperf.home", new File("..").getAbsolutePath());
    try {
      ToolRun demo = ToolRun.capture(() -> Perf.run(args.toArray(new String[0])));
      assertEquals(ExitCode.OK, demo.exitCode(), demo.all());
      File report = new File(dir, "suite/report.html");
      assertTrue(demo.out().contains("open the HTML report: " + report), demo.all());
      assertTrue(report.isFile() && report.length() > 0, "the report exists");
      return demo;
    } finally {
      if (previousHome == null) {
        System.clearProperty("hperf.home");
      } else {
        System.setProperty("hperf.home", previousHome);
      }
    }
  }
}
