package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.hperf.analyzers.stats.Comparison;
import org.hperf.analyzers.stats.ComparisonReport;
import org.hperf.core.ExitCode;
import org.hperf.core.run.RunRecord;
import org.hperf.core.testing.ToolRun;
import org.hperf.jobs.WorkloadTool;
import org.hperf.testkit.MiniClusterExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * hperf ab on the shared mini cluster: a server setting with a known, large effect is found with its
 * sign, in cluster lifetimes that each begin on restarted region servers (and the cluster is left
 * with its own configuration for the other tests); two identical setups are found not to differ;
 * the order of the lifetimes is in ab.properties and in each side's run records.
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
      // --warmup 1: on clusters given by site files ab's default client warm-up is YARN's 30 s.
      // Two lifetimes a side, ab's least: the false-verdict rate is alpha whatever their number (their
      // number decides what an A/A can call equivalent, which this test does not require).
      List<String> args = new ArrayList<>(List.of("--dir", dir.getPath(), "--workloads", "randomread", "--runs", "2",
          "--duration", "1", "--warmup", "1"));
      if (r == 1) {
        // ab creates, loads, verifies and snapshots the tables; every lifetime restarts the region servers.
        args.addAll(List.of("--recordcount", "5000", "--regions", "2"));
      } else {
        args.addAll(List.of("--use-existing", "--a-conf", siteFile().getPath(), "--b-conf", siteFile().getPath()));
      }
      // --client-side: one table, given by its name; otherwise <table>_a and <table>_b.
      args.addAll(r == 3 ? List.of("--client-side", "--table", TABLE + "_a") : List.of("--table", TABLE));
      ToolRun ab = ab(args.toArray(new String[0]));
      assertEquals(ExitCode.OK, ab.exitCode(), ab.all());
      assertTrue(ab.out().contains("A and B are the same setup: an A/A test"), ab.out());
      // Its runs share the JVM (the local job runner); none says that the client's CPU was not measured.
      assertFalse(ab.out().contains("client CPU per operation: not measured"), ab.out());
      ComparisonReport report = verdicts(dir).get(0);
      // No false verdict: equivalent, or inconclusive saying what these lifetimes could detect or which were
      // not steady; never faster or slower.
      boolean clean = report.operations().stream().allMatch(op -> op.verdict() == Comparison.Verdict.EQUIVALENT
          || op.verdict() == Comparison.Verdict.INCONCLUSIVE && (op.verdictText().contains("could detect a change of")
              || op.verdictText().contains("were not steady")));
      noDifference += clean ? 1 : 0;
      verdicts.addAll(report.verdicts());
      Properties state = properties(new File(dir, "ab.properties"));
      assertEquals(r == 3 ? TABLE + "_a" : TABLE + "_b", state.getProperty("side.B.table"), state.toString());
      String restart = state.getProperty("lifetime.A1.restart");
      if (r == 1) {
        assertTrue(restart.matches("\\d+ region servers? replaced in .*"), state.toString());
        assertEquals("done", state.getProperty("load.B.verify"), "each side's table loaded and verified: " + state);
        assertTrue(ab.out().contains("restored from snapshot " + AbComparison.LOADED_SNAPSHOT + "-" + TABLE + "_b"),
            ab.out());
      } else {
        assertEquals("not restarted: ab cannot restart a cluster of --a-conf/--b-conf", restart, state.toString());
        assertFalse(ab.out().contains("restored from snapshot"), "a user's table is never restored: " + ab.out());
      }
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
        "--duration", "4", "--warmup", "2", "--b-set", SCAN_RESULT_CAP + "=1024");
    assertEquals(ExitCode.OK, ab.exitCode(), ab.all());

    ComparisonReport scan = verdicts(dir).get(0);
    assertEquals("scan", scan.workload());
    Comparison scans = operation(scan, "SCAN");
    assertEquals(Comparison.Verdict.B_IS_SLOWER, scans.verdict(), ab.out());
    assertTrue(scans.throughputOpsPerSec().highPercent() < -50, "B at most half of A: " + scans);
    assertTrue(scans.p50Micros().lowPercent() > 0, "and each scan takes longer: " + scans);
    assertTrue(ab.out().contains("scan SCAN: B is ") && ab.out().contains("% slower ["), ab.out());

    // The lifetimes' order: in ab.properties, in both sides' records, and the runs started in that order,
    // each lifetime on region servers restarted with its side's settings.
    Properties state = properties(new File(dir, "ab.properties"));
    List<String> order = List.of(state.getProperty("lifetimes").split(" "));
    assertEquals(AbPlan.lifetimeOrder(3, 1), order);
    assertEquals(order, scan.order());
    FileSystem fs = FileSystem.getLocal(new Configuration());
    long previousStart = 0;
    for (int position = 1; position <= order.size(); position++) {
      String lifetime = order.get(position - 1);
      assertEquals("done", state.getProperty("lifetime." + lifetime), state.toString());
      assertTrue(state.getProperty("lifetime." + lifetime + ".restart").matches("\\d+ region servers? replaced in .*"),
          state.toString());
      RunRecord record = RunRecord.read(fs, new Path(new File(dir, "scan/" + lifetime.substring(0, 1).toLowerCase())
          .getAbsolutePath()));
      RunRecord.AbSide side = record.abSide().orElseThrow();
      assertEquals(lifetime.substring(0, 1), side.side());
      assertEquals(order, side.order());
      int runIndex = Integer.parseInt(lifetime.substring(1));
      assertEquals(position, side.position(runIndex));
      long start = record.outcomes().get(runIndex).startMs();
      assertTrue(start > previousStart, lifetime + " started after the lifetime before it");
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

  /**
   * A duet A/A: both sides' runs at once, on two site files (of the one shared cluster: what a duet
   * adds, both runs in the same window and the paired verdict, is the same whichever clusters the
   * files name). Each lifetime's two runs measure one window to the millisecond, the verdict is the
   * paired one, its change within 15% of none, and the ledger says the sides were not pinned (neither
   * cluster is this comparison's processes).
   */
  @Order(5)
  @Test
  void aDuetMeasuresBothSidesInOneWindowAndJudgesThemPaired() throws Exception {
    File dir = new File(BASE, "duet");
    File otherSite = new File(BASE, "hbase-site-b.xml");
    java.nio.file.Files.copy(siteFile().toPath(), otherSite.toPath(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    ToolRun ab = ab("--dir", dir.getPath(), "--duet", "--use-existing", "--a-conf", siteFile().getPath(), "--b-conf",
        otherSite.getPath(), "--table", TABLE + "_a", "--workloads", "randomread", "--runs", "3", "--duration", "3",
        "--warmup", "1");
    assertEquals(ExitCode.OK, ab.exitCode(), ab.all());

    // The measured windows as the clients logged them (the aggregate reads them from their logs).
    Configuration conf = new Configuration();
    var a = org.hperf.analyzers.AggregatedDir.read(conf, new Path(new File(dir, "randomread/a").getAbsolutePath()))
        .summary().perRun();
    var b = org.hperf.analyzers.AggregatedDir.read(conf, new Path(new File(dir, "randomread/b").getAbsolutePath()))
        .summary().perRun();
    assertEquals(a.keySet(), b.keySet());
    assertEquals(3, a.size(), a.keySet().toString());
    for (String run : a.keySet()) {
      assertTrue(a.get(run).windowStartMs() > 0, run + " measured");
      assertEquals(a.get(run).windowStartMs(), b.get(run).windowStartMs(), run + ": one window's start");
      assertEquals(a.get(run).windowEndMs(), b.get(run).windowEndMs(), run + ": one window's end");
    }
    assertTrue(ab.out().contains("randomread, paired lifetime by lifetime (both sides measured in the same intervals)"),
        ab.out());
    String paired = ab.out().lines().filter(l -> l.contains("randomread ALL ops/s (paired): ")).findFirst().orElseThrow();
    assertTrue(paired.matches(".*\\(paired\\): (B is [0-9.]+% (faster|slower)|equivalent|inconclusive).*"), paired);
    // One A/A's paired verdict may be a false difference by design (about 5% of them at 95%; the
    // method's calibration is the benchmarks' A/As), so not that: the paired change of two sides
    // measured in one window on one server stays small. A side whose clients starved the other's,
    // or whose window was another's, is far off it.
    java.util.regex.Matcher change = java.util.regex.Pattern.compile("paired change of ALL ops/s: ([-+][0-9.]+)%")
        .matcher(ab.out());
    assertTrue(change.find(), ab.out());
    assertTrue(Math.abs(Double.parseDouble(change.group(1))) < 15, "an A/A's paired change: " + change.group());
    assertTrue(ab.out().contains("noise: a side's own lifetimes spread by "), ab.out());
    assertTrue(new File(dir, "paired.json").isFile());
    // The ratio over time: in the verdict, the page and compare of the two sides' directories.
    assertTrue(ab.out().contains("  B/A over the window, every 10 s:\n    lifetime 1: "), ab.out());
    String page = java.nio.file.Files.readString(new File(dir, "report.html").toPath());
    assertTrue(page.contains("<div class=\"charts\" id=\"duet\">") && page.contains("data-series=\"lifetime 3\""),
        "the page's duet chart, a line per lifetime");
    ToolRun compare = MiniClusterExtension.run(new org.hperf.analyzers.CompareTool(),
        new File(dir, "randomread/a").getPath(), new File(dir, "randomread/b").getPath());
    assertEquals(ExitCode.OK, compare.exitCode(), compare.all());
    assertTrue(compare.out().contains("measured at the same time (a duet):\n  B/A over the window, every 10 s:\n"
        + "    lifetime 1: "), compare.out());
    Properties state = properties(new File(dir, "ab.properties"));
    assertEquals("AB1 AB2 AB3", state.getProperty("lifetimes"));
    assertTrue(state.getProperty("lifetime.B2.placement").startsWith("unpinned: "), state.toString());
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
    // Warm-ups of at most 1 s: a lifetime's region servers restart in this JVM, whose JIT is warm and
    // is the clients' and every other test's too, so its quiet is not the servers' to wait for (every
    // warm-up ran to its bound at 3 s too). The warm-up's job still runs in every lifetime.
    all.addAll(List.of("--clients", "1", "--threads", "4", "--workload-dir", "../conf/workloads", "--server-warmup",
        "1"));
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
