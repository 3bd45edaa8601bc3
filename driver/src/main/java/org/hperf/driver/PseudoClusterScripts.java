package org.hperf.driver;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The scripts an upgrade comparison drives, as an operator runs them: {@code scripts/pseudo-cluster}
 * (prepare, start, stop, status of a cluster of separate daemons at one HBase release) and
 * {@code scripts/hperf-cluster} ({@code hadoop jar perf.jar} with that cluster's {@code hbase mapredcp}
 * and configuration). Each command's output goes to a log file of its own; what it returns is its
 * exit code and the log. Every command is bounded: one still running at its bound is ended, with
 * what it started, and an {@link IOException} names it, its bound and its log.
 */
final class PseudoClusterScripts {
  /**
   * A first prepare downloads a release's and Hadoop's jars (some 400 MB) from Maven Central; later
   * ones find them cached and take seconds.
   */
  static final Duration PREPARE_BOUND = Duration.ofMinutes(30);
  /** The daemons besides the region servers: ZooKeeper, NameNode, DataNode, ResourceManager, NodeManager, JobHistoryServer, master. */
  static final int FIXED_DAEMONS = 7;
  /** What scripts/pseudo-cluster waits for one daemon to come up, unless PSEUDO_START_TIMEOUT says otherwise. */
  static final Duration DAEMON_START_BOUND = Duration.ofSeconds(180);
  /** What scripts/pseudo-cluster gives one daemon to stop before it kills it (15 s), and its kill. */
  static final Duration DAEMON_STOP_BOUND = Duration.ofSeconds(20);
  /** A start's steps besides waiting for its daemons: formatting HDFS, HBase's canary, writing the configuration. */
  static final Duration START_OVERHEAD = Duration.ofMinutes(5);
  static final Duration STATUS_BOUND = Duration.ofMinutes(2);
  /** How long an ended command's processes get to exit after SIGTERM before they are killed. */
  private static final Duration END_GRACE = Duration.ofSeconds(30);

  /** A finished command: its exit code, its log and how long it took. */
  record Result(int exitCode, File log, long millis) {
    boolean ok() {
      return exitCode == 0;
    }

    /** The log's last lines, for a failure's message. */
    String tail(int lines) {
      try {
        List<String> all = Files.readAllLines(log.toPath(), StandardCharsets.UTF_8);
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
      } catch (IOException e) {
        return "(" + log + " unreadable: " + e.getMessage() + ")";
      }
    }

    /** The last line the command printed: a script's one-line reason for exit code 2. */
    String lastLine() {
      return tail(1).trim();
    }
  }

  private final File scripts;
  private final File logs;
  private int logNumber;
  /** The commands under way (a duet's two runs at once): ended by {@link #endRunning} when the comparison is stopped. */
  private final java.util.Set<Process> running = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /**
   * @param home hperf's home (its scripts/ and conf/)
   * @param logs where each command's output goes, numbered in the order they ran
   */
  PseudoClusterScripts(File home, File logs) {
    this.scripts = new File(home, "scripts").getAbsoluteFile();
    this.logs = logs;
  }

  /**
   * Resolves a release's jars and checks the machine has memory for its region servers; starts
   * nothing and, since it comes before the comparison's directory exists, logs to a temporary file
   * (deleted when the JVM exits).
   */
  Result prepare(String release, int regionServers, int clusters) throws IOException, InterruptedException {
    File log = File.createTempFile("hperf-prepare-" + release + "-", ".log");
    log.deleteOnExit();
    return run(log, null, List.of(script("pseudo-cluster"), "prepare", "--hbase-version", release,
        "--region-servers", Integer.toString(regionServers), "--clusters", Integer.toString(clusters)), PREPARE_BOUND);
  }

  /**
   * Starts a new cluster in dir (keepData false: any earlier one there is removed), or restarts the
   * stopped one; a new one's ports are picked from {@code ports} ("20000-25999"), so that two
   * clusters up at once never pick one port, even one the other's stopped HBase holds in its files.
   */
  Result start(File dir, String release, int regionServers, boolean keepData, String ports) throws IOException,
      InterruptedException {
    List<String> command = new ArrayList<>(List.of(script("pseudo-cluster"), "start", "--dir", dir.getPath()));
    if (keepData) {
      command.add("--keep-data");
    } else {
      command.addAll(List.of("--hbase-version", release, "--region-servers", Integer.toString(regionServers)));
    }
    String startTimeout = System.getenv("PSEUDO_START_TIMEOUT");
    return run((keepData ? "restart-" : "start-") + dir.getName(), Map.of("PSEUDO_PORTS", ports), command,
        lockWaitBound(startTimeout).plus(startBound(keepData ? regionServersOf(dir) : regionServers, startTimeout)));
  }

  Result stop(File dir) throws IOException, InterruptedException {
    return run("stop-" + dir.getName(), null, List.of(script("pseudo-cluster"), "stop", "--dir", dir.getPath()),
        lockWaitBound(System.getenv("PSEUDO_START_TIMEOUT")).plus(stopBound(regionServersOf(dir))));
  }

  /**
   * How long scripts/pseudo-cluster waits for another start or stop of the same cluster (one left
   * running alone by a comparison killed with kill -9) before it gives up: six of its daemon waits
   * and 5 minutes, as the script computes it.
   */
  static Duration lockWaitBound(String startTimeoutSeconds) {
    return perDaemon(startTimeoutSeconds).multipliedBy(6).plus(Duration.ofMinutes(5));
  }

  private static Duration perDaemon(String startTimeoutSeconds) {
    return startTimeoutSeconds != null && startTimeoutSeconds.matches("\\d{1,6}")
        ? Duration.ofSeconds(Long.parseLong(startTimeoutSeconds)) : DAEMON_START_BOUND;
  }

  /**
   * A start's bound: the script's own wait for each daemon (PSEUDO_START_TIMEOUT seconds, default
   * 180), one daemon after the other, and its other steps.
   */
  static Duration startBound(int regionServers, String startTimeoutSeconds) {
    return perDaemon(startTimeoutSeconds).multipliedBy(FIXED_DAEMONS + regionServers).plus(START_OVERHEAD);
  }

  /** A stop's bound: each daemon's 15 s before the script kills it, and the kill. */
  static Duration stopBound(int regionServers) {
    return DAEMON_STOP_BOUND.multipliedBy(FIXED_DAEMONS + regionServers).plus(Duration.ofMinutes(1));
  }

  /** The region servers of the cluster in dir, from its cluster.env; at most 99 if it has none (a start cut short). */
  static int regionServersOf(File dir) {
    Properties env = new Properties();
    try (var in = Files.newBufferedReader(new File(dir, "cluster.env").toPath(), StandardCharsets.UTF_8)) {
      env.load(in);
      return Integer.parseInt(env.getProperty("REGION_SERVERS", "").replace("\"", "").trim());
    } catch (IOException | NumberFormatException e) {
      return 99;
    }
  }

  /**
   * Stops HBase's daemons and ZooKeeper in dir, leaving its HDFS and YARN running: the next {@link
   * #start} with keepData starts HBase again on them.
   */
  Result stopHBase(File dir) throws IOException, InterruptedException {
    return run("stop-hbase-" + dir.getName(), null, List.of(script("pseudo-cluster"), "stop", "--hbase-only", "--dir",
        dir.getPath()), lockWaitBound(System.getenv("PSEUDO_START_TIMEOUT")).plus(stopBound(regionServersOf(dir))));
  }

  /** Whether a start with keepData found HDFS and YARN running and started HBase alone (its output says so). */
  static boolean startedHBaseAlone(Result started) {
    return started.ok() && started.tail(Integer.MAX_VALUE).contains(" up again on the running HDFS and YARN in ");
  }

  /** Whether every daemon of the cluster in dir runs ({@code status} exits 0 only then). */
  boolean allRunning(File dir) throws IOException, InterruptedException {
    return new File(dir, "cluster.env").isFile()
        && run("status-" + dir.getName(), null, List.of(script("pseudo-cluster"), "status", "--dir", dir.getPath()),
            STATUS_BOUND).ok();
  }

  /** Whether any daemon of the cluster in dir still runs (a pid file whose process is alive). */
  static boolean anyRunning(File dir) {
    return anyAlive(daemonPids(dir, name -> true));
  }

  /** Whether HBase's master, a region server or its ZooKeeper still runs in dir. */
  static boolean hbaseRunning(File dir) {
    return anyAlive(daemonPids(dir, name -> name.equals("zookeeper") || name.equals("hmaster")
        || name.startsWith("regionserver-")));
  }

  private static boolean anyAlive(List<Long> pids) {
    return pids.stream().anyMatch(id -> ProcessHandle.of(id).map(ProcessHandle::isAlive).orElse(false));
  }

  /** The process ids the cluster in dir recorded for its daemons (its pids/ directory), live or not. */
  static List<Long> daemonPids(File dir) {
    return daemonPids(dir, name -> true);
  }

  /** Each recorded daemon of the cluster in dir whose name passes, name to process id. */
  static Map<String, Long> daemons(File dir, java.util.function.Predicate<String> daemon) {
    Map<String, Long> ids = new java.util.TreeMap<>();
    File[] pids = new File(dir, "pids").listFiles((d, name) -> name.endsWith(".pid")
        && daemon.test(name.substring(0, name.length() - ".pid".length())));
    for (File pid : pids == null ? new File[0] : pids) {
      try {
        ids.put(pid.getName().substring(0, pid.getName().length() - ".pid".length()),
            Long.parseLong(Files.readString(pid.toPath()).trim()));
      } catch (IOException | NumberFormatException e) {
        // A pid file being written or removed: not a live daemon.
      }
    }
    return ids;
  }

  /** The recorded process ids of the daemons whose names (zookeeper, namenode, regionserver-1, ...) pass. */
  private static List<Long> daemonPids(File dir, java.util.function.Predicate<String> daemon) {
    return new ArrayList<>(daemons(dir, daemon).values());
  }

  /**
   * {@code scripts/hperf-cluster <arguments>} against the cluster in dir, as after {@code eval
   * "$(pseudo-cluster env)"}, ended if it runs longer than {@code bound} (the caller knows what the
   * command does: a create-table takes seconds, a run its warm-up and duration).
   */
  Result hperfCluster(File dir, String name, List<String> arguments, Duration bound) throws IOException,
      InterruptedException {
    List<String> command = new ArrayList<>(List.of(script("hperf-cluster")));
    command.addAll(arguments);
    Map<String, String> env = Map.of(
        "PATH", new File(dir, "bin").getPath() + File.pathSeparator + System.getenv().getOrDefault("PATH", ""),
        "HADOOP_CONF_DIR", new File(dir, "conf/hadoop").getPath(),
        "HBASE_CONF_DIR", new File(dir, "conf/hbase").getPath());
    return run(name, env, command, bound);
  }

  private String script(String name) {
    return new File(scripts, name).getPath();
  }

  private Result run(String name, Map<String, String> env, List<String> command, Duration bound)
      throws IOException, InterruptedException {
    return run(nextLog(name), env, command, bound);
  }

  /** The next command's log, numbered in the order the commands started (two may run at once). */
  private synchronized File nextLog(String name) throws IOException {
    Files.createDirectories(logs.toPath());
    if (logNumber == 0) {
      String[] existing = logs.list();
      logNumber = existing == null ? 0 : existing.length;
    }
    return new File(logs, String.format(Locale.ROOT, "%03d-%s.log", ++logNumber, name));
  }

  private Result run(File log, Map<String, String> env, List<String> command, Duration bound) throws IOException,
      InterruptedException {
    List<String> bash = new ArrayList<>(List.of("bash"));
    bash.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(bash).redirectErrorStream(true).redirectOutput(log)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    if (env != null) {
      builder.environment().putAll(env);
    }
    long started = System.nanoTime();
    Process process = builder.start();
    running.add(process);
    try {
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        end(process);
        if (!process.waitFor(END_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly();
        }
        throw new IOException(String.join(" ", command) + " did not finish within " + minutes(bound)
            + ": it was ended, with what it started (log " + log + ")");
      }
      return new Result(process.exitValue(), log, (System.nanoTime() - started) / 1_000_000);
    } catch (InterruptedException e) {
      end(process);
      throw e;
    } finally {
      running.remove(process);
    }
  }

  private static String minutes(Duration bound) {
    return bound.toSeconds() % 60 == 0 ? bound.toMinutes() + " min" : bound.toSeconds() + " s";
  }

  /**
   * Ends the command under way and what it started (a job's client, a cluster's start), so that
   * Ctrl-C or kill of the comparison leaves no half-run job behind; its daemons are stopped after.
   */
  void endRunning() {
    running.forEach(PseudoClusterScripts::end);
  }

  private static void end(Process process) {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
  }
}
