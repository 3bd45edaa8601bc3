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
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.cli.RunOptions;
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
  private static final List<String> SUITE_OPTIONS = List.of("table", "recordcount", "regions", "workloads",
      "runs", "duration", "clients", "threads", "client", "inflight", "per-server");
  /**
   * The demo's server warm-up cap: a freshly started embedded cluster compiles for most of a 20 s
   * window otherwise (updateonly rose from 1,248 to 4,965 ops/s inside one), and the demo's figures
   * would be a warm-up. Once the server is warm a workload's warm-up ends as soon as it is flat.
   * 120 s was tried: one warm-up ran to it, the demo took 70 s longer, and as many windows saw
   * the server's JVM compiling (6 of 10 at 10-27%, 3 of 10 at 60 s): under the local job runner
   * that JVM runs the clients too, so its compiling never quite stops within a demo.
   */
  static final long SERVER_WARMUP_SECONDS = 60;

  @Override
  protected CommandOptions options() {
    return new CommandOptions(NAME, "[options]",
        "Start an embedded HBase cluster (ZooKeeper, master, region server on the local file system) and run"
            + " the tiny suite on it: create-table, load, verify, every workload, aggregate, report.")
        .value(null, "table", "name", "table to create", "usertable")
        .value(null, "recordcount", "n", "records to load", "100000 (tiny preset)")
        .value(null, "regions", "n", "regions to pre-split into", "16 (tiny preset)")
        .value(null, "workloads", "list", "comma-separated workload files", SuiteTool.DEFAULT_WORKLOADS)
        .value(null, "runs", "n", "runs per workload", "1 (tiny preset)")
        .value(null, "duration", "seconds", "measured seconds per run", "20 (tiny preset)")
        .value(null, "clients", "n", "map tasks per run", "2 (tiny preset)")
        .value(null, "threads", "n", "threads per client", "4 (tiny preset)")
        .value(null, "client", "sync|async", "the workload client of every run (hperf run --client)", "sync")
        .value(null, "inflight", "n", "operations each client keeps in flight with --client async", "--threads")
        .switchOption("per-server", "record where each run's operations were served (region server"
            + " table, region heat strips and hotspots in the report)")
        .value(null, "server-warmup", "max seconds", "before each workload's first run, run it unmeasured until"
            + " its throughput stops rising and the server's JIT is quiet, at most this long; 0: no warm-up",
            Long.toString(SERVER_WARMUP_SECONDS))
        .value(null, "dir", "path", "where the cluster and the suite keep their files (wiped at start)",
            "<hperf home>/target/embedded")
        .flag(null, "yarn", "run the jobs on YARN in this JVM (ResourceManager, NodeManager, JobHistoryServer"
            + " with its web UI) instead of the LocalJobRunner; slower: every job starts its own JVMs")
        .flag(null, "keep-running", "leave the cluster up after the demo, until Ctrl-C, and print how to"
            + " point other commands at it");
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    File dir = new File(parsed.string("dir", new File(Perf.home(), "target/embedded").getPath())).getAbsoluteFile();
    List<String> suiteArgs = suiteArguments(parsed, dir);
    SuiteTool suite = new SuiteTool();
    // Unknown suite options fail here, before a cluster is started for nothing (their values are
    // checked when the suite runs).
    suite.checkArguments(suiteArgs.toArray(new String[0]));
    FileUtil.fullyDelete(dir);
    System.out.println("starting an embedded HBase cluster in " + dir);
    long started = System.nanoTime();
    EmbeddedCluster cluster = EmbeddedCluster.start(new File(dir, "cluster"), 1);
    EmbeddedYarn yarn = null;
    try {
      System.out.printf(Locale.ROOT, "cluster up in %.1f s (ZooKeeper on localhost:%d)%n", (System.nanoTime() - started) / 1e9,
          cluster.zooKeeperPort());
      Configuration jobConf = withCommandLineSettingsOn(cluster.configuration());
      if (parsed.has("yarn")) {
        yarn = EmbeddedYarn.start(jobConf, dir);
        jobConf = withCommandLineSettingsOn(yarn.configuration());
        System.out.println("YARN up; the jobs' counters will be in the JobHistory web UI: " + yarn.historyWebUrl());
      }
      System.out.println("\n== hperf suite " + String.join(" ", suiteArgs));
      // The demo's last line names the report; the report step does not print it before.
      jobConf.setBoolean(ReportTool.PRINT_PATH, false);
      int code = ToolRunner.run(jobConf, suite, suiteArgs.toArray(new String[0]));
      System.out.println(code == ExitCode.OK
          ? String.format(Locale.ROOT, "demo finished in %.0f s; open the HTML report: %s", (System.nanoTime() - started) / 1e9,
              new File(dir, "suite/report.html"))
          : "demo failed with exit code " + code);
      if (yarn != null) {
        System.out.println("JobHistory web UI (counters of every job): " + yarn.historyWebUrl());
      }
      if (parsed.has("keep-running")) {
        keepRunning(cluster, yarn, dir);
      }
      return code;
    } finally {
      System.out.println("shutting the embedded cluster down");
      if (yarn != null) {
        yarn.close();
      }
      cluster.close();
    }
  }

  /**
   * The suite the demo runs, as {@code hperf suite} arguments: the tiny preset in {@code dir/suite},
   * the options given to the demo, and the server warm-up, on unless {@code --server-warmup 0}.
   */
  static List<String> suiteArguments(ParsedOptions parsed, File dir) throws org.hperf.core.UsageException {
    // --yes: the demo's size is fixed and small; its suite prints the plan and checks the space still.
    List<String> suiteArgs = new ArrayList<>(List.of("--scale", "tiny", "--dir", new File(dir, "suite").getPath(),
        "--yes"));
    for (String option : SUITE_OPTIONS) {
      if (option.equals("per-server")) {
        if (parsed.on(option)) {
          suiteArgs.add("--per-server");
        }
      } else if (parsed.has(option)) {
        suiteArgs.addAll(List.of("--" + option, parsed.string(option, null)));
      }
    }
    long serverWarmup = RunOptions.serverWarmupSeconds(parsed, SERVER_WARMUP_SECONDS, true);
    if (serverWarmup > 0) {
      suiteArgs.addAll(List.of("--server-warmup", Long.toString(serverWarmup)));
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
