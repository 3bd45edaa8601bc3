package org.hperf.driver;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.analyzers.AggregateTool;
import org.hperf.analyzers.ReportTool;
import org.hperf.core.ClientMode;
import org.hperf.core.ExitCode;
import org.hperf.core.HperfTool;
import org.hperf.core.Preflight;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.DatasetOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.cli.RunOptions;
import org.hperf.jobs.WorkloadTool;

/**
 * {@code hperf suite}: the seed method as one command. create-table, bulk load and wait for
 * compactions, verify, then every workload {@code --runs} times for {@code --duration} seconds, each
 * aggregated, and one report; with {@code --server-warmup}, each workload's run step first warms
 * the region servers with the workload, unmeasured, until its throughput is steady. Each step's command line and outcome are recorded in
 * {@code <dir>/suite.properties}; rerunning the same directory skips the steps already done.
 */
public final class SuiteTool extends HperfTool {
  public static final String NAME = "suite";
  static final String DEFAULT_WORKLOADS = "updateonly,workloada,workloadc,workloadf,randomread,randomread-mem,"
      + "randomwrite,sequentialread,sequentialwrite,scan";

  @Override
  protected CommandOptions options() {
    CommandOptions options = new CommandOptions(NAME, "--dir <suite dir> [options]",
        "Run the whole method of a comparison like Cloudera's HBase 1 vs 2: create-table, load, wait for compactions, verify, every workload N times, aggregate,"
            + " report. Rerunning a suite directory resumes it. First it prints the plan (records, bytes with"
            + " replication, time) and refuses to start when HDFS lacks the space for the load.");
    options
        .value(null, "dir", "path", "the suite's directory: state, runs, report (required)", null)
        .value(null, "table", "name", "table to create and load", "usertable")
        .value(null, "workloads", "list", "comma-separated workload files of the workload directory", DEFAULT_WORKLOADS)
        .value(null, "workload-dir", "path", "where the workload files are", "<hperf home>/conf/workloads")
        .value(null, "runs", "n", "runs per workload (overrides the preset)", null);
    Scale.addTo(options, Scale.SEED.optionValue)
        .value(null, "client", "sync|async", "the workload client of every run (hperf run --client)", "sync")
        .value(null, "inflight", "n", "operations each client keeps in flight with --client async", "--threads")
        .switchOption("per-server", "record where each run's operations were served (hperf run"
            + " --per-server): the report's region server table, region heat strips and hotspots")
        .value(null, "server-warmup", "max seconds", "before each workload's first run, run it unmeasured until"
            + " each client's throughput per interval stops rising, at most this long (hperf run --server-warmup):"
            + " a freshly started cluster's first run is otherwise often 2-3x slower", "no server warm-up")
        .flag(null, "warm-once", "with --server-warmup: warm the servers before the first workload only; the others"
            + " run on the warm servers, each after its clients' --warmup (a short suite's choice: a server warm-up"
            + " takes at least 10 s, most of a short window)")
        .value(null, "warmup", "seconds", "seconds each run's clients run before measuring (hperf run --warmup)", "0")
        .flag(null, "skip-verify", "do not verify the loaded table before the workloads (a full scan)");
    return Preflight.addYesTo(options);
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    if (!parsed.has("dir")) {
      throw new UsageException("--dir is required: the suite keeps its state, runs and report there");
    }
    Scale scale = Scale.named(parsed.string("scale", Scale.SEED.optionValue));
    Path dir = new Path(parsed.string("dir", null));
    File workloadDir = new File(parsed.string("workload-dir",
        new File(Perf.home(), "conf/workloads").getPath()));
    List<String> workloads = List.of(parsed.string("workloads", DEFAULT_WORKLOADS).split(","));
    for (String workload : workloads) {
      if (!new File(workloadDir, workload.trim()).isFile()) {
        throw new UsageException("workload file " + new File(workloadDir, workload.trim()) + " does not exist:"
            + " check --workloads and --workload-dir");
      }
    }
    Map<String, String[]> steps = plan(parsed, scale, dir, workloadDir, workloads);
    FileSystem fs = dir.getFileSystem(getConf());
    Properties state = readState(fs, dir);
    SuitePreflight.check(getConf(), Size.of(parsed, scale), steps, state, parsed.has(Preflight.YES));
    fs.mkdirs(dir);
    printSteps(steps, state);
    long suiteStarted = System.nanoTime();
    boolean reported = false;
    int runsWithoutClientCpu = 0;
    long tasksWithoutClientCpu = 0;
    for (Map.Entry<String, String[]> step : steps.entrySet()) {
      if ("done".equals(state.getProperty(step.getKey()))) {
        continue;
      }
      System.out.println("\n== suite step " + step.getKey() + ": hperf " + String.join(" ", step.getValue()));
      long started = System.nanoTime();
      HperfTool tool = tool(step.getValue()[0]);
      if (tool instanceof WorkloadTool && state.getProperty(step.getKey()) != null) {
        discardUnfinishedRun(fs, step.getValue());
      }
      // Recorded before the step runs, so that a suite killed inside it knows on resuming that what
      // the step left behind is its own.
      state.setProperty(step.getKey(), "started");
      writeState(fs, dir, state);
      Configuration stepConf = new Configuration(getConf());
      stepConf.set(HperfTool.JOB_CONF_DIR, new Path(dir, "jobs").toString());
      // The report step prints every workload's findings: each is printed once. Likewise the suite
      // says once, at its end, why the client CPU was not measured, not each run step.
      stepConf.setBoolean(AggregateTool.PRINT_FINDINGS, false);
      stepConf.setBoolean(WorkloadTool.CALLER_NOTES_CLIENT_CPU, true);
      reported |= tool instanceof ReportTool;
      int exit = ToolRunner.run(stepConf, tool,
          java.util.Arrays.copyOfRange(step.getValue(), 1, step.getValue().length));
      if (tool instanceof WorkloadTool run) {
        runsWithoutClientCpu += run.runsWithoutClientCpu();
        tasksWithoutClientCpu += run.tasksWithoutClientCpu();
      }
      state.setProperty(step.getKey(), exit == ExitCode.OK ? "done" : "failed with exit code " + exit);
      state.setProperty(step.getKey() + ".command", "hperf " + String.join(" ", step.getValue()));
      state.setProperty(step.getKey() + ".jobs", String.join(",", tool.jobIds()));
      state.setProperty(step.getKey() + ".seconds", String.format(Locale.ROOT, "%.1f", (System.nanoTime() - started) / 1e9));
      writeState(fs, dir, state);
      if (exit != ExitCode.OK) {
        printSteps(steps, state);
        return exit;
      }
    }
    if (runsWithoutClientCpu > 0) {
      System.out.println(WorkloadTool.clientCpuNote(runsWithoutClientCpu, tasksWithoutClientCpu));
    }
    // The report step, if it ran now, has just printed where the report is.
    System.out.printf(Locale.ROOT, "suite done in %.0f s%s%n", (System.nanoTime() - suiteStarted) / 1e9,
        reported ? "" : "; HTML report: " + new Path(dir, "report.html"));
    return ExitCode.OK;
  }

  /**
   * What an earlier attempt at a run step left (the suite was killed in it, or the run failed): its
   * run directory, which run refuses to overwrite. The suite made it, so it removes it and the step
   * is redone whole; a directory the ledger does not know as this suite's is left for run to refuse.
   */
  private static void discardUnfinishedRun(FileSystem fs, String[] command) throws IOException {
    Path output = new Path(command[java.util.Arrays.asList(command).indexOf("--output") + 1]);
    if (fs.exists(output)) {
      System.out.println("== suite: " + output + " is what an unfinished attempt at this step left: removed, the"
          + " step is redone whole");
      fs.delete(output, true);
    }
  }

  /**
   * The run options that choose the workload client: none for the default sync client, so that a
   * suite started before these options resumes with the same commands; checked here, so a wrong
   * value stops the suite before its first step instead of at its first workload.
   */
  static List<String> clientOptions(ParsedOptions parsed) throws UsageException {
    ClientMode client = ClientMode.parse(parsed.string("client", ClientMode.SYNC.optionValue()));
    if (client == ClientMode.SYNC) {
      if (parsed.has("inflight")) {
        throw new UsageException("--inflight is for --client async; the sync client has one operation in flight"
            + " per thread: use --threads");
      }
      return List.of();
    }
    List<String> options = new ArrayList<>(List.of("--client", client.optionValue()));
    if (parsed.has("inflight")) {
      options.addAll(List.of("--inflight", Integer.toString(RunOptions.inflight(parsed, 1))));
    }
    return options;
  }

  /** The suite's steps in order, each an hperf command line. */
  static Map<String, String[]> plan(ParsedOptions parsed, Scale scale, Path dir, File workloadDir,
      List<String> workloads) throws UsageException {
    Size size = Size.of(parsed, scale);
    String table = size.table();
    String records = Long.toString(size.records());
    String regions = Integer.toString(size.regions());
    int clients = RunOptions.clients(parsed, scale.clients);
    int threads = RunOptions.threads(parsed, scale.threads);
    boolean perServer = parsed.on("per-server");
    List<String> clientOptions = clientOptions(parsed);
    Map<String, String[]> steps = new LinkedHashMap<>();
    steps.put("create-table", new String[] {"create-table", "--table", table, "--recordcount", records,
        "--regions", regions});
    // --yes: the suite has shown the plan and checked the space before its first step.
    steps.put("load", new String[] {"load", "--table", table, "--mode", "bulk", "--wait-for-compactions", "--yes"});
    if (!parsed.has("skip-verify")) {
      steps.put("verify", new String[] {"verify", "--table", table});
    }
    boolean warmOnce = parsed.has("warm-once");
    if (warmOnce && size.serverWarmupSeconds() == 0) {
      throw new UsageException("--warm-once needs --server-warmup: it says which workload's run warms the servers");
    }
    long clientWarmup = RunOptions.warmupSeconds(parsed, 0);
    List<String> runDirs = new ArrayList<>();
    for (String workload : workloads) {
      String name = workload.trim();
      String runDir = new Path(dir, "runs/" + name).toString();
      runDirs.add(runDir);
      RunArguments run = new RunArguments(new File(workloadDir, name).getPath(), table).clients(clients, threads)
          .duration(size.durationSeconds()).runs(size.runs());
      if (perServer) {
        // Only when on, so that a suite started before this option resumes with the same commands.
        run.perServer();
      }
      run.options(clientOptions);
      if (clientWarmup > 0) {
        run.warmup(clientWarmup);
      }
      if (size.serverWarmupSeconds() > 0 && (!warmOnce || runDirs.size() == 1)) {
        // Likewise only when given: the warm-up is part of the workload's run step, before its run 1.
        run.serverWarmup(size.serverWarmupSeconds());
      }
      run.output(runDir);
      steps.put("run-" + name, run.command().toArray(new String[0]));
      steps.put("aggregate-" + name, new String[] {"aggregate", runDir, "--overwrite"});
    }
    List<String> report = new ArrayList<>(List.of("report"));
    report.addAll(runDirs);
    report.addAll(List.of("--output", new Path(dir, "report.html").toString()));
    steps.put("report", report.toArray(new String[0]));
    return steps;
  }

  /** The suite's size as given or preset, parsed in one place for its plan and its preflight; warm-up 0: none. */
  record Size(String table, long records, int regions, int runs, long durationSeconds, long serverWarmupSeconds) {
    static Size of(ParsedOptions parsed, Scale scale) throws UsageException {
      return new Size(parsed.string("table", "usertable"), DatasetOptions.recordCount(parsed, scale.recordCount),
          DatasetOptions.regions(parsed, scale.regions), RunOptions.runs(parsed, scale.runs, 1),
          RunOptions.durationSeconds(parsed, scale.durationSeconds),
          parsed.has("server-warmup") ? RunOptions.serverWarmupSeconds(parsed, 0, false) : 0);
    }
  }

  /** A new tool of the command a step runs, from the driver's list of commands. */
  private static HperfTool tool(String command) {
    Command known = Perf.command(command);
    if (known == null) {
      throw new IllegalArgumentException("no suite step runs " + command);
    }
    return (HperfTool) known.tool().get();
  }

  private static void printSteps(Map<String, String[]> steps, Properties state) {
    System.out.println("suite steps:");
    for (String step : steps.keySet()) {
      System.out.printf(Locale.ROOT, "  %-28s %s%n", step, state.getProperty(step, "to do"));
    }
  }

  private static Properties readState(FileSystem fs, Path dir) throws IOException {
    Properties state = new Properties();
    Path file = new Path(dir, "suite.properties");
    if (fs.exists(file)) {
      try (InputStream in = fs.open(file)) {
        state.load(in);
      }
    }
    return state;
  }

  private static void writeState(FileSystem fs, Path dir, Properties state) throws IOException {
    LedgerFile.write(fs, new Path(dir, "suite.properties"), state,
        "hperf suite: the state of every step; rerun the suite on this directory to resume");
  }
}
