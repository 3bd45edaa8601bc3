package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;

/**
 * The README's demo command, end to end, shortened (fewer rows and workloads, short windows): its
 * own embedded cluster, the tiny suite, the comparison, and the page of output the issue asks for:
 * the plan, one line of progress at a time, the results table with BigTable's figure 6, the verdict
 * and the HTML report's path, within the screen's line budget. Not its time: that is measured.
 */
class DemoIT {
  /** A screen: what the demo may print by default. */
  private static final int LINE_BUDGET = 60;
  private static final String PERCENT = "\\d+(\\.\\d+)?%";
  private static final Pattern VERDICT = Pattern.compile("  workloadc ALL ops/s: (B is " + PERCENT + " (slower|faster)"
      + " \\[" + PERCENT + ", " + PERCENT + "\\]|equivalent within \\+-" + PERCENT + " .*|inconclusive: .*"
      + "|no verdict: .*)");

  @Test
  void demoPrintsAScreenEndingInTheTableTheVerdictAndTheReportPath() throws Exception {
    // Short warm-ups and windows: the shape is under test, not the figures.
    ToolRun demo = demo("demo", "--recordcount", "5000", "--regions", "4", "--workloads", "workloadc,randomread",
        "--duration", "2", "--warmup", "1", "--clients", "1", "--threads", "2", "--server-warmup", "5");
    List<String> lines = demo.out().lines().toList();
    assertTrue(lines.size() <= LINE_BUDGET, lines.size() + " lines, more than a screen\n" + demo.all());
    assertTrue(lines.get(0).startsWith("hperf demo: a real HBase cluster in this JVM"), demo.all());
    for (String section : List.of("cluster up in ", "suite done in ", "comparison done in ")) {
      assertTrue(lines.stream().anyMatch(l -> l.startsWith(section)), "no '" + section + "' line\n" + demo.all());
    }
    // The commands' own lines went to the log, not the screen.
    File log = new File(dir("demo"), "demo.log");
    String logged = Files.readString(log.toPath(), StandardCharsets.UTF_8);
    assertTrue(logged.contains("verify OK: 5,000 rows intact") && !demo.out().contains("verify OK"), demo.all());
    assertTrue(lines.stream().noneMatch(l -> l.startsWith("\tat ") || l.startsWith("GC: ")), demo.all());
    // The table: a row per workload, BigTable's figure-6 rate beside its test (1,212 rows/s for random reads).
    int header = indexOf(lines, "workload +ops/s +p50 us +p99 us +max us +figure 6 +hperf");
    assertTrue(header >= 0, "no results table\n" + demo.all());
    assertTrue(lines.get(header + 1).matches("workloadc +[\\d,]+ +[\\d,]+ +[\\d,]+ +[\\d,]+"), demo.all());
    assertTrue(lines.get(header + 2).matches("randomread +[\\d,]+ +[\\d,]+ +[\\d,]+ +[\\d,]+ +1,212 +[\\d,]+"),
        demo.all());
    // The verdict, as hperf ab says it, after the table.
    int verdict = indexOf(lines, "verdict \\(B = hfile\\.block\\.cache\\.size=0, 2 lifetimes a side\\):");
    assertTrue(verdict > header, "no verdict after the table\n" + demo.all());
    assertTrue(VERDICT.matcher(lines.get(verdict + 1)).matches(), "not a verdict: " + lines.get(verdict + 1));
    assertTrue(new File(dir("demo"), "compare/verdict.txt").isFile(), "ab's verdict.txt");
    assertTrue(lines.get(lines.size() - 1).matches("demo finished in \\d+ s; open the HTML report: .*"), demo.all());
  }

  @Test
  void demoOnYarnWithoutTheComparisonShowsWhereTheJobHistoryUiIs() throws Exception {
    // No server warm-up and no comparison: the test above runs both; here they would be minutes for nothing asserted.
    ToolRun demo = demo("demo-yarn", "--yarn", "--no-compare", "--recordcount", "2000", "--regions", "2",
        "--workloads", "workloadc", "--duration", "2", "--warmup", "0", "--clients", "1", "--threads", "2",
        "--server-warmup", "0");
    assertTrue(demo.out().matches(
        "(?s).*JobHistory web UI \\(counters of every job\\): http://[^/]+:\\d+/jobhistory.*"),
        demo.all());
    assertTrue(!demo.out().contains("verdict") && !demo.out().contains("hperf ab"), "--no-compare\n" + demo.all());
    String logged = Files.readString(new File(dir("demo-yarn"), "demo.log").toPath(), StandardCharsets.UTF_8);
    assertTrue(logged.contains("verify OK: 2,000 rows intact"), logged);
    assertTrue(logged.contains("(job job_") && !logged.contains("job_local"),
        "the jobs ran on YARN, not the LocalJobRunner\n" + logged);
  }

  private static int indexOf(List<String> lines, String regex) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).matches(regex)) {
        return i;
      }
    }
    return -1;
  }

  private static File dir(String name) {
    return new File(System.getProperty("hperf.test.dir", "target/test-tmp"), name).getAbsoluteFile();
  }

  /** Runs hperf demo in {@code dir}; asserts it succeeded and printed its report's path. */
  private static ToolRun demo(String dirName, String... options) throws Exception {
    File dir = dir(dirName);
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
