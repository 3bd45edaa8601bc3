package org.hperf.dist;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
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
import org.hperf.core.run.RunRecord;

/**
 * {@code perf ab --a-hbase X --b-hbase Y}: the upgrade comparison. Each side is a pseudo-distributed
 * cluster of separate daemons at its release ({@code scripts/pseudo-cluster}, N region servers), and
 * every job of a side runs as on a real cluster of that release: {@code scripts/perf-cluster}, that
 * is {@code hadoop jar perf.jar} with the cluster's own {@code hbase mapredcp} jars. Only one cluster
 * runs at a time (the machine's cores are the measurement's), so the runs go in blocks: block k of
 * a side runs every workload once as run k, and the blocks are counterbalanced as
 * {@link AbPlan#order}'s runs are (A1 B1 B2 A2 ...): a side's cluster is stopped after its block
 * and restarted with its data kept for its next one. Each run warms up on its freshly started
 * servers before it measures. The run directories are on this machine's file system, so both
 * sides' runs are aggregated and compared here, with this build's analyzers.
 *
 * <p>Every step done is recorded in {@code <dir>/ab.properties} as it finishes; {@code --resume}
 * skips those and redoes the one a killed comparison was in (a half-written run is removed first).
 */
final class ReleaseAb {
  private static final String STATE = "ab.properties";
  private final AbPlan plan;
  private final File dir;
  private final boolean resume;
  private final Configuration localConf;
  private final PseudoClusterScripts scripts;
  private final Properties state = new Properties();
  private final List<String> blocks;
  private final int totalSteps;

  ReleaseAb(AbPlan plan, Configuration conf, boolean resume) {
    this.plan = plan;
    this.dir = new File(plan.dir().toUri().getPath()).getAbsoluteFile();
    this.resume = resume;
    this.localConf = new Configuration(conf);
    localConf.set("fs.defaultFS", "file:///");
    localConf.set("mapreduce.framework.name", "local");
    this.scripts = new PseudoClusterScripts(Perf.home(), new File(dir, "logs"));
    this.blocks = AbPlan.order(plan.runs(), false);
    // Per side: create-table, load, verify; per block: its runs.
    this.totalSteps = 2 * 3 + blocks.size() * plan.workloads().size();
  }

  int execute() throws Exception {
    checkDir();
    for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
      prepare(side);
    }
    open();
    Thread stopper = new Thread(() -> {
      scripts.endRunning();
      stopClusters();
    }, "hperf-ab-stop-clusters");
    Runtime.getRuntime().addShutdownHook(stopper);
    try {
      for (String block : blocks) {
        AbPlan.Side side = block.startsWith("A") ? plan.a() : plan.b();
        int exit = block(side, Integer.parseInt(block.substring(1)));
        if (exit != ExitCode.OK) {
          return exit;
        }
      }
      stopClusters();
      return compare();
    } finally {
      stopClusters();
      Runtime.getRuntime().removeShutdownHook(stopper);
    }
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
    state.setProperty("blocks", String.join(" ", blocks));
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

  /** Block k of a side: its cluster up (created and loaded the first time), then run k of every workload. */
  private int block(AbPlan.Side side, int k) throws Exception {
    if (allDone(side, k)) {
      return ExitCode.OK;
    }
    int exit = up(side);
    for (int w = 0; w < plan.workloads().size() && exit == ExitCode.OK; w++) {
      exit = run(side, plan.workloads().get(w), k);
    }
    return exit;
  }

  private boolean allDone(AbPlan.Side side, int k) {
    return plan.workloads().stream().allMatch(w -> done(runKey(side, w, k)));
  }

  /** The side's cluster running and loaded; the other side's stopped, so one cluster has the machine. */
  private int up(AbPlan.Side side) throws Exception {
    AbPlan.Side other = side == plan.a() ? plan.b() : plan.a();
    if (PseudoClusterScripts.anyRunning(clusterDir(other))) {
      progress("stopping side " + other.name() + "'s cluster");
      check(scripts.stop(clusterDir(other)), "stopping side " + other.name() + "'s cluster");
    }
    File cluster = clusterDir(side);
    String created = "cluster." + side.name();
    if (!done(created)) {
      if (PseudoClusterScripts.anyRunning(cluster)) {
        // A comparison killed while this cluster was starting: it is started anew.
        scripts.stop(cluster);
      }
      progress("starting side " + side.name() + "'s cluster: HBase " + side.release() + ", "
          + plan.regionServers() + " region server" + (plan.regionServers() == 1 ? "" : "s") + ", in " + cluster);
      PseudoClusterScripts.Result started = scripts.start(cluster, side.release(), plan.regionServers(), false);
      reportStart(side, started);
      markDone(created, started);
    } else if (!scripts.allRunning(cluster)) {
      scripts.stop(cluster);
      progress("restarting side " + side.name() + "'s cluster (HBase " + side.release() + ") with its data");
      PseudoClusterScripts.Result started = scripts.start(cluster, side.release(), plan.regionServers(), true);
      reportStart(side, started);
    }
    return load(side);
  }

  private void reportStart(AbPlan.Side side, PseudoClusterScripts.Result started) throws Exception {
    if (started.exitCode() == ExitCode.USAGE) {
      throw new UsageException(started.lastLine().replaceFirst("^pseudo-cluster: ", "side " + side.name() + "'s"
          + " cluster: "));
    }
    check(started, "starting side " + side.name() + "'s cluster");
    System.out.printf("   up in %.0f s%n", started.millis() / 1000.0);
  }

  /** create-table, load (compactions waited) and verify on the side's cluster, each once. */
  private int load(AbPlan.Side side) throws Exception {
    String table = side.table();
    // HBase 2.4's Maven jars are built for Hadoop 2: their bulk-load client cannot run on Hadoop 3.
    String mode = side.release().startsWith("2.4.") ? "put" : "bulk";
    List<List<String>> steps = List.of(
        List.of("create-table", "--table", table, "--recordcount", Long.toString(plan.recordCount()), "--regions",
            Integer.toString(plan.regions())),
        List.of("load", "--table", table, "--mode", mode, "--wait-for-compactions"),
        List.of("verify", "--table", table));
    for (List<String> command : steps) {
      String key = "load." + side.name() + "." + command.get(0);
      if (done(key)) {
        continue;
      }
      step("side " + side.name() + " (HBase " + side.release() + "): perf-cluster " + String.join(" ", command));
      PseudoClusterScripts.Result result = scripts.perfCluster(clusterDir(side), side.name().toLowerCase(Locale.ROOT)
          + "-" + command.get(0), command);
      if (!result.ok()) {
        return failed(result, "side " + side.name() + ": perf-cluster " + command.get(0));
      }
      markDone(key, result);
    }
    return ExitCode.OK;
  }

  /** Run k of one workload on the side's cluster, into the side's run directory of that workload. */
  private int run(AbPlan.Side side, String workload, int k) throws Exception {
    String key = runKey(side, workload, k);
    if (done(key)) {
      return ExitCode.OK;
    }
    Path output = side.runDir(new Path(dir.toURI()), workload);
    FileSystem fs = output.getFileSystem(localConf);
    // What a run killed before it finished left of run k: it is redone whole.
    fs.delete(new Path(output, "run-" + k), true);
    List<String> arguments = List.of("run", "-P", new File(plan.workloadDir(), workload).getAbsolutePath(),
        "--table", side.table(), "--clients", Integer.toString(plan.clients()), "--threads",
        Integer.toString(plan.threads()), "--duration", Long.toString(plan.durationSeconds()), "--warmup",
        Long.toString(plan.warmupSeconds()), "--runs", Integer.toString(plan.runs()), "--run-index",
        Integer.toString(k), "--seed", Long.toString(plan.seed()), "--output", output.toString());
    step("side " + side.name() + " (HBase " + side.release() + "): " + workload + " run " + k + " of "
        + plan.runs());
    PseudoClusterScripts.Result result = scripts.perfCluster(clusterDir(side), side.name().toLowerCase(Locale.ROOT)
        + "-" + workload + "-run-" + k, arguments);
    if (fs.exists(new Path(output, RunRecord.FILE))) {
      RunRecord record = RunRecord.read(fs, output);
      record.setAbSide(new RunRecord.AbSide(side.name(), side.setup(), blocks));
      record.write(fs, output);
    }
    if (!result.ok()) {
      return failed(result, "side " + side.name() + ": " + workload + " run " + k);
    }
    markDone(key, result);
    return ExitCode.OK;
  }

  /** Each side's runs aggregated, compared per workload; the verdict and one report of both sides. */
  private int compare() throws Exception {
    List<ComparisonReport> reports = new ArrayList<>();
    List<String> runDirs = new ArrayList<>();
    Path root = new Path(dir.toURI());
    for (String workload : plan.workloads()) {
      for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
        Path output = side.runDir(root, workload);
        progress("perf aggregate " + output);
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
          plan.b().runDir(root, workload), plan.confidence());
      reports.add(report);
    }
    AbTool.writeVerdict(plan, reports, root.getFileSystem(localConf), root);
    List<String> reportArgs = new ArrayList<>(runDirs);
    reportArgs.addAll(List.of("--html", new File(dir, "report.html").getPath()));
    // Only the page: the verdict has just printed the tables and findings, and the line below names the page.
    Configuration reportConf = new Configuration(localConf);
    reportConf.setBoolean(ReportTool.PRINT_TEXT, false);
    reportConf.setBoolean(ReportTool.PRINT_PATH, false);
    int exit = ToolRunner.run(reportConf, new ReportTool(), reportArgs.toArray(new String[0]));
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
    return state.stringPropertyNames().stream().filter(k -> k.startsWith("load.") || k.startsWith("run."))
        .filter(this::done).count();
  }

  private void markDone(String key, PseudoClusterScripts.Result result) throws IOException {
    state.setProperty(key, "done");
    state.setProperty(key + ".seconds", String.format(Locale.ROOT, "%.1f", result.millis() / 1000.0));
    state.setProperty(key + ".log", result.log().getName());
    save();
  }

  private void save() throws IOException {
    File tmp = new File(dir, STATE + ".tmp");
    try (OutputStream out = new FileOutputStream(tmp)) {
      state.store(out, "hperf ab between two HBase releases: the plan, the blocks' order, each step done");
    }
    java.nio.file.Files.move(tmp.toPath(), new File(dir, STATE).toPath(),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
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
    System.err.println("perf ab: " + what + " failed with exit code " + result.exitCode() + " (log " + result.log()
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
          System.err.println("perf ab: could not stop " + cluster + ": " + e.getMessage()
              + "; stop it with scripts/pseudo-cluster stop --dir " + cluster);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }
}
