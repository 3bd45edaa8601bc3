package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hperf ab's order of lifetimes and its refusals of bad input, none of which needs a cluster. */
class AbPlanTest {

  /**
   * A comparison's lifetimes: quadruples ABBA or BAAB (an odd last pair AB or BA), each side's
   * lifetimes numbered in order, the same order for the same seed, and both patterns used.
   */
  @Test
  void lifetimesComeInRandomCounterbalancedQuadruples() {
    java.util.Set<String> quadruples = new java.util.HashSet<>();
    for (long seed = 1; seed <= 20; seed++) {
      for (int runs = 2; runs <= 7; runs++) {
        List<String> order = AbPlan.lifetimeOrder(runs, seed);
        assertEquals(order, AbPlan.lifetimeOrder(runs, seed), "one seed, one order");
        assertEquals(2 * runs, order.size(), order.toString());
        String sides = order.stream().map(l -> l.substring(0, 1)).reduce("", String::concat);
        for (int q = 0; q + 4 <= sides.length(); q += 4) {
          String quadruple = sides.substring(q, q + 4);
          assertTrue(quadruple.equals("ABBA") || quadruple.equals("BAAB"), sides);
          quadruples.add(quadruple);
        }
        if (runs % 2 == 1) {
          String last = sides.substring(sides.length() - 2);
          assertTrue(last.equals("AB") || last.equals("BA"), sides);
        }
        for (String side : List.of("A", "B")) {
          List<String> own = order.stream().filter(l -> l.startsWith(side)).toList();
          for (int k = 1; k <= runs; k++) {
            assertEquals(side + k, own.get(k - 1), order.toString());
          }
        }
      }
    }
    assertEquals(java.util.Set.of("ABBA", "BAAB"), quadruples, "both patterns drawn");
  }

  /**
   * A duet's placements: each lifetime one of the two, counterbalanced in quadruples 0110 or 1001 (the
   * last one cut short), so that neither side has the first CPUs more than once more than the other.
   */
  @Test
  void duetPlacementsAlternateInCounterbalancedQuadruples() {
    java.util.Set<String> quadruples = new java.util.HashSet<>();
    for (long seed = 1; seed <= 20; seed++) {
      for (int runs = 2; runs <= 9; runs++) {
        int[] placements = AbPlan.duetPlacements(runs, seed);
        assertEquals(runs, placements.length);
        int firsts = 0;
        for (int k = 0; k < runs; k++) {
          firsts += placements[k];
          if (k % 4 == 1) {
            assertEquals(1, placements[k - 1] + placements[k], "each quadruple's first pair has both placements");
          }
          if (k % 4 == 3) {
            assertEquals(placements[k - 3], placements[k], "each quadruple mirrored");
          }
        }
        assertTrue(Math.abs(2 * firsts - runs) <= 1, java.util.Arrays.toString(placements));
        if (runs == 4) {
          quadruples.add(java.util.Arrays.toString(placements));
        }
      }
    }
    assertEquals(java.util.Set.of("[0, 1, 1, 0]", "[1, 0, 0, 1]"), quadruples, "both patterns drawn");
  }

  /**
   * Which side a duet's lifetime starts first: in quadruples 0011 or 1100, so that, crossed with the
   * placements' 0110 or 1001, every quadruple has each side started first once on each half of the CPUs.
   */
  @Test
  void duetFirstsCrossThePlacementsSoEachSideStartsFirstOnEachHalf() {
    java.util.Set<String> patterns = new java.util.HashSet<>();
    for (long seed = 1; seed <= 20; seed++) {
      int[] placements = AbPlan.duetPlacements(8, seed);
      int[] firsts = AbPlan.duetFirsts(8, seed);
      for (int q = 0; q < 8; q += 4) {
        java.util.Set<String> cells = new java.util.HashSet<>();
        for (int k = q; k < q + 4; k++) {
          cells.add(placements[k] + "/" + firsts[k]);
        }
        assertEquals(4, cells.size(), "placement x first side in quadruple " + q / 4 + " of seed " + seed + ": "
            + java.util.Arrays.toString(placements) + " " + java.util.Arrays.toString(firsts));
      }
      patterns.add(java.util.Arrays.toString(java.util.Arrays.copyOf(firsts, 4)));
    }
    assertEquals(java.util.Set.of("[0, 0, 1, 1]", "[1, 1, 0, 0]"), patterns, "both patterns drawn");
  }

  @Test
  void badInputIsOneLineAndTouchesNothing(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("ab").toFile();
    String d = dir.getPath();
    assertUsage(dir, "--dir is required", "--b-set", "a=b");
    assertUsage(dir, "--runs 1 is too few: one run a side has no run-to-run spread", "--dir", d, "--runs", "1");
    assertUsage(dir, "--b-set hfile.block.cache.size is not key=value", "--dir", d, "--b-set", "hfile.block.cache.size");
    assertUsage(dir, "give both --a-conf and --b-conf", "--dir", d, "--a-conf", "/etc/hosts");
    assertUsage(dir, "--a-conf /nonexistent/a.xml does not exist", "--dir", d, "--a-conf", "/nonexistent/a.xml",
        "--b-conf", "/nonexistent/b.xml");
    File site = tmp.resolve("site.xml").toFile();
    Files.writeString(site.toPath(), "<configuration/>\n");
    assertUsage(dir, "--a-set/--b-set on clusters of --a-conf/--b-conf can change only the clients", "--dir", d,
        "--a-conf", site.getPath(), "--b-conf", site.getPath(), "--b-set", "hfile.block.cache.size=0.1");
    assertUsage(dir, "give both --a-hbase and --b-hbase", "--dir", d, "--a-hbase", "2.4.18");
    assertUsage(dir, "--a-hbase banana is not an HBase release number", "--dir", d, "--a-hbase", "banana",
        "--b-hbase", "2.6.1");
    assertUsage(dir, "--client-side does not go with --a-hbase/--b-hbase", "--dir", d, "--a-hbase", "2.4.18",
        "--b-hbase", "2.6.1", "--client-side");
    assertUsage(dir, "--a-conf does not go with --a-hbase/--b-hbase", "--dir", d, "--a-hbase", "2.4.18", "--b-hbase",
        "2.6.1", "--a-conf", site.getPath(), "--b-conf", site.getPath());
    assertUsage(dir, "--region-servers goes with --a-hbase and --b-hbase", "--dir", d, "--region-servers", "3");
    assertUsage(dir, "--resume goes with --a-hbase and --b-hbase", "--dir", d, "--resume");
    assertUsage(dir, "--resume: " + dir.getAbsolutePath() + " holds no comparison", "--dir", d, "--a-hbase", "2.4.18",
        "--b-hbase", "2.6.1", "--resume", "--workload-dir", "../conf/workloads");
    assertUsage(dir, "--use-existing needs tables on running clusters: the two embedded clusters of a duet are new",
        "--dir", d, "--duet", "--use-existing", "--workload-dir", "../conf/workloads");
    assertUsage(dir, "--duet runs both sides' clusters at once, and --a-conf and --b-conf name one cluster", "--dir",
        d, "--duet", "--a-conf", site.getPath(), "--b-conf", site.getPath(), "--client-side", "--workload-dir",
        "../conf/workloads");
    assertUsage(dir, "workload file", "--dir", d, "--workloads", "nosuchworkload", "--workload-dir", "../conf/workloads");
    assertUsage(dir, "given twice", "--dir", d, "--workloads", "scan,scan", "--workload-dir", "../conf/workloads");
    assertUsage(dir, "--confidence=95 is out of range", "--dir", d, "--confidence", "95", "--workload-dir",
        "../conf/workloads");
    assertUsage(dir, "--margin 0 is not above 0% and below 100%", "--dir", d, "--margin", "0", "--workload-dir",
        "../conf/workloads");
    assertUsage(dir, "--margin 100% is not above 0% and below 100%", "--dir", d, "--margin", "100%",
        "--workload-dir", "../conf/workloads");
    assertUsage(dir, "--margin five is not a percent", "--dir", d, "--margin", "five", "--workload-dir",
        "../conf/workloads");
    assertUsage(dir, "--fail-if-slower 2 is below --margin 5.0", "--dir", d, "--fail-if-slower", "2",
        "--workload-dir", "../conf/workloads");
    assertUsage(dir, "--pilot-seconds", "--dir", d, "--pilot-seconds", "3", "--workload-dir", "../conf/workloads");
    assertUsage(dir, "--use-existing needs tables on a running cluster", "--dir", d, "--use-existing",
        "--workload-dir", "../conf/workloads");
    Files.createDirectories(dir.toPath());
    ToolRun exists = ToolRun.capture(() -> Perf.run(new String[] {"ab", "--dir", d, "--workload-dir",
        "../conf/workloads"}));
    assertEquals(ExitCode.USAGE, exists.exitCode(), exists.all());
    assertTrue(exists.err().contains("already exists: give a new directory"), exists.all());
    assertEquals(0, dir.list().length, "nothing written into an existing directory");
  }

  @Test
  void helpShowsTheDefaults() throws Exception {
    ToolRun help = ToolRun.capture(() -> Perf.run(new String[] {"ab", "--help"}));
    assertEquals(ExitCode.OK, help.exitCode());
    String flat = help.out().replaceAll("\\s+", " ");
    assertTrue(flat.contains("cluster lifetimes per side, each measuring every workload once; at least 2 (default: 3)"), help.all());
    assertTrue(flat.contains("(default: updateonly,workloada,workloadc,workloadf)"), help.all());
  }

  private static void assertUsage(File dir, String expected, String... args) throws Exception {
    String[] command = new String[args.length + 1];
    command[0] = "ab";
    System.arraycopy(args, 0, command, 1, args.length);
    ToolRun run = ToolRun.capture(() -> Perf.run(command));
    assertEquals(ExitCode.USAGE, run.exitCode(), run.all());
    assertEquals(1, run.err().strip().lines().count(), "one line\n" + run.all());
    assertTrue(run.err().contains(expected), "expected '" + expected + "'\n" + run.all());
    assertFalse(dir.exists(), "nothing created\n" + run.all());
  }

  /**
   * A pinned duet's default clients: one JVM per CPU of a side at most, the preset's threads kept
   * between them (tiny's 2 x 4 on 2 cores: 1 x 8; 1tb's 8 x 16 on 16 cores unchanged).
   */
  @Test
  void aPinnedDuetRunsAtMostOneClientPerCpuOfASideWithThePresetsThreads() {
    assertArrayEquals(new int[] {1, 8}, AbPlan.duetClientsAndThreads(2, 4, 2));
    assertArrayEquals(new int[] {8, 16}, AbPlan.duetClientsAndThreads(8, 16, 16));
    assertArrayEquals(new int[] {2, 64}, AbPlan.duetClientsAndThreads(8, 16, 4));
    assertArrayEquals(new int[] {2, 4}, AbPlan.duetClientsAndThreads(2, 4, 8), "never more clients than the preset");
    assertArrayEquals(new int[] {1, 3}, AbPlan.duetClientsAndThreads(3, 1, 3), "3 threads, not 1 x 1");
  }
}
