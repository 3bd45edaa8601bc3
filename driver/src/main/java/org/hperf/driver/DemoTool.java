package org.hperf.driver;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.util.ShutdownHookManager;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.analyzers.ReportTool;
import org.hperf.core.ExitCode;
import org.hperf.core.HperfTool;
import org.hperf.core.UsageException;
import org.hperf.core.Verbosity;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.cli.RunOptions;
import org.hperf.jobs.WorkloadTool;
import org.hperf.testkit.EmbeddedCluster;
import org.hperf.testkit.EmbeddedYarn;

/**
 * {@code hperf demo}: starts a real HBase cluster in this JVM and runs the {@code tiny} suite on it,
 * the same commands a cluster user runs (create-table, load, verify, the workloads, aggregate,
 * report), and prints where the HTML report is. Only the Configuration differs from a real
 * cluster: the jobs and code paths are the same. With {@code --yarn} the jobs run on YARN in this
 * JVM, with a JobHistory web UI.
 */
public final class DemoTool extends HperfTool {
  public static final String NAME = "demo";
  /** Suite options the demo passes through, to make it shorter or larger. */
  private static final int STOP_BEFORE_FILE_SYSTEMS_CLOSE = FileSystem.SHUTDOWN_HOOK_PRIORITY + 10;
  private static final List<String> SUITE_OPTIONS = List.of("table", "recordcount", "regions", "runs",
      "duration", "clients", "threads", "client", "inflight", "per-server");
  /**
   * The demo's server warm-up cap, before its first workload only. The launcher runs the demo on
   * C1 alone ({@code scripts/hperf}): with C2 as well, servers, clients and driver compiling in one
   * JVM were not steady after the whole minute (workload C measured at 21,127 ops/s with the
   * server's JIT still busy, a SERVER-JIT finding); on C1 the same warm-up was steady in 12-14 s
   * (8,954 ops/s, steady). The cap is what a JVM without C1 alone would be given.
   */
  static final long SERVER_WARMUP_SECONDS = 60;
  /**
   * How long the servers' compiler must have been quiet to end a warm-up, in the demo (10 s
   * elsewhere): its one JVM compiles with C1 alone and keeps its code compiled across the
   * comparison's region-server restarts; proving 10 s of quiet again would be a third of each of
   * its lifetimes.
   */
  static final long JIT_QUIET_SECONDS = 5;
  /**
   * The demo's workloads: Cloudera's four (YCSB A, C, F, update-only) and three of the BigTable
   * paper's figure-6 tests, whose rates the results print beside the paper's; {@code --all} runs
   * the suite's ten.
   */
  static final String DEFAULT_WORKLOADS = "workloada,workloadc,workloadf,updateonly,randomread,randomwrite,scan";
  /**
   * Each workload's window: a demo's, short (steady, with no finding against it, but not precise),
   * so that the demo, its comparison included, ends within 3 minutes on 2 cores.
   */
  static final long DURATION_SECONDS = 3;
  /** Each run's clients' warm-up on the server warmed once: their connections made, the regions located. */
  static final long CLIENT_WARMUP_SECONDS = 1;

  @Override
  protected CommandOptions options() {
    return new CommandOptions(NAME, "[options]",
        "Start an embedded HBase cluster (ZooKeeper, master, region server on the local file system) and run"
            + " the tiny suite on it (create-table, load, verify, every workload after one server warm-up, aggregate,"
            + " report), then a small comparison of two settings (hperf ab) ending in its verdict.")
        .value(null, "table", "name", "table to create", "usertable")
        .value(null, "recordcount", "n", "records to load", "100000 (tiny preset)")
        .value(null, "regions", "n", "regions to pre-split into", "16 (tiny preset)")
        .value(null, "workloads", "list", "comma-separated workload files", DEFAULT_WORKLOADS)
        .flag(null, "all", "every workload of the suite: " + SuiteTool.DEFAULT_WORKLOADS)
        .value(null, "runs", "n", "runs per workload", "1 (tiny preset)")
        .value(null, "duration", "seconds", "measured seconds per run", Long.toString(DURATION_SECONDS))
        .value(null, "clients", "n", "map tasks per run", "2 (tiny preset)")
        .value(null, "threads", "n", "threads per client", "4 (tiny preset)")
        .value(null, "client", "sync|async", "the workload client of every run (hperf run --client)", "sync")
        .value(null, "inflight", "n", "operations each client keeps in flight with --client async", "--threads")
        .switchOption("per-server", "record where each run's operations were served (region server"
            + " table, region heat strips and hotspots in the report)")
        .value(null, "server-warmup", "max seconds", "before the first workload's run, run it unmeasured until"
            + " its throughput stops rising and the server's JIT is quiet, at most this long; 0: no warm-up",
            Long.toString(SERVER_WARMUP_SECONDS))
        .value(null, "warmup", "seconds", "seconds each run's clients run before measuring, on the warm server",
            Long.toString(CLIENT_WARMUP_SECONDS))
        .repeated(null, "b-set", "key=value", "the comparison's side B: a region server setting (repeatable; default: "
            + DemoComparison.DEFAULT_B_SETTING + ")")
        .flag(null, "no-compare", "skip the comparison: the suite alone")
        .value(null, "dir", "path", "where the cluster and the suite keep their files (wiped at start)",
            "<hperf home>/target/embedded")
        .flag(null, "yarn", "run the suite's jobs on YARN in this JVM (ResourceManager, NodeManager, JobHistoryServer"
            + " with its web UI) instead of the LocalJobRunner; slower: every job starts its own JVMs")
        .flag(null, "keep-running", "leave the cluster up after the demo, until Ctrl-C, and print how to"
            + " point other commands at it");
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    File dir = new File(parsed.string("dir", new File(Perf.home(), "target/embedded").getPath())).getAbsoluteFile();
    List<String> suiteArgs = suiteArguments(parsed, dir);
    DemoComparison comparison = parsed.has("no-compare") ? null : DemoComparison.of(parsed, dir);
    SuiteTool suite = new SuiteTool();
    // Unknown suite options fail here, before a cluster is started for nothing (their values are
    // checked when the suite runs).
    suite.checkArguments(suiteArgs.toArray(new String[0]));
    FileUtil.fullyDelete(dir);
    if (!dir.mkdirs()) {
      throw new IOException("cannot create " + dir);
    }
    long started = System.nanoTime();
    if (getConf().get(WorkloadTool.SERVER_JIT_WINDOW_SECONDS) == null) {
      // As if given with -D: the commands the demo runs pass such settings on to their runs.
      getConf().set(WorkloadTool.SERVER_JIT_WINDOW_SECONDS, Long.toString(JIT_QUIET_SECONDS),
          Verbosity.COMMAND_LINE_SOURCE);
    }
    boolean verbose = Verbosity.of(withCommandLineSettingsOn(new Configuration(false)));
    try (DemoConsole console = verbose ? DemoConsole.verbose() : DemoConsole.quiet(new File(dir, "demo.log"))) {
      printPlan(console, parsed, comparison);
      EmbeddedCluster cluster = EmbeddedCluster.start(new File(dir, "cluster"), 1);
      EmbeddedYarn yarn = null;
      try {
        console.println(String.format(Locale.ROOT, "cluster up in %.0f s (ZooKeeper on localhost:%d)",
            seconds(started), cluster.zooKeeperPort()));
        Configuration jobConf = withCommandLineSettingsOn(cluster.configuration());
        if (parsed.has("yarn")) {
          yarn = EmbeddedYarn.start(jobConf, dir);
          jobConf = withCommandLineSettingsOn(yarn.configuration());
          console.println("YARN up; the jobs' counters will be in the JobHistory web UI: " + yarn.historyWebUrl());
        }
        int code = runSuite(console, jobConf, suite, suiteArgs, dir);
        if (code == ExitCode.OK && comparison != null) {
          code = comparison.run(console, cluster, withCommandLineSettingsOn(new Configuration()));
        }
        if (code != ExitCode.OK) {
          return failed(console, code);
        }
        console.close();
        printResults(jobConf, parsed, dir, comparison, started);
        if (yarn != null) {
          System.out.println("JobHistory web UI (counters of every job): " + yarn.historyWebUrl());
        }
        if (parsed.has("keep-running")) {
          keepRunning(cluster, yarn, dir);
        }
        return code;
      } finally {
        console.close();
        if (!console.isQuiet()) {
          System.out.println("shutting the embedded cluster down");
        }
        if (yarn != null) {
          yarn.close();
        }
        cluster.close();
      }
    }
  }

  /** The demo's first lines: what it will run, and where the commands' own output goes. */
  private static void printPlan(DemoConsole console, ParsedOptions parsed, DemoComparison comparison)
      throws UsageException {
    int workloads = workloads(parsed).split(",").length;
    long warmup = RunOptions.serverWarmupSeconds(parsed, SERVER_WARMUP_SECONDS, true);
    console.println("hperf demo: a real HBase cluster in this JVM (ZooKeeper, master, 1 region server)");
    console.println("  " + jit());
    console.println(String.format(Locale.ROOT, "  1. the tiny suite: load, verify, %d workload%s of %s s%s", workloads,
        workloads == 1 ? "" : "s", parsed.string("duration", Long.toString(DURATION_SECONDS)),
        warmup > 0 ? " after one server warm-up (until steady, at most " + warmup + " s)" : ", no server warm-up"));
    if (comparison != null) {
      comparison.description().forEach(line -> console.println(line));
    }
    if (console.isQuiet()) {
      console.println("  every command's output: " + console.log() + " (--verbose prints it here)");
    }
  }

  /**
   * How this JVM compiles, for the plan: the launcher runs the demo on C1 alone, which is steady within
   * seconds, where C2 compiling servers, clients and driver in one JVM was not steady after a minute.
   */
  static String jit() {
    boolean c1Only = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .anyMatch(flag -> flag.equals("-XX:TieredStopAtLevel=1"));
    return c1Only ? "JIT: C1 alone, steady in seconds, its rates below a C2 server's (docs/commands.md#demo)"
        : "JIT: C1 and C2";
  }

  private static int runSuite(DemoConsole console, Configuration jobConf, SuiteTool suite, List<String> suiteArgs,
      File dir) throws Exception {
    long started = System.nanoTime();
    console.follow(new DemoConsole.Stage("suite", new File(dir, "suite/suite.properties"),
        key -> !key.contains("."), suiteSteps(suiteArgs)));
    System.out.println("\n== hperf suite " + String.join(" ", suiteArgs));
    // The demo prints the report's table and path itself at its end.
    Configuration suiteConf = new Configuration(jobConf);
    suiteConf.setBoolean(ReportTool.PRINT_PATH, false);
    int code = ToolRunner.run(suiteConf, suite, suiteArgs.toArray(new String[0]));
    if (code == ExitCode.OK) {
      console.println(String.format(Locale.ROOT, "suite done in %.0f s", seconds(started)));
    }
    return code;
  }

  /** The suite's table, BigTable's figure 6 beside it, the comparison's verdict and where the reports are. */
  private static void printResults(Configuration jobConf, ParsedOptions parsed, File dir, DemoComparison comparison,
      long started) throws Exception {
    File report = new File(dir, "suite/report.html");
    List<String> reportArgs = new ArrayList<>();
    for (String workload : workloads(parsed).split(",")) {
      reportArgs.add(new File(dir, "suite/runs/" + workload.trim()).getPath());
    }
    reportArgs.addAll(List.of("--output", report.getPath(), "--brief"));
    Configuration reportConf = new Configuration(jobConf);
    reportConf.setBoolean(ReportTool.PRINT_PATH, false);
    System.out.println();
    int code = ToolRunner.run(reportConf, new ReportTool(), reportArgs.toArray(new String[0]));
    if (code != ExitCode.OK) {
      throw new IOException("the suite's report could not be printed again (exit " + code + ")");
    }
    if (comparison != null) {
      System.out.println();
      comparison.printVerdict();
    }
    System.out.printf(Locale.ROOT, "%ndemo finished in %.0f s; open the HTML report: %s%n", seconds(started), report);
  }

  /** A failed step: its exit code, and the commands' last lines (they went to the log). */
  private static int failed(DemoConsole console, int code) throws IOException {
    List<String> tail = console.logTail(20);
    console.close();
    System.out.println("demo failed with exit code " + code);
    if (!tail.isEmpty()) {
      System.out.println("the last lines of " + console.log() + ":");
      tail.forEach(line -> System.out.println("  " + line));
    }
    return code;
  }

  /** The suite's steps: create-table, load, verify, a run and an aggregate per workload, the report. */
  private static int suiteSteps(List<String> suiteArgs) {
    return 4 + 2 * suiteArgs.get(suiteArgs.indexOf("--workloads") + 1).split(",").length;
  }

  /** The workloads the demo runs: --workloads, every one with --all, or the demo's seven. */
  private static String workloads(ParsedOptions parsed) throws UsageException {
    if (parsed.has("all") && parsed.has("workloads")) {
      throw new UsageException("--all and --workloads say two things: give one of them");
    }
    return parsed.has("all") ? SuiteTool.DEFAULT_WORKLOADS : parsed.string("workloads", DEFAULT_WORKLOADS);
  }

  private static double seconds(long startedNanos) {
    return (System.nanoTime() - startedNanos) / 1e9;
  }

  /**
   * The suite the demo runs, as {@code hperf suite} arguments: the tiny preset in {@code dir/suite},
   * the options given to the demo, each run's clients' warm-up, and the server warm-up before the
   * first workload only (on unless {@code --server-warmup 0}).
   */
  static List<String> suiteArguments(ParsedOptions parsed, File dir) throws UsageException {
    // --yes: the demo's size is fixed and small; its suite prints the plan and checks the space still.
    List<String> suiteArgs = new ArrayList<>(List.of("--scale", "tiny", "--dir", new File(dir, "suite").getPath(),
        "--yes"));
    suiteArgs.addAll(List.of("--workloads", workloads(parsed)));
    for (String option : SUITE_OPTIONS) {
      if (option.equals("per-server")) {
        if (parsed.on(option)) {
          suiteArgs.add("--per-server");
        }
      } else if (parsed.has(option)) {
        suiteArgs.addAll(List.of("--" + option, parsed.string(option, null)));
      }
    }
    if (!parsed.has("duration")) {
      suiteArgs.addAll(List.of("--duration", Long.toString(DURATION_SECONDS)));
    }
    long clientWarmup = RunOptions.warmupSeconds(parsed, CLIENT_WARMUP_SECONDS);
    if (clientWarmup > 0) {
      suiteArgs.addAll(List.of("--warmup", Long.toString(clientWarmup)));
    }
    long serverWarmup = RunOptions.serverWarmupSeconds(parsed, SERVER_WARMUP_SECONDS, true);
    if (serverWarmup > 0) {
      suiteArgs.addAll(List.of("--server-warmup", Long.toString(serverWarmup), "--warm-once"));
    }
    return suiteArgs;
  }

  /**
   * Writes a client configuration for the cluster (and its YARN, if any: commands given it submit
   * their jobs there) and blocks until the JVM is interrupted.
   */
  private static void keepRunning(EmbeddedCluster cluster, EmbeddedYarn yarn, File dir)
      throws IOException, InterruptedException {
    File site = new File(dir, "hbase-site.xml");
    try (OutputStream out = new FileOutputStream(site)) {
      ClientSite.write(yarn == null ? cluster.configuration() : yarn.configuration(), out);
    }
    System.out.println();
    System.out.println("the cluster keeps running; press Ctrl-C to stop it. Point other commands at it with:");
    System.out.println("  scripts/hperf verify -conf " + site + " --table usertable");
    System.out.println("or, for other HBase clients: hbase.zookeeper.quorum=localhost"
        + " hbase.zookeeper.property.clientPort=" + cluster.zooKeeperPort());
    // Ctrl-C runs shutdown hooks, not finally blocks: the hook stops the cluster cleanly. Hadoop's
    // hook manager runs it first, before the file systems close and the RPC threads end.
    ShutdownHookManager.get().addShutdownHook(() -> {
      try {
        if (yarn != null) {
          yarn.close();
        }
        cluster.close();
        System.out.println("embedded cluster stopped");
      } catch (IOException e) {
        System.err.println("hperf demo: embedded cluster did not stop cleanly: " + e);
      }
    }, STOP_BEFORE_FILE_SYSTEMS_CLOSE, 2, TimeUnit.MINUTES);
    Thread.currentThread().join();
  }
}
