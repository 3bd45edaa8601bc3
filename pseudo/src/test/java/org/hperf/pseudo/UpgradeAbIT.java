package org.hperf.pseudo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The upgrade comparison as an operator runs it: {@code scripts/hperf ab --a-hbase X --b-hbase Y},
 * which starts a pseudo-distributed cluster of separate daemons for each release, loads and verifies
 * the same dataset on each through the same path, and measures the workloads in cluster lifetimes
 * (restart, warm-up, every workload, stop) in counterbalanced order with one cluster up at a time.
 * The comparison is killed with SIGKILL once its first lifetime is done (no shutdown hook runs, as in
 * a crash) and continued with {@code --resume}, which must redo nothing that was done.
 * Releases from {@code pseudo.upgrade.releases} (default 2.4.18,2.6.1).
 */
class UpgradeAbIT {
  private static final File ROOT = new File(System.getProperty("hperf.root", "..")).getAbsoluteFile().toPath().normalize()
      .toFile();
  private static final String[] RELEASES = System.getProperty("pseudo.upgrade.releases", "2.4.18,2.6.1").split(",");
  private static final File DIR = new File(ROOT, "pseudo/target/upgrade-ab");
  /** Its clusters' ports: PerfClusterIT's run at the same time, from {@link PerfClusterIT#PORTS}. */
  static final String PORTS = "26000-31999";

  /** What a command printed, stdout and stderr apart. */
  private record Run(int exitCode, String out, String err) {
    String all() {
      return "--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  @Test
  void badInputIsOneLineAndStartsNothing() throws Exception {
    File dir = new File(ROOT, "pseudo/target/upgrade-ab-refused");
    deleteRecursively(dir);
    assertRefused(dir, "side A: hbase-2.6.99-hadoop3 could not be resolved from Maven Central", "--a-hbase", "2.6.99",
        "--b-hbase", RELEASES[1]);
    assertRefused(dir, "--b-hbase 2.6 is not an HBase release number", "--a-hbase", RELEASES[0], "--b-hbase", "2.6");
    assertRefused(dir, "not enough memory for 60 region servers", "--a-hbase", RELEASES[0], "--b-hbase", RELEASES[1],
        "--region-servers", "60");
  }

  /** A stopped cluster whose port another process took meanwhile: refused before any daemon starts. */
  @Test
  void restartOnAPortInUseIsRefused() throws Exception {
    File dir = new File(ROOT, "pseudo/target/port-taken");
    deleteRecursively(dir);
    assertTrue(new File(dir, "conf").mkdirs());
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      // What a stopped cluster's record holds of its ports and release; the rest is not read before the check.
      Files.writeString(new File(dir, "cluster.env").toPath(), "HBASE_VERSION=2.6.1-hadoop3\nREGION_SERVERS=1\nPORTS=\""
          + taken.getLocalPort() + "\"\n");
      // Output to a file, not a pipe: reading a pipe to its end waits as long as a hung script does.
      File out = new File(ROOT, "pseudo/target/port-taken.out");
      Process process = new ProcessBuilder("bash", "scripts/pseudo-cluster", "start", "--keep-data", "--dir",
          dir.getPath()).directory(ROOT).redirectErrorStream(true).redirectOutput(out).start();
      if (!process.waitFor(1, TimeUnit.MINUTES)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new AssertionError("pseudo-cluster start --keep-data on a taken port still running after 1 min, where"
            + " it should refuse at once:\n" + Files.readString(out.toPath()));
      }
      String output = Files.readString(out.toPath(), StandardCharsets.UTF_8);
      assertEquals(2, process.exitValue(), output);
      assertEquals("pseudo-cluster: port " + taken.getLocalPort() + " of the cluster in " + dir.getAbsolutePath()
          + " is in use by another process: stop that process, or start a new cluster in another --dir", output.strip());
      assertFalse(new File(dir, "pids").exists(), "a daemon was started");
    }
  }

  /**
   * Two lifetimes a side. The comparison is killed with SIGKILL once its first lifetime is done and
   * continued with --resume: nothing done is done again, each remaining lifetime once, each with a
   * restart and a warm-up, and the verdict says how both sides were loaded and in which order the
   * lifetimes ran.
   */
  @Test
  void upgradeComparisonKilledAfterItsFirstLifetimeAndResumed() throws Exception {
    deleteRecursively(DIR);
    List<String> args = new ArrayList<>(List.of("ab", "--a-hbase", RELEASES[0], "--b-hbase", RELEASES[1],
        "--region-servers", "1", "--workloads", "workloadc", "--runs", "2", "--recordcount", "2000", "--regions", "2",
        "--duration", "4", "--warmup", "1", "--server-warmup", "5", "--clients", "1", "--threads", "2", "--dir",
        DIR.getPath()));
    File firstOut = new File(ROOT, "pseudo/target/upgrade-ab-first.out");
    Process first = hperf(args).redirectErrorStream(true).redirectOutput(firstOut).start();
    File state = new File(DIR, "ab.properties");
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(20);
    String firstLifetime = null;
    try {
      while (firstLifetime == null || !"done".equals(properties(state).getProperty("lifetime." + firstLifetime))) {
        assertTrue(first.isAlive(), "ab ended before its first lifetime was done:\n"
            + Files.readString(firstOut.toPath()));
        assertTrue(System.nanoTime() < deadline, "first lifetime not done in 20 min:\n"
            + Files.readString(firstOut.toPath()));
        String order = properties(state).getProperty("lifetimes");
        firstLifetime = order == null ? null : order.split(" ")[0];
        Thread.sleep(500);
      }
    } catch (Throwable t) {
      // SIGTERM: its shutdown hook stops the command under way and its clusters, so none outlives the test.
      first.destroy();
      first.waitFor(3, TimeUnit.MINUTES);
      throw t;
    }
    // SIGKILL: no shutdown hook runs; whatever child it had (a cluster's start or stop, a job) goes on alone.
    first.destroyForcibly();
    assertTrue(first.waitFor(1, TimeUnit.MINUTES), "ab still alive 1 min after SIGKILL");
    List<String> lifetimes = List.of(properties(state).getProperty("lifetimes").split(" "));
    assertEquals(4, lifetimes.size(), lifetimes.toString());
    assertEquals(2, lifetimes.stream().filter(l -> l.startsWith("A")).count(), lifetimes.toString());

    args.add("--resume");
    Run resumed = run(args, 40);
    String output = resumed.all();
    System.out.println(resumed.out());
    assertEquals(0, resumed.exitCode(), output);
    assertTrue(resumed.out().contains("ab: resuming the comparison in " + DIR.getAbsolutePath() + " (7 of 10 steps done)"),
        output);
    // Nothing done before the kill is done again; every other lifetime once, each started with its data.
    assertFalse(resumed.out().contains("hperf-cluster create-table") || resumed.out().contains("hperf-cluster load"),
        output);
    assertEquals(0, count(resumed.out(), "lifetime " + firstLifetime + " ("), output);
    for (String lifetime : lifetimes.subList(1, 4)) {
      String release = lifetime.startsWith("A") ? RELEASES[0] : RELEASES[1];
      assertEquals(1, count(resumed.out(), "] lifetime " + lifetime + " (HBase " + release + "): restart, then warm up"
          + " and measure workloadc\n"), lifetime + "\n" + output);
    }
    assertEquals(3, count(resumed.out(), "with its data\n"), "a restart before each remaining lifetime\n" + output);
    assertEquals(3, count(resumed.out(), ", after a warm-up of at most 5 s\n"),
        "a warm-up in each remaining lifetime\n" + output);
    Properties done = properties(state);
    for (String lifetime : lifetimes) {
      assertEquals("done", done.getProperty("lifetime." + lifetime), lifetime + " in " + done);
      assertTrue(done.getProperty("lifetime." + lifetime + ".warmup.workloadc.seconds") != null, lifetime + " in " + done);
      // Other processes' share of the CPU while the workload was measured: a fraction, recorded before the kill too.
      double neighbours = Double.parseDouble(done.getProperty("lifetime." + lifetime + ".neighbourCpu.workloadc", "-1"));
      assertTrue(neighbours >= 0 && neighbours <= 1, lifetime + " in " + done);
    }
    assertEquals("put", done.getProperty("loadMode"), "2.4's jars cannot bulk-load on Hadoop 3: both sides put");
    // Each side's HDFS and YARN stay up from its load on: a lifetime restarts HBase alone. The first
    // lifetime after the kill may instead find a start the killed comparison left going, and restart
    // its whole cluster; every other lifetime restarts HBase alone.
    String hbaseAlone = "HBase started with its data on the running HDFS and YARN in ";
    assertTrue(done.getProperty("lifetime." + firstLifetime + ".restart").startsWith(hbaseAlone), done.toString());
    assertTrue(lifetimes.stream().filter(l -> done.getProperty("lifetime." + l + ".restart").startsWith(hbaseAlone))
        .count() >= 3, done.toString());

    // Each side's jobs ran on its own release's client jars, and the verdict names both releases.
    assertEquals(RELEASES[0], properties(new File(DIR, "workloadc/a/run.properties")).getProperty("version.hbase"));
    assertTrue(properties(new File(DIR, "workloadc/b/run.properties")).getProperty("version.hbase")
        .startsWith(RELEASES[1]));
    String verdict = Files.readString(new File(DIR, "verdict.txt").toPath());
    assertTrue(verdict.contains("A: HBase " + RELEASES[0] + ", pseudo-distributed cluster of 1 region server"), verdict);
    assertTrue(verdict.contains("B: HBase " + RELEASES[1] + ", pseudo-distributed cluster of 1 region server"), verdict);
    assertTrue(verdict.contains("both sides loaded the same way: put load of 2000 records into 2 regions, flushed,"
        + " major-compacted and verified on each"), verdict);
    assertTrue(verdict.contains("in this order: " + String.join(" ", lifetimes)), verdict);
    assertTrue(verdict.contains("other processes on this machine took at most "), verdict);
    // Every measured workload of every lifetime started from the loaded data, on both releases.
    File[] runLogs = new File(DIR, "logs").listFiles((d, name) -> name.contains("-workloadc-run-"));
    assertTrue(runLogs != null && runLogs.length >= lifetimes.size(), java.util.Arrays.toString(runLogs));
    for (File log : runLogs) {
      String text = Files.readString(log.toPath());
      assertTrue(text.contains("restored from snapshot hperf-ab-loaded"), log + ":\n" + text);
    }
    assertTrue(verdict.contains("\n  workloadc ALL: "), verdict);
    assertTrue(verdict.contains("2 lifetimes a side"), verdict);
    assertFalse(verdict.contains("no significant difference"), verdict);
    // Printed once: the verdict's table; the report step only writes its page.
    assertEquals(1, count(resumed.out(), "\nworkloadc: A = "), output);
    assertEquals(1, count(resumed.out(), "\nsummary:\n"), output);
    assertFalse(resumed.out().contains("HTML report: "), output);
    assertTrue(new File(DIR, "verdict.json").isFile());
    String report = Files.readString(new File(DIR, "report.html").toPath());
    assertTrue(report.contains("HBase " + RELEASES[0]) && report.contains("HBase " + RELEASES[1]),
        "report without the releases");
    assertFalse(anyDaemonAlive(new File(DIR, "cluster-a")) || anyDaemonAlive(new File(DIR, "cluster-b")),
        "a cluster left running");
  }

  private static void assertRefused(File dir, String expected, String... options) throws Exception {
    List<String> args = new ArrayList<>(List.of("ab"));
    args.addAll(List.of(options));
    args.addAll(List.of("--dir", dir.getPath()));
    Run run = run(args, 5);
    assertEquals(2, run.exitCode(), run.all());
    assertEquals(1, run.err().strip().lines().count(), "one line\n" + run.all());
    assertTrue(run.err().contains(expected), "expected '" + expected + "'\n" + run.all());
    assertFalse(dir.exists(), "nothing created\n" + run.all());
  }

  private static ProcessBuilder hperf(List<String> args) {
    List<String> command = new ArrayList<>(List.of("bash", "scripts/hperf"));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().put("PSEUDO_PORTS", PORTS);
    return builder;
  }

  private static Run run(List<String> args, int timeoutMinutes) throws Exception {
    File out = File.createTempFile("upgrade-", ".out", new File(ROOT, "pseudo/target"));
    File err = File.createTempFile("upgrade-", ".err", new File(ROOT, "pseudo/target"));
    try {
      Process process = hperf(args).redirectOutput(out).redirectError(err).start();
      if (!process.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
        // SIGTERM: ab's shutdown hook ends its command under way and stops its clusters.
        process.destroy();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly();
        }
        throw new AssertionError("hperf " + args + " still running after " + timeoutMinutes + " min:\n"
            + Files.readString(out.toPath()) + Files.readString(err.toPath()));
      }
      return new Run(process.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
          Files.readString(err.toPath(), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out.toPath());
      Files.deleteIfExists(err.toPath());
    }
  }

  private static Properties properties(File file) throws IOException {
    Properties properties = new Properties();
    if (file.isFile()) {
      try (var in = Files.newBufferedReader(file.toPath())) {
        properties.load(in);
      }
    }
    return properties;
  }

  private static boolean anyDaemonAlive(File cluster) throws IOException {
    File[] pids = new File(cluster, "pids").listFiles((d, name) -> name.endsWith(".pid"));
    for (File pid : pids == null ? new File[0] : pids) {
      if (ProcessHandle.of(Long.parseLong(Files.readString(pid.toPath()).trim())).map(ProcessHandle::isAlive)
          .orElse(false)) {
        return true;
      }
    }
    return false;
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }

  private static void deleteRecursively(File file) throws IOException {
    if (!file.exists()) {
      return;
    }
    try (var paths = Files.walk(file.toPath())) {
      paths.sorted(java.util.Comparator.reverseOrder()).map(java.nio.file.Path::toFile).forEach(File::delete);
    }
  }
}
