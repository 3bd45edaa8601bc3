package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hperf.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ab's orchestration over fake clusters that record what they are asked: what a real cluster would
 * add here is time, and the kinds of clusters are tested for real in AbIT (embedded, site files) and
 * UpgradeAbIT (two releases). Each side loaded once, each lifetime begun and ended once in the
 * plan's order with every workload in its rotated order, and a comparison that failed inside a
 * lifetime resumed with that lifetime redone whole and nothing else.
 */
class AbComparisonTest {
  @TempDir
  File tmp;

  @Test
  void eachSideIsLoadedOnceThenEveryLifetimeRunsEveryWorkloadInTheLedgersOrder() throws Exception {
    File dir = new File(tmp, "ab");
    AbPlan plan = plan(dir, "--workloads", "workloadc,updateonly", "--runs", "3");
    FakeClusters clusters = new FakeClusters(command -> false);
    Path root = path(dir);
    assertEquals(ExitCode.OK, new AbComparison(plan, clusters, root, false).measure());

    List<String> expected = new ArrayList<>(List.of("check"));
    for (String side : List.of("A", "B")) {
      expected.addAll(List.of("beginLoading " + side + " new",
          side + " create-table --table usertable --recordcount 2000 --regions 2",
          side + " load --table usertable --mode bulk --wait-for-compactions --snapshot hperf-ab-loaded-usertable --yes",
          side + " verify --table usertable", "endLoading " + side));
    }
    List<String> lifetimes = AbPlan.lifetimeOrder(3, 1);
    for (String lifetime : lifetimes) {
      String side = lifetime.substring(0, 1);
      int k = Integer.parseInt(lifetime.substring(1));
      expected.add("beginLifetime " + side);
      // The workloads' order rotates: lifetime 2 of a side opens with the second workload.
      List<String> order = k % 2 == 1 ? List.of("workloadc", "updateonly") : List.of("updateonly", "workloadc");
      for (String workload : order) {
        expected.add(side + " run -P " + new File("../conf/workloads", workload).getAbsolutePath()
            + " --table usertable --clients 1 --threads 2 --duration 5 --warmup 30 --runs 3 --run-index " + k
            + " --seed 1 --output " + new Path(root, workload + "/" + side.toLowerCase())
            + " --server-warmup 300 --restore-snapshot hperf-ab-loaded-usertable");
      }
      expected.add("endLifetime " + side);
    }
    assertEquals(expected, clusters.events);
    Properties ledger = ledger(dir);
    assertEquals(String.join(" ", lifetimes), ledger.getProperty("lifetimes"));
    for (String lifetime : lifetimes) {
      assertEquals("done", ledger.getProperty("lifetime." + lifetime), ledger.toString());
      assertEquals("restarted " + lifetime.charAt(0), ledger.getProperty("lifetime." + lifetime + ".restart"));
    }
    // Every run tells hperf run its side and the lifetimes' order as Hadoop generic options.
    assertTrue(clusters.generic.stream().allMatch(g -> g.contains("-D hperf.ab.order=" + String.join(",", lifetimes))),
        clusters.generic.toString());
  }

  @Test
  void aComparisonThatFailedInsideALifetimeIsResumedWithThatLifetimeRedoneWholeAndNothingElse() throws Exception {
    File dir = new File(tmp, "ab");
    AbPlan plan = plan(dir, "--workloads", "workloadc,updateonly", "--runs", "2");
    List<String> lifetimes = AbPlan.lifetimeOrder(2, 1);
    String third = lifetimes.get(2);
    String side = third.substring(0, 1);
    // The third lifetime's second workload fails (a job, a cluster, a kill: --resume is the same).
    int[] runsOfThird = {0};
    FakeClusters failing = new FakeClusters(command -> command.startsWith(side + " run ")
        && command.contains("--run-index " + third.substring(1)) && ++runsOfThird[0] == 2);
    assertEquals(ExitCode.FAILED, new AbComparison(plan, failing, path(dir), false).measure());
    Properties afterFailure = ledger(dir);
    assertEquals("done", afterFailure.getProperty("lifetime." + lifetimes.get(1)));
    assertEquals(null, afterFailure.getProperty("lifetime." + third), "the failed lifetime is not done");

    FakeClusters resumed = new FakeClusters(command -> false);
    assertEquals(ExitCode.OK, new AbComparison(plan, resumed, path(dir), true).measure());
    List<String> begun = resumed.events.stream().filter(e -> e.startsWith("begin")).toList();
    // Loaded sides only get their settings applied again; the first two lifetimes are not redone.
    assertEquals(List.of("beginLifetime " + side, "beginLifetime " + lifetimes.get(3).substring(0, 1)), begun);
    assertEquals(List.of("endLoading A", "endLoading B"), resumed.events.stream().filter(e -> e.startsWith("endLoading"))
        .toList());
    assertTrue(resumed.events.stream().noneMatch(e -> e.contains(" create-table ") || e.contains(" load ")
        || e.contains(" verify ")), resumed.events.toString());
    assertEquals(4, resumed.events.stream().filter(e -> e.contains(" run ")).count(), "both workloads of both lifetimes: "
        + resumed.events);
    Properties done = ledger(dir);
    lifetimes.forEach(l -> assertEquals("done", done.getProperty("lifetime." + l), l + " in " + done));
  }

  /**
   * A duet: lifetime k begins both sides, places them on the plan's CPUs halves (swapped in the
   * other placement), runs each workload on both sides at once through one barrier of both sides'
   * clients, and ends both; the ledger records the schedule and the placements.
   */
  @Test
  void aDuetLifetimeBeginsPlacesRunsAtOnceAndEndsBothSides() throws Exception {
    File dir = new File(tmp, "ab");
    AbPlan plan = plan(dir, "--workloads", "workloadc,updateonly", "--runs", "2", "--duet");
    FakeClusters clusters = new FakeClusters(command -> false);
    Path root = path(dir);
    assertEquals(ExitCode.OK, new AbComparison(plan, clusters, root, false).measure());

    int[] placements = AbPlan.duetPlacements(2, 1);
    int[] firsts = AbPlan.duetFirsts(2, 1);
    List<String> lifetimeEvents = clusters.events.subList(clusters.events.indexOf("endLoading B") + 1,
        clusters.events.size());
    int at = 0;
    for (int k = 1; k <= 2; k++) {
      String first = firsts[k - 1] == 0 ? "A" : "B";
      String second = firsts[k - 1] == 0 ? "B" : "A";
      int half = first.equals("A") ? placements[k - 1] : 1 - placements[k - 1];
      assertEquals(List.of("beginLifetime " + first, "beginLifetime " + second, "place " + first + " " + half,
          "place " + second + " " + (1 - half)), lifetimeEvents.subList(at, at + 4), lifetimeEvents.toString());
      at += 4;
      // Two workloads, both sides each, in either order within a workload.
      for (int w = 0; w < 2; w++) {
        List<String> both = lifetimeEvents.subList(at, at + 2).stream().map(e -> e.substring(0, 1)).sorted().toList();
        assertEquals(List.of("A", "B"), both, lifetimeEvents.toString());
        at += 2;
      }
      assertEquals(List.of("endLifetime " + first, "endLifetime " + second), lifetimeEvents.subList(at, at + 2));
      at += 2;
    }
    assertEquals(at, lifetimeEvents.size(), lifetimeEvents.toString());
    for (String options : clusters.generic) {
      assertTrue(options.matches(".*-D hperf\\.run\\.duet\\.barrier-dir=" + java.util.regex.Pattern.quote(root
          + "/duet-barriers/") + "(workloadc|updateonly)-[12] -D hperf\\.run\\.duet\\.party=[AB]"
          + " -D hperf\\.run\\.duet\\.clients=2 .*"), options);
    }
    Properties ledger = ledger(dir);
    assertEquals("AB1 AB2", ledger.getProperty("lifetimes"));
    assertEquals(placements[0] + " " + placements[1], ledger.getProperty("placements"));
    assertTrue(ledger.getProperty("schedule").startsWith("duet"), ledger.toString());
    assertEquals("done", ledger.getProperty("lifetime.AB2"));
    assertEquals("CPU " + (1 - placements[1]), ledger.getProperty("lifetime.B2.placement"));
  }

  @Test
  void onTablesTheUserGaveNothingIsLoadedOrRestored() throws Exception {
    File dir = new File(tmp, "ab");
    File site = new File(tmp, "site.xml");
    java.nio.file.Files.writeString(site.toPath(), "<configuration/>\n");
    AbPlan plan = plan(dir, "--workloads", "workloadc", "--runs", "2", "--use-existing", "--a-conf", site.getPath(),
        "--b-conf", site.getPath(), "--client-side", "--table", "t");
    FakeClusters clusters = new FakeClusters(command -> false);
    assertEquals(ExitCode.OK, new AbComparison(plan, clusters, path(dir), false).measure());
    assertTrue(clusters.events.stream().noneMatch(e -> e.contains("Loading") || e.contains("--restore-snapshot")),
        clusters.events.toString());
    assertEquals(4, clusters.events.stream().filter(e -> e.contains(" run -P ") && e.contains("--table t ")).count(),
        clusters.events.toString());
  }

  private static AbPlan plan(File dir, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--dir", dir.getPath(), "--workload-dir", "../conf/workloads",
        "--recordcount", "2000", "--regions", "2", "--clients", "1", "--threads", "2", "--duration", "5"));
    args.addAll(List.of(more));
    if (!args.contains("--a-conf")) {
      args.addAll(List.of("--a-hbase", "2.6.1", "--b-hbase", "2.6.1"));
    }
    return AbPlan.of(new AbTool().options().parse(args.toArray(new String[0]), 0));
  }

  /** The directory as AbTool gives it: absolute, qualified, without a trailing slash whether it exists or not. */
  private static Path path(File dir) throws Exception {
    return org.apache.hadoop.fs.FileSystem.getLocal(new Configuration()).makeQualified(new Path(dir.getAbsolutePath()));
  }

  private static Properties ledger(File dir) throws Exception {
    Properties p = new Properties();
    try (InputStream in = new FileInputStream(new File(dir, AbComparison.STATE))) {
      p.load(in);
    }
    return p;
  }

  /** Clusters that do nothing but record each call; a command for which {@code fails} holds exits 1. */
  private static final class FakeClusters implements AbClusters {
    final List<String> events = java.util.Collections.synchronizedList(new ArrayList<>());
    /** Each run's generic options (-D ...), apart from its own, which the events show. */
    final List<String> generic = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Predicate<String> fails;

    FakeClusters(Predicate<String> fails) {
      this.fails = fails;
    }

    @Override
    public void check(AbPlan plan) {
      events.add("check");
    }

    @Override
    public void beginLoading(AbPlan.Side side, boolean again) {
      events.add("beginLoading " + side.name() + (again ? " again" : " new"));
    }

    @Override
    public void endLoading(AbPlan.Side side) {
      events.add("endLoading " + side.name());
    }

    @Override
    public String beginLifetime(AbPlan.Side side) {
      events.add("beginLifetime " + side.name());
      return "restarted " + side.name();
    }

    @Override
    public String place(AbPlan.Side side, int half) {
      events.add("place " + side.name() + " " + half);
      return "CPU " + half;
    }

    @Override
    public void endLifetime(AbPlan.Side side) {
      events.add("endLifetime " + side.name());
    }

    @Override
    public Done command(AbPlan.Side side, String name, List<String> command, Duration bound) {
      List<String> own = new ArrayList<>(command);
      // run's generic options come first: -D key=value pairs after the command's name.
      StringBuilder options = new StringBuilder();
      while (own.size() > 2 && own.get(1).equals("-D")) {
        options.append("-D ").append(own.get(2)).append(' ');
        own.remove(1);
        own.remove(1);
      }
      if (command.get(0).equals("run")) {
        generic.add(options.toString());
      }
      String event = side.name() + " " + String.join(" ", own);
      events.add(event);
      return new Done(fails.test(event) ? ExitCode.FAILED : ExitCode.OK, 1, "");
    }

    @Override
    public Configuration localConf() {
      Configuration conf = new Configuration();
      conf.set("fs.defaultFS", "file:///");
      return conf;
    }

    @Override
    public String loadMode() {
      return "bulk";
    }

    @Override
    public String lifetimeMeaning() {
      return "fake";
    }

    @Override
    public boolean restarts() {
      return true;
    }

    @Override
    public boolean judgesSteadiness() {
      return true;
    }

    @Override
    public String continueHint() {
      return "resume";
    }

    @Override
    public String leftBehind() {
      return "";
    }

    @Override
    public void close() {
    }
  }
}
