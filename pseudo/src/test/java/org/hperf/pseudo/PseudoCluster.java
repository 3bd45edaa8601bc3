package org.hperf.pseudo;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * One cluster of scripts/pseudo-cluster, started and stopped through the script, and commands
 * run against it as a user runs them: bash, scripts/hperf-cluster, with the PATH and
 * configuration directories that {@code scripts/pseudo-cluster env} prints.
 */
final class PseudoCluster implements AutoCloseable {
  /** A finished command: its exit code and everything it printed, stdout and stderr together. */
  record Result(int exitCode, String output, long millis) {
  }

  private final File root;
  private final File dir;
  private final Properties env = new Properties();
  private long startMillis;

  private PseudoCluster(File root, File dir) {
    this.root = root;
    this.dir = dir;
  }

  /**
   * Starts a cluster of this HBase release in dir, its ports from the given range (UpgradeAbIT's
   * clusters start at the same time from another); throws with the script's output if it fails.
   */
  static PseudoCluster start(File root, File dir, String hbaseVersion, int regionServers, String ports) {
    PseudoCluster cluster = new PseudoCluster(root, dir);
    Result started = cluster.bash(20, "PSEUDO_PORTS=" + ports + " scripts/pseudo-cluster start --dir '" + dir
        + "' --hbase-version " + hbaseVersion + " --region-servers " + regionServers);
    if (started.exitCode() != 0) {
      throw new IllegalStateException("pseudo-cluster with HBase " + hbaseVersion + " did not start:\n" + started.output());
    }
    cluster.startMillis = started.millis();
    try (var in = Files.newBufferedReader(new File(dir, "cluster.env").toPath())) {
      cluster.env.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return cluster;
  }

  long startMillis() {
    return startMillis;
  }

  /** A value of cluster.env, e.g. JOBHISTORY_WEB. */
  String env(String key) {
    return env.getProperty(key);
  }

  File log(String daemon) {
    return new File(dir, "logs/" + daemon + ".log");
  }

  /** Every region server's log, one after the other. */
  String regionServerLogs() throws IOException {
    StringBuilder all = new StringBuilder();
    for (int i = 1; i <= Integer.parseInt(env("REGION_SERVERS")); i++) {
      all.append(Files.readString(log("regionserver-" + i).toPath(), StandardCharsets.UTF_8));
    }
    return all.toString();
  }

  /** Whether region server i has a region of the table open: its JMX Regions bean has the region's metrics. */
  boolean regionServerHolds(int i, String table) throws IOException {
    try (var in = open("http://127.0.0.1:" + env("REGIONSERVER_" + i + "_WEB")
        + "/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Regions")) {
      var names = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in).path("beans").path(0).fieldNames();
      String prefix = "Namespace_default_table_" + table + "_region_";
      while (names.hasNext()) {
        if (names.next().startsWith(prefix)) {
          return true;
        }
      }
      return false;
    }
  }

  /** The containers YARN's ResourceManager has allocated now, over every application. */
  int containersAllocated() throws IOException {
    try (var in = open(env("RESOURCEMANAGER_WEB") + "/ws/v1/cluster/metrics")) {
      return new com.fasterxml.jackson.databind.ObjectMapper().readTree(in).path("clusterMetrics")
          .path("containersAllocated").asInt();
    }
  }

  /**
   * A daemon's web page or REST answer, bounded: 10 s to connect, 60 s to read (a daemon that
   * accepts and never answers would otherwise hang the test).
   */
  static java.io.InputStream open(String url) throws IOException {
    java.net.URLConnection connection = new java.net.URL(url).openConnection();
    connection.setConnectTimeout(10_000);
    connection.setReadTimeout(60_000);
    return connection.getInputStream();
  }

  /**
   * A file on the cluster's HDFS through the NameNode's WebHDFS (which redirects to a DataNode); a
   * relative path is under the user's home, as hperf-cluster resolves it.
   */
  java.io.InputStream hdfsOpen(String path) throws IOException {
    String user = System.getProperty("user.name");
    String absolute = path.startsWith("/") ? path : "/user/" + user + "/" + path;
    return open(env("NAMENODE_WEB") + "/webhdfs/v1" + absolute + "?op=OPEN&user.name=" + user);
  }

  /** kill -9 of one daemon's process, as a machine or the OOM killer ends it: no shutdown of its own. */
  void killHard(String daemon) throws InterruptedException {
    ProcessHandle process = ProcessHandle.of(daemonPids().get(daemon)).orElseThrow();
    Result killed = bash(1, "kill -9 " + process.pid());
    if (killed.exitCode() != 0) {
      throw new IllegalStateException("kill -9 " + daemon + ": " + killed.output());
    }
    try {
      process.onExit().get(1, TimeUnit.MINUTES);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException(daemon + " (pid " + process.pid() + ") still alive 1 min after kill -9", e);
    }
  }

  /** scripts/hperf-cluster in the background; its output goes to the returned file. */
  Process hperfClusterInBackground(String arguments, File output) throws IOException {
    return new ProcessBuilder("bash", "-c", "eval \"$(scripts/pseudo-cluster env --dir '" + dir
        + "')\"; PERF_JAR=dist/target/perf.jar scripts/hperf-cluster " + arguments).directory(root)
        .redirectErrorStream(true).redirectOutput(output).start();
  }

  /** Runs scripts/hperf-cluster with these arguments, as a user would after eval "$(pseudo-cluster env)". */
  Result hperfCluster(String arguments) {
    return bash(15, "eval \"$(scripts/pseudo-cluster env --dir '" + dir + "')\"; PERF_JAR=dist/target/perf.jar scripts/hperf-cluster " + arguments);
  }

  Result bash(int timeoutMinutes, String script) {
    long began = System.nanoTime();
    try {
      File output = File.createTempFile("pseudo-", ".out", new File(root, "target"));
      try {
        Process process = new ProcessBuilder("bash", "-c", script).directory(root).redirectErrorStream(true)
            .redirectOutput(output).start();
        if (!process.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly();
          throw new IllegalStateException("timed out after " + timeoutMinutes + " min: " + script + "\n"
              + Files.readString(output.toPath(), StandardCharsets.UTF_8));
        }
        String text = Files.readString(output.toPath(), StandardCharsets.UTF_8);
        return new Result(process.exitValue(), text, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began));
      } finally {
        Files.deleteIfExists(output.toPath());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Java processes of this cluster's daemons, by name, from its pid files (for the test's checks). */
  Map<String, Long> daemonPids() {
    Map<String, Long> pids = new LinkedHashMap<>();
    File[] files = new File(dir, "pids").listFiles((d, name) -> name.endsWith(".pid"));
    for (File file : files == null ? new File[0] : files) {
      try {
        pids.put(file.getName().replace(".pid", ""), Long.parseLong(Files.readString(file.toPath()).trim()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return pids;
  }

  @Override
  public void close() {
    Result stopped = bash(3, "scripts/pseudo-cluster stop --dir '" + dir + "'");
    List<String> left = new ArrayList<>();
    daemonPids().forEach((name, pid) -> left.add(name + " " + pid));
    if (stopped.exitCode() != 0 || !left.isEmpty()) {
      throw new IllegalStateException("pseudo-cluster stop failed (left: " + left + "):\n" + stopped.output());
    }
  }
}
