package org.hperf.dist;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.analyzers.AggregateTool;
import org.hperf.analyzers.CompareTool;
import org.hperf.analyzers.ComparisonReport;
import org.hperf.analyzers.ReportTool;
import org.hperf.core.ExitCode;
import org.hperf.core.UsageException;
import org.hperf.core.run.RunDirectory;
import org.hperf.core.run.RunRecord;

/**
 * {@code hperf ab --a-hbase X --b-hbase Y}: the upgrade comparison. Each side is a pseudo-distributed
 * cluster of separate daemons at its release ({@code scripts/pseudo-cluster}, N region servers), and
 * every job of a side runs as on a real cluster of that release: {@code scripts/hperf-cluster}, that
 * is {@code hadoop jar perf.jar} with the cluster's own {@code hbase mapredcp} jars.
 *
 * <p>The unit of replication is a <em>cluster lifetime</em>: the side's cluster started (with its
 * data), then each workload warmed up until every client's throughput is flat ({@code hperf run
 * --server-warmup}, with a cap) and measured once, in an order that rotates from lifetime to
 * lifetime, then stopped. Every lifetime of either side starts the same way, a restart even after a lifetime of
 * the same side, so that what varies between two lifetimes of a side (where regions and blocks
 * land, what the JIT compiled) varies on both sides alike and is what the interval measures. Only
 * one cluster runs at a time (the machine's cores are the measurement's); the lifetimes' order is
 * counterbalanced in random quadruples ABBA or BAAB ({@link AbPlan#lifetimeOrder}) and recorded. Both
 * sides hold the same dataset loaded through the same path (bulk, or puts when a side is HBase 2.4,
 * whose Maven jars cannot bulk-load on Hadoop 3), flushed, major-compacted and verified before
 * their first lifetime, and kept as a snapshot that is restored before each workload of each
 * lifetime ({@link #LOADED_SNAPSHOT}), so that every measurement reads the loaded data. A lifetime
 * whose warm-up of a workload reached its cap is not steady for it; too many such lifetimes make a
 * verdict inconclusive ({@link org.hperf.analyzers.VerdictRules}).
 *
 * <p>Every step done is recorded in {@code <dir>/ab.properties} as it finishes; {@code --resume}
 * skips those and redoes the lifetime a killed comparison was in, whole (its runs are removed first).
 */
final class ReleaseAb {
  private static final String STATE = "ab.properties";
  /**
   * Each side's loaded table, kept as a snapshot on its own cluster and restored before every
   * workload of every lifetime: a write workload's flushes would otherwise change the data every
   * later measurement reads (workload C ran 23% slower after updateonly in the same lifetime).
   */
  static final String LOADED_SNAPSHOT = "hperf-ab-loaded";
  private final AbPlan plan;
  private final File dir;
  private final boolean resume;
  private final Configuration localConf;
  private final PseudoClusterScripts scripts;
  private final Properties state = new Properties();
  private final List<String> lifetimes;
  private final int totalSteps;
  /** Other processes' CPU while each run's job ran; null where /proc cannot be read. */
  private NeighbourCpu neighbours;

  ReleaseAb(AbPlan plan, Configuration conf, boolean resume) {
    this.plan = plan;
    this.dir = new File(plan.dir().toUri().getPath()).getAbsoluteFile();
    this.resume = resume;
    this.localConf = new Configuration(conf);
    localConf.set("fs.defaultFS", "file:///");
    localConf.set("mapreduce.framework.name", "local");
    this.scripts = new PseudoClusterScripts(Perf.home(), new File(dir, "logs"));
    this.lifetimes = AbPlan.lifetimeOrder(plan.runs(), plan.seed());
    // Per side: create-table, load, verify; then the lifetimes.
    this.totalSteps = 2 * 3 + lifetimes.size();
  }

  int execute() throws Exception {
    checkDir();
    for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
      prepare(side);
    }
    open();
    neighbours = NeighbourCpu.start(this::daemonPids).orElse(null);
    Thread stopper = new Thread(() -> {
      scripts.endRunning();
      stopClusters();
    }, "hperf-ab-stop-clusters");
    Runtime.getRuntime().addShutdownHook(stopper);
    try {
      for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
        int exit = loadOnce(side);
        if (exit != ExitCode.OK) {
          return exit;
        }
      }
      for (String lifetime : lifetimes) {
        AbPlan.Side side = lifetime.startsWith("A") ? plan.a() : plan.b();
        int exit = lifetime(side, Integer.parseInt(lifetime.substring(1)));
        if (exit != ExitCode.OK) {
          return exit;
        }
      }
      stopClusters();
      return compare();
    } finally {
      stopClusters();
      Runtime.getRuntime().removeShutdownHook(stopper);
      if (neighbours != null) {
        neighbours.close();
      }
    }
  }

  /** Both sides' cluster daemons, as their pid files say now. */
  private List<Long> daemonPids() {
    List<Long> pids = new ArrayList<>(PseudoClusterScripts.daemonPids(clusterDir(plan.a())));
    pids.addAll(PseudoClusterScripts.daemonPids(clusterDir(plan.b())));
    return pids;
  }

  /** A new directory, or with --resume one that holds a comparison: checked before anything is resolved or started. */
  private void checkDir() throws UsageException {
    if (resume && !new File(dir, STATE).isFile()) {
      throw new UsageException("--resume: " + dir + " holds no comparison (no " + STATE + "): start one without"
          + " --resume");
    }
    if (!resume && dir.exists()) {
      throw new UsageException("--dir " + dir + " already exists: give a new directory (runs are never"
          + " overwritten), or --resume to continue the comparison in it");
    }
  }

  /** A new comparison's directory and record, or (--resume) the record of the one to continue. */
  private void open() throws IOException, UsageException {
    File stateFile = new File(dir, STATE);
    if (resume) {
      try (InputStream in = new FileInputStream(stateFile)) {
        state.load(in);
      }
      if (!plan.toString().equals(state.getProperty("plan"))) {
        throw new UsageException("--resume: the comparison in " + dir + " was started with other options (see "
            + stateFile + "): give the same options as its first command");
      }
      System.out.println("ab: resuming the comparison in " + dir + " (" + doneSteps() + " of " + totalSteps
          + " steps done)");
      return;
    }
    if (!dir.mkdirs()) {
      throw new IOException("cannot create " + dir);
    }
    state.setProperty("plan", plan.toString());
    for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
      state.setProperty("side." + side.name() + ".setup", side.setup());
    }
    state.setProperty("lifetimes", String.join(" ", lifetimes));
    state.setProperty("loadMode", loadMode());
    state.setProperty("workloads", String.join(",", plan.workloads()));
    save();
  }

  /** The release's jars resolved and the memory checked, before anything starts: exit 2 if either fails. */
  private void prepare(AbPlan.Side side) throws Exception {
    PseudoClusterScripts.Result prepared = scripts.prepare(side.release(), plan.regionServers());
    if (prepared.exitCode() == ExitCode.USAGE) {
      throw new UsageException(prepared.lastLine().replaceFirst("^pseudo-cluster: ", "side " + side.name() + ": "));
    }
    check(prepared, "preparing HBase " + side.release());
  }

  /**
   * The side's cluster started anew, loaded (create-table, load, verify, each once), and stopped:
   * the dataset of its lifetimes. Nothing is measured on the cluster that loaded it.
   */
  private int loadOnce(AbPlan.Side side) throws Exception {
    if (done("load." + side.name() + ".verify")) {
      applyServerSettings(side);
      return ExitCode.OK;
    }
    File cluster = clusterDir(side);
    stopAll();
    if (!done("cluster." + side.name())) {
      if (PseudoClusterScripts.anyRunning(cluster)) {
        // A comparison killed while this cluster was starting: it is started anew.
        scripts.stop(cluster);
      }
      progress("starting side " + side.name() + "'s cluster: HBase " + side.release() + ", " + plan.regionServers()
          + " region server" + (plan.regionServers() == 1 ? "" : "s") + ", in " + cluster);
      PseudoClusterScripts.Result started = scripts.start(cluster, side.release(), plan.regionServers(), false);
      reportStart(side, started);
      markDone("cluster." + side.name(), started);
    } else {
      // A comparison killed while loading: the cluster holds what was loaded, the step is redone.
      startWithData(side);
    }
    int exit = load(side);
    stopAll();
    if (exit == ExitCode.OK) {
      applyServerSettings(side);
    }
    return exit;
  }

  /**
   * The side's --a-set/--b-set, added to its cluster's hbase-site.xml once it is loaded and
   * stopped: every lifetime's servers start with them, the load did not (both sides load alike).
   * A cluster restarted with its data keeps its configuration files.
   */
  private void applyServerSettings(AbPlan.Side side) throws IOException {
    String key = "settings." + side.name();
    if (side.settings().isEmpty() || done(key)) {
      return;
    }
    File site = new File(clusterDir(side), "conf/hbase/hbase-site.xml");
    String xml = java.nio.file.Files.readString(site.toPath());
    StringBuilder added = new StringBuilder("  <!-- hperf ab: side " + side.name() + "'s settings -->\n");
    side.settings().forEach((k, v) -> added.append("  <property><name>").append(escapeXml(k))
        .append("</name><value>").append(escapeXml(v)).append("</value></property>\n"));
    int end = xml.lastIndexOf("</configuration>");
    if (end < 0) {
      throw new IOException(site + " has no </configuration>: cannot add side " + side.name() + "'s settings");
    }
    java.nio.file.Files.writeString(site.toPath(), xml.substring(0, end) + added + xml.substring(end));
    state.setProperty(key, "done");
    save();
    progress("side " + side.name() + "'s region servers get " + side.settings() + " from its next start (" + site + ")");
  }

  private static String escapeXml(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /**
   * Lifetime k of a side: its cluster started with its data, warmed up on the lifetime's first
   * workload until steady (at most --server-warmup), then run k of every workload in the lifetime's
   * order, then stopped. Redone whole if a killed comparison was inside it.
   */
  private int lifetime(AbPlan.Side side, int k) throws Exception {
    String key = "lifetime." + side.name() + k;
    if (done(key)) {
      return ExitCode.OK;
    }
    List<String> order = workloadOrder(k);
    stopAll();
    step("lifetime " + side.name() + k + " (HBase " + side.release() + "): restart, then warm up and measure "
        + String.join(", ", order));
    long started = System.nanoTime();
    startWithData(side);
    // Every workload warmed, not only the first: in the first A/A comparison on this design a
    // workload measured after another one's warm-up ran at half the rate of the same workload
    // warmed itself (workload C: 2,556-4,767 ops/s against 6,120-8,788), its server still
    // JIT-compiling its read path for 50-80% of the window.
    for (String workload : order) {
      int exit = run(side, workload, k, true);
      if (exit != ExitCode.OK) {
        return exit;
      }
    }
    stopAll();
    state.setProperty(key + ".workloads", String.join(",", order));
    state.setProperty(key, "done");
    state.setProperty(key + ".seconds", String.format(Locale.ROOT, "%.1f", (System.nanoTime() - started) / 1e9));
    save();
    return ExitCode.OK;
  }

  /**
   * What a job's command may take besides its own work: a client JVM, YARN scheduling its
   * application master and tasks, the job's commit. A command past its bound is ended and fails the
   * comparison (--resume redoes it).
   */
  private static final Duration JOB_OVERHEAD = Duration.ofMinutes(15);
  /** The slowest load or verify a bound allows: records a second on a pseudo-distributed cluster. */
  private static final long SLOWEST_RECORDS_PER_SECOND = 500;

  /** create-table in seconds; load (with its compactions) and verify at least 500 records a second. */
  private Duration loadStepBound(String command) {
    return command.equals("create-table") ? JOB_OVERHEAD
        : JOB_OVERHEAD.plusSeconds(plan.recordCount() / SLOWEST_RECORDS_PER_SECOND);
  }

  /** A run: its warm-up (at most its cap), its own warm-up and duration, each job's overhead. */
  private Duration runBound(boolean serverWarmup) {
    Duration bound = JOB_OVERHEAD.plusSeconds(plan.warmupSeconds() + plan.durationSeconds());
    return serverWarmup ? bound.plus(JOB_OVERHEAD).plusSeconds(plan.serverWarmupSeconds()) : bound;
  }

  /** The workloads of lifetime k: the plan's order rotated by k - 1, so each is first in turn. */
  private List<String> workloadOrder(int k) {
    List<String> order = new ArrayList<>(plan.workloads());
    java.util.Collections.rotate(order, -((k - 1) % order.size()));
    return order;
  }

  /** How both sides are loaded: one path for both, the one both releases can take. */
  private String loadMode() {
    // HBase 2.4's Maven jars are built for Hadoop 2: their bulk-load client cannot run on Hadoop 3.
    boolean anyPutOnly = plan.a().release().startsWith("2.4.") || plan.b().release().startsWith("2.4.");
    return anyPutOnly ? "put" : "bulk";
  }

  /** Stops whichever cluster of the comparison runs, so one cluster has the machine. */
  private void stopAll() throws Exception {
    for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
      if (PseudoClusterScripts.anyRunning(clusterDir(side))) {
        progress("stopping side " + side.name() + "'s cluster");
        check(scripts.stop(clusterDir(side)), "stopping side " + side.name() + "'s cluster");
      }
    }
  }

  private void startWithData(AbPlan.Side side) throws Exception {
    progress("starting side " + side.name() + "'s cluster (HBase " + side.release() + ") with its data");
    File cluster = clusterDir(side);
    PseudoClusterScripts.Result started = scripts.start(cluster, side.release(), plan.regionServers(), true);
    // A comparison killed with kill -9 leaves its child behind: a cluster start that goes on alone.
    // The script lets one start or stop at a time work on a cluster, so this start waited for that
    // one to end and found its daemons up: they are stopped and the start tried once more.
    if (started.exitCode() == ExitCode.USAGE && started.lastLine().contains("is already running")) {
      progress("side " + side.name() + "'s cluster was started by an earlier, killed command: stopping it and"
          + " starting again");
      check(scripts.stop(cluster), "stopping side " + side.name() + "'s cluster");
      started = scripts.start(cluster, side.release(), plan.regionServers(), true);
    }
    reportStart(side, started);
  }

  private void reportStart(AbPlan.Side side, PseudoClusterScripts.Result started) throws Exception {
    if (started.exitCode() == ExitCode.USAGE) {
      throw new UsageException(started.lastLine().replaceFirst("^pseudo-cluster: ", "side " + side.name() + "'s"
          + " cluster: "));
    }
    check(started, "starting side " + side.name() + "'s cluster");
    System.out.printf("   up in %.0f s%n", started.millis() / 1000.0);
  }

  /** create-table, load (flushed, major-compacted, waited) and verify on the side's cluster, each once. */
  private int load(AbPlan.Side side) throws Exception {
    String table = side.table();
    String mode = loadMode();
    List<List<String>> steps = List.of(
        List.of("create-table", "--table", table, "--recordcount", Long.toString(plan.recordCount()), "--regions",
            Integer.toString(plan.regions())),
        List.of("load", "--table", table, "--mode", mode, "--wait-for-compactions", "--snapshot", LOADED_SNAPSHOT,
            "--yes"),
        List.of("verify", "--table", table));
    for (List<String> command : steps) {
      String key = "load." + side.name() + "." + command.get(0);
      if (done(key)) {
        continue;
      }
      step("side " + side.name() + " (HBase " + side.release() + "): hperf-cluster " + String.join(" ", command));
      PseudoClusterScripts.Result result = scripts.hperfCluster(clusterDir(side), side.name().toLowerCase(Locale.ROOT)
          + "-" + command.get(0), command, loadStepBound(command.get(0)));
      if (!result.ok()) {
        return failed(result, "side " + side.name() + ": hperf-cluster " + command.get(0));
      }
      markDone(key, result);
    }
    return ExitCode.OK;
  }

  /**
   * Run k of one workload on the side's cluster, into the side's run directory of that workload;
   * the lifetime's first run warms the servers up first, and whether its clients ended steady or
   * at the cap is recorded for the verdict.
   */
  private int run(AbPlan.Side side, String workload, int k, boolean warmUp) throws Exception {
    Path output = side.runDir(new Path(dir.toURI()), workload);
    FileSystem fs = output.getFileSystem(localConf);
    // What a lifetime killed before it finished left of run k: it is redone whole.
    fs.delete(new RunDirectory(output).run(k), true);
    RunArguments arguments = new RunArguments(new File(plan.workloadDir(), workload).getAbsolutePath(), side.table())
        .clients(plan.clients(), plan.threads()).duration(plan.durationSeconds()).warmup(plan.warmupSeconds())
        .runs(plan.runs()).runIndex(k, plan.seed()).output(output.toString()).restoreSnapshot(LOADED_SNAPSHOT)
        .abSide(new RunRecord.AbSide(side.name(), side.setup(), lifetimes));
    if (warmUp) {
      arguments.serverWarmup(plan.serverWarmupSeconds());
    }
    progress("side " + side.name() + " (HBase " + side.release() + "): " + workload + " run " + k + " of "
        + plan.runs() + (warmUp ? ", after a warm-up of at most " + plan.serverWarmupSeconds() + " s" : ""));
    PseudoClusterScripts.Result result = scripts.hperfCluster(clusterDir(side), side.name().toLowerCase(Locale.ROOT)
        + "-" + workload + "-run-" + k, arguments.command(), runBound(warmUp));
    if (fs.exists(new Path(output, RunRecord.FILE))) {
      RunRecord record = RunRecord.read(fs, output);
      if (warmUp) {
        record.serverWarmup().ifPresent(w -> recordWarmup(side, k, workload, w));
      }
      RunRecord.Outcome measured = record.outcomes().get(k);
      if (measured != null) {
        recordNeighbours(side, k, workload, measured);
      }
    }
    if (!result.ok()) {
      return failed(result, "side " + side.name() + ": " + workload + " run " + k);
    }
    state.setProperty(runKey(side, workload, k) + ".seconds", String.format(Locale.ROOT, "%.1f",
        result.millis() / 1000.0));
    return ExitCode.OK;
  }

  /** A workload's warm-up in a lifetime, in ab.properties: its seconds and how many clients ended steady. */
  private void recordWarmup(AbPlan.Side side, int k, String workload, RunRecord.ServerWarmup warmup) {
    String key = "lifetime." + side.name() + k + ".warmup." + workload;
    state.setProperty(key + ".seconds", String.format(Locale.ROOT, "%.1f", warmup.seconds()));
    state.setProperty(key + ".steadyClients", Integer.toString(warmup.steadyClients()));
    state.setProperty(key + ".clients", Integer.toString(warmup.clients()));
    if (warmup.steadyClients() < warmup.clients()) {
      progress("lifetime " + side.name() + k + ": " + workload + "'s warm-up reached its cap of " + warmup.maxSeconds() + " s with "
          + warmup.steadyClients() + " of " + warmup.clients() + " clients steady: the lifetime is not steady");
    }
  }

  /**
   * What other processes on this machine took of its CPU while the workload's measured job ran in
   * lifetime k, in ab.properties; above {@link NeighbourCpu#DISTURBING_SHARE} the lifetime is not clean.
   */
  private void recordNeighbours(AbPlan.Side side, int k, String workload, RunRecord.Outcome measured) {
    if (neighbours == null || measured.startMs() == 0) {
      return;
    }
    java.util.OptionalDouble share = neighbours.share(measured.startMs(), measured.endMs());
    if (share.isEmpty()) {
      return;
    }
    state.setProperty(neighbourKey(side.name() + k, workload), String.format(Locale.ROOT, "%.3f", share.getAsDouble()));
    if (share.getAsDouble() > NeighbourCpu.DISTURBING_SHARE) {
      progress(String.format(Locale.ROOT, "lifetime %s%d: other processes on this machine took %.0f%% of its CPU while"
          + " %s ran (more than %.0f%%): the lifetime is not clean", side.name(), k, 100 * share.getAsDouble(), workload,
          100 * NeighbourCpu.DISTURBING_SHARE));
    }
  }

  private static String neighbourKey(String lifetime, String workload) {
    return "lifetime." + lifetime + ".neighbourCpu." + workload;
  }

  /**
   * The lifetimes that were not clean for the workload, "B2" to why: a warm-up that reached its cap,
   * other processes' CPU beyond {@link NeighbourCpu#DISTURBING_SHARE} while it was measured.
   */
  private Map<String, String> notClean(String workload) {
    Map<String, String> why = new TreeMap<>(cappedWarmups(workload));
    for (String lifetime : lifetimes) {
      double share = neighbourShare(lifetime, workload);
      if (share > NeighbourCpu.DISTURBING_SHARE) {
        String neighbours = String.format(Locale.ROOT, "other processes took %.0f%% of the machine's CPU while it"
            + " was measured", 100 * share);
        why.merge(lifetime, neighbours, (a, b) -> a + "; " + b);
      }
    }
    return why;
  }

  /** Other processes' share recorded for the workload in the lifetime, -1 if none was. */
  private double neighbourShare(String lifetime, String workload) {
    String share = state.getProperty(neighbourKey(lifetime, workload));
    return share == null ? -1 : Double.parseDouble(share);
  }

  /** How much of the machine's CPU other processes took while workloads were measured, at most. */
  private String neighboursLine() {
    double most = -1;
    for (String lifetime : lifetimes) {
      for (String workload : plan.workloads()) {
        most = Math.max(most, neighbourShare(lifetime, workload));
      }
    }
    return most < 0 ? "other processes' CPU while measuring: not measured (no /proc here)"
        : String.format(Locale.ROOT, "other processes on this machine took at most %.0f%% of its CPU while a workload was"
            + " measured (a lifetime over %.0f%% is not clean)", 100 * most, 100 * NeighbourCpu.DISTURBING_SHARE);
  }

  /** The lifetimes whose warm-up of the workload ended at its cap ("B2" to why), as ab.properties records them. */
  private Map<String, String> cappedWarmups(String workload) {
    Map<String, String> capped = new TreeMap<>();
    for (String lifetime : lifetimes) {
      String key = "lifetime." + lifetime + ".warmup." + workload;
      String steady = state.getProperty(key + ".steadyClients");
      String clients = state.getProperty(key + ".clients");
      if (steady != null && clients != null && !steady.equals(clients)) {
        capped.put(lifetime, "its warm-up reached the " + plan.serverWarmupSeconds() + " s cap with " + steady + " of "
            + clients + " clients steady");
      }
    }
    return capped;
  }

  /** Each side's runs aggregated, compared per workload; the verdict and one report of both sides. */
  private int compare() throws Exception {
    List<ComparisonReport> reports = new ArrayList<>();
    List<String> runDirs = new ArrayList<>();
    Path root = new Path(dir.toURI());
    for (String workload : plan.workloads()) {
      for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
        Path output = side.runDir(root, workload);
        progress("hperf aggregate " + output);
        // The verdict below prints both sides' findings, each once.
        Configuration aggregateConf = new Configuration(localConf);
        aggregateConf.setBoolean(AggregateTool.PRINT_FINDINGS, false);
        int exit = ToolRunner.run(aggregateConf, new AggregateTool(), new String[] {output.toString()});
        if (exit != ExitCode.OK) {
          return exit;
        }
        runDirs.add(output.toString());
      }
      ComparisonReport report = CompareTool.compare(localConf, plan.a().runDir(root, workload),
          plan.b().runDir(root, workload), plan.rules(), notClean(workload));
      reports.add(report);
    }
    List<String> header = List.of("both sides loaded the same way: " + loadMode() + " load of " + plan.recordCount()
        + " records into " + plan.regions() + " regions, flushed, major-compacted and verified on each, kept as a"
        + " snapshot restored before every workload of every lifetime",
        "lifetimes (each: restart with the data, then every workload warmed until steady and measured once, stop),"
        + " in this order: "
        + String.join(" ", lifetimes), neighboursLine());
    int verdictExit = AbTool.writeVerdict(plan, reports, root.getFileSystem(localConf), root, header);
    List<String> reportArgs = new ArrayList<>(runDirs);
    reportArgs.addAll(List.of("--output", new File(dir, "report.html").getPath()));
    // Only the page: the verdict has just printed the tables and findings, and the line below names the page.
    Configuration reportConf = new Configuration(localConf);
    reportConf.setBoolean(ReportTool.PRINT_TEXT, false);
    reportConf.setBoolean(ReportTool.PRINT_PATH, false);
    int exit = ToolRunner.run(reportConf, new ReportTool(), reportArgs.toArray(new String[0]));
    exit = exit != ExitCode.OK ? exit : verdictExit;
    System.out.printf("ab: verdicts in %s and %s; report %s; every command's log in %s; the clusters are stopped,"
        + " their data in %s and %s%n", new File(dir, "verdict.txt"), new File(dir, "verdict.json"),
        new File(dir, "report.html"), new File(dir, "logs"), clusterDir(plan.a()), clusterDir(plan.b()));
    return exit;
  }

  private File clusterDir(AbPlan.Side side) {
    return new File(dir, "cluster-" + side.name().toLowerCase(Locale.ROOT));
  }

  private static String runKey(AbPlan.Side side, String workload, int k) {
    return "run." + workload + "." + side.name() + k;
  }

  private boolean done(String key) {
    return "done".equals(state.getProperty(key));
  }

  private long doneSteps() {
    return state.stringPropertyNames().stream().filter(k -> k.startsWith("load.") || k.startsWith("lifetime."))
        .filter(this::done).count();
  }

  private void markDone(String key, PseudoClusterScripts.Result result) throws IOException {
    state.setProperty(key, "done");
    state.setProperty(key + ".seconds", String.format(Locale.ROOT, "%.1f", result.millis() / 1000.0));
    state.setProperty(key + ".log", result.log().getName());
    save();
  }

  private void save() throws IOException {
    LedgerFile.write(FileSystem.getLocal(localConf).getRawFileSystem(), new Path(new File(dir, STATE).toURI()), state,
        "hperf ab between two HBase releases: the plan, the lifetimes' order, each step done");
  }

  /** A step's progress line: its number among all steps (those done, on resume too, come before it). */
  private void step(String what) {
    System.out.printf("== ab [%d/%d] %s%n", doneSteps() + 1, totalSteps, what);
  }

  private static void progress(String what) {
    System.out.println("== ab: " + what);
  }

  private int failed(PseudoClusterScripts.Result result, String what) {
    System.err.println(result.tail(30));
    System.err.println("hperf ab: " + what + " failed with exit code " + result.exitCode() + " (log " + result.log()
        + "); continue with the same command and --resume");
    return result.exitCode() == ExitCode.USAGE ? ExitCode.USAGE : ExitCode.FAILED;
  }

  private static void check(PseudoClusterScripts.Result result, String what) throws IOException {
    if (!result.ok()) {
      throw new IOException(what + " failed with exit code " + result.exitCode() + " (log " + result.log() + "):\n"
          + result.tail(30));
    }
  }

  /** Stops whatever cluster of this comparison still runs: at the end, on a failure, on Ctrl-C or kill. */
  private void stopClusters() {
    for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
      File cluster = clusterDir(side);
      if (PseudoClusterScripts.anyRunning(cluster)) {
        progress("stopping side " + side.name() + "'s cluster");
        try {
          scripts.stop(cluster);
        } catch (IOException e) {
          System.err.println("hperf ab: could not stop " + cluster + ": " + e.getMessage()
              + "; stop it with scripts/pseudo-cluster stop --dir " + cluster);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }
}
