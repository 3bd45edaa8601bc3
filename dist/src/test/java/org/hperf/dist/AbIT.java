package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.util.JVMClusterUtil;
import org.hperf.analyzers.Comparison;
import org.hperf.analyzers.ComparisonReport;
import org.hperf.core.ExitCode;
import org.hperf.core.run.RunRecord;
import org.hperf.core.testing.MiniClusterExtension;
import org.hperf.core.testing.ToolRun;
import org.hperf.jobs.WorkloadTool;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * hperf ab on the shared mini cluster: a server setting with a known, large effect is found with its
 * sign, on region servers restarted for every run (and the cluster is left with its own
 * configuration for the other tests); two identical setups are found not to differ; the order of
 * the runs is in ab.properties and in each side's run records.
 */
@ExtendWith(MiniClusterExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AbIT {
  private static final File BASE = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "ab");
  private static final String TABLE = "abit";
  /**
   * The server's cap on a scan RPC's result: at 1 KB (one 1 KB row), each scan of 100 rows takes
   * 100 RPCs instead of one, which makes scans some 20-50 times slower; default 100 MB.
   */
  private static final String SCAN_RESULT_CAP = HConstants.HBASE_SERVER_SCANNER_MAX_RESULT_SIZE_KEY;

  @BeforeAll
  static void clean() {
    FileUtil.fullyDelete(BASE);
  }

  /**
   * Two identical setups, three times: the embedded cluster as it is (ab creates and loads the two
   * tables); the same cluster given as one site file for both sides (as two real clusters are
   * given); and that again with --client-side, where both sides share one table. Each A/A
   * comparison calls a difference with probability alpha = 5% (a little less: Welch's test is
   * conservative with equal spreads) when the runs behave as the interval assumes; requiring no
   * false verdict in every repetition would fail one test run in seven (1 - 0.95^3), so
   * the test asks for at least 2 of 3, which a calibrated method fails about once in 140 test runs
   * (3 x 0.05^2 x 0.95 + 0.05^3), and a method or a tool that favours one side (ab mislabelling its
   * runs, an order effect it does not cancel, an interval too narrow for this machine's noise)
   * fails in most.
   */
  @Order(1)
  @Test
  void identicalSetupsGiveNoFalseVerdict() throws Exception {
    int repetitions = 3;
    List<String> verdicts = new ArrayList<>();
    int noDifference = 0;
    for (int r = 1; r <= repetitions; r++) {
      File dir = new File(BASE, "aa-" + r);
      List<String> args = new ArrayList<>(List.of("--dir", dir.getPath(), "--workloads", "randomread", "--runs", "3",
          "--duration", "1"));
      if (r == 1) {
        // Also warms the JIT of this JVM: a longer pilot.
        args.addAll(List.of("--recordcount", "5000", "--regions", "2", "--pilot-seconds", "3"));
      } else {
        args.addAll(List.of("--use-existing", "--pilot-seconds", "0", "--a-conf", siteFile().getPath(), "--b-conf",
            siteFile().getPath()));
      }
      // --client-side: one table, given by its name; otherwise <table>_a and <table>_b.
      args.addAll(r == 3 ? List.of("--client-side", "--table", TABLE + "_a") : List.of("--table", TABLE));
      ToolRun ab = ab(args.toArray(new String[0]));
      assertEquals(ExitCode.OK, ab.exitCode(), ab.all());
      assertTrue(ab.out().contains("A and B are the same setup: an A/A test"), ab.out());
      ComparisonReport report = verdicts(dir).get(0);
      // No false verdict: equivalent, or inconclusive with what these runs could detect; never faster or slower.
      boolean clean = report.operations().stream().allMatch(op -> op.verdict() == Comparison.Verdict.EQUIVALENT
          || op.verdict() == Comparison.Verdict.INCONCLUSIVE && op.verdictText().contains("could detect a change of"));
      noDifference += clean ? 1 : 0;
      verdicts.addAll(report.verdicts());
      Properties state = properties(new File(dir, "ab.properties"));
      assertEquals("false", state.getProperty("restartRegionServersBeforeEachRun"), "no server settings");
      assertEquals(r == 3 ? TABLE + "_a" : TABLE + "_b", state.getProperty("side.B.table"), state.toString());
    }
    assertTrue(noDifference >= 2, "no false verdict in only " + noDifference + " of " + repetitions + ":\n"
        + String.join("\n", verdicts));
  }

  /**
   * A server setting with a known, large effect, on the tables the A/A test loaded (and after it
   * warmed this JVM's JIT, which the cluster and its clients share: the first runs in a fresh JVM
   * are several times slower than later ones).
   */
  @Order(2)
  @Test
  void aServerSettingWithAKnownEffectIsFoundWithItsSign() throws Exception {
    File dir = new File(BASE, "scan-cap");
    ToolRun ab = ab("--dir", dir.getPath(), "--table", TABLE, "--use-existing", "--workloads", "scan", "--runs", "3",
        "--duration", "4", "--warmup", "2", "--pilot-seconds", "3", "--b-set", SCAN_RESULT_CAP + "=1024");
    assertEquals(ExitCode.OK, ab.exitCode(), ab.all());

    ComparisonReport scan = verdicts(dir).get(0);
    assertEquals("scan", scan.workload());
    Comparison scans = operation(scan, "SCAN");
    assertEquals(Comparison.Verdict.B_IS_SLOWER, scans.verdict(), ab.out());
    assertTrue(scans.throughputOpsPerSec().highPercent() < -50, "B at most half of A: " + scans);
    assertTrue(scans.p50Micros().lowPercent() > 0, "and each scan takes longer: " + scans);
    assertTrue(ab.out().contains("scan SCAN: B is ") && ab.out().contains("% slower ["), ab.out());

    // The order: in ab.properties, in both sides' records, and the runs started in that order.
    List<String> order = List.of("A1", "B1", "B2", "A2", "A3", "B3");
    assertEquals(order, scan.order());
    Properties state = properties(new File(dir, "ab.properties"));
    assertEquals(String.join(" ", order), state.getProperty("scan.order"));
    FileSystem fs = FileSystem.getLocal(new Configuration());
    long previousStart = 0;
    for (int position = 1; position <= order.size(); position++) {
      String run = order.get(position - 1);
      assertEquals(run, state.getProperty("scan.run." + position));
      assertTrue(state.getProperty("scan.run." + position + ".restart").matches("\\d+ region servers? replaced in .*"),
          state.toString());
      RunRecord record = RunRecord.read(fs, new Path(new File(dir, "scan/" + run.substring(0, 1).toLowerCase())
          .getAbsolutePath()));
      RunRecord.AbSide side = record.abSide().orElseThrow();
      assertEquals(run.substring(0, 1), side.side());
      assertEquals(order, side.order());
      int runIndex = Integer.parseInt(run.substring(1));
      assertEquals(position, side.position(runIndex));
      long start = record.outcomes().get(runIndex).startMs();
      assertTrue(start > previousStart, run + " started after the run before it");
      previousStart = start;
    }
    assertTrue(scan.setupB().contains(SCAN_RESULT_CAP + "=1024"), scan.setupB());

    // The other tests get the cluster back with its own configuration.
    String own = MiniClusterExtension.cluster().configuration().get(SCAN_RESULT_CAP);
    for (JVMClusterUtil.RegionServerThread thread : MiniClusterExtension.cluster().testingUtility()
        .getMiniHBaseCluster().getLiveRegionServerThreads()) {
      assertEquals(own, thread.getRegionServer().getConfiguration().get(SCAN_RESULT_CAP),
          thread.getRegionServer().getServerName().toString());
    }
  }

  /** A run added to a directory that holds it already, or runs of other settings, is refused. */
  @Order(3)
  @Test
  void aRunIsNeverAddedOverAnotherOrToRunsOfOtherSettings() throws Exception {
    File side = new File(BASE, "scan-cap/scan/a");
    String[] common = {"-P", "../conf/workloads/scan", "--table", TABLE + "_a", "--clients", "1", "--threads", "4",
        "--duration", "2", "--warmup", "1", "--seed", "1", "--output", side.getPath()};
    ToolRun again = run(common, "--runs", "3", "--run-index", "2");
    assertEquals(ExitCode.USAGE, again.exitCode(), again.all());
    assertTrue(again.err().contains("already holds run-2"), again.all());
    ToolRun other = run(common, "--runs", "4", "--run-index", "4");
    assertEquals(ExitCode.USAGE, other.exitCode(), other.all());
    assertTrue(other.err().contains("holds runs of other settings (execution"), other.all());
    assertTrue(!new File(side, "run-4").exists());
  }

  /** ab never drops or overwrites a table, nor assumes one: both refused before anything is written. */
  @Order(4)
  @Test
  void existingTablesAreRefusedAndMissingOnesAreNotAssumed() throws Exception {
    File dir = new File(BASE, "refused");
    ToolRun exists = ab("--dir", dir.getPath(), "--table", TABLE, "--workloads", "randomread");
    assertEquals(ExitCode.USAGE, exists.exitCode(), exists.all());
    assertEquals("hperf ab: table abit_a of side A already exists: ab never drops a table; give another --table, or"
        + " --use-existing to run on it as it is", exists.err().strip());
    ToolRun missing = ab("--dir", dir.getPath(), "--table", "abit_none", "--use-existing", "--workloads", "randomread");
    assertEquals(ExitCode.USAGE, missing.exitCode(), missing.all());
    assertTrue(missing.err().strip().startsWith("hperf ab: table abit_none_a of side A does not exist"), missing.all());
    assertTrue(!dir.exists(), "nothing written");
  }

  /** The mini cluster's client configuration as a site file, as a real cluster's hbase-site.xml. */
  private static File siteFile() throws Exception {
    File site = new File(BASE, "hbase-site.xml");
    if (!site.isFile()) {
      BASE.mkdirs();
      try (java.io.OutputStream out = new java.io.FileOutputStream(site)) {
        MiniClusterExtension.cluster().configuration().writeXml(out);
      }
    }
    return site;
  }

  private static ToolRun ab(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--clients", "1", "--threads", "4", "--workload-dir", "../conf/workloads"));
    return MiniClusterExtension.run(new AbTool(MiniClusterExtension.cluster()), all.toArray(new String[0]));
  }

  private static ToolRun run(String[] common, String... more) throws Exception {
    List<String> all = new ArrayList<>(List.of(common));
    all.addAll(List.of(more));
    return MiniClusterExtension.run(new WorkloadTool(), all.toArray(new String[0]));
  }

  private static List<ComparisonReport> verdicts(File dir) throws Exception {
    try (InputStream in = new FileInputStream(new File(dir, "verdict.json"))) {
      return ComparisonReport.readAll(in);
    }
  }

  private static Comparison operation(ComparisonReport report, String tag) {
    return report.operations().stream().filter(op -> op.operation().equals(tag)).findFirst().orElseThrow();
  }

  private static Properties properties(File file) throws Exception {
    Properties p = new Properties();
    try (InputStream in = new FileInputStream(file)) {
      p.load(in);
    }
    return p;
  }
}
