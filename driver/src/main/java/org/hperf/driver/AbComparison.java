package org.hperf.driver;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.analyzers.AggregateTool;
import org.hperf.analyzers.AggregatedDir;
import org.hperf.analyzers.DuetReport;
import org.hperf.analyzers.CompareTool;
import org.hperf.analyzers.ReportTool;
import org.hperf.analyzers.stats.Comparison;
import org.hperf.analyzers.stats.ComparisonReport;
import org.hperf.analyzers.stats.VerdictRules;
import org.hperf.core.ExitCode;
import org.hperf.core.UsageException;
import org.hperf.core.run.RunDirectory;
import org.hperf.core.run.RunRecord;

/**
 * hperf ab's one orchestration, whatever its clusters ({@link AbClusters}): the same dataset
 * loaded the same way into each side, then cluster lifetimes, then the verdict.
 *
 * <p>The unit of replication is a <em>cluster lifetime</em>: begun as the clusters allow (a
 * pseudo-distributed cluster's HBase started with its data, the embedded cluster's region servers
 * restarted with the side's settings), then each workload warmed up until every client's
 * throughput is flat and the servers' JIT quiet ({@code hperf run --server-warmup}, with a cap)
 * and measured once, in an order that rotates from lifetime to lifetime, then ended. Every
 * lifetime of either side begins the same way, even after a lifetime of the same side, so that
 * what varies between two lifetimes of a side (where regions and blocks land, what the JIT
 * compiled) varies on both sides alike and is what the interval measures. The lifetimes' order is
 * counterbalanced in random quadruples ABBA or BAAB ({@link AbPlan#lifetimeOrder}) and recorded.
 * Both sides hold the same dataset loaded through the same path, flushed, major-compacted and
 * verified before their first lifetime, and kept as a snapshot restored before each workload of
 * each lifetime, so that every measurement reads the loaded data (with {@code --use-existing} the
 * tables are the user's: never restored). A lifetime whose warm-up of a workload reached its cap
 * is not steady for it; too many such lifetimes make a verdict inconclusive
 * ({@link org.hperf.analyzers.VerdictRules}).
 *
 * <p>Every step done is recorded in {@code <dir>/ab.properties} as it finishes; {@code --resume}
 * skips those and redoes the lifetime a killed comparison was in, whole (its runs are removed first).
 */
final class AbComparison {
  static final String STATE = "ab.properties";
  /**
   * The start of each loaded table's snapshot name, restored before every workload of every
   * lifetime: a write workload's flushes would otherwise change the data every later measurement
   * reads (workload C ran 23% slower after updateonly in the same lifetime).
   */
  static final String LOADED_SNAPSHOT = "hperf-ab-loaded";
  /**
   * What a job's command may take besides its own work: a client JVM, YARN scheduling its
   * application master and tasks, the job's commit. A command past its bound is ended and fails the
   * comparison (--resume redoes it).
   */
  private static final Duration JOB_OVERHEAD = Duration.ofMinutes(15);
  /** The slowest load or verify a bound allows: records a second on a pseudo-distributed cluster. */
  private static final long SLOWEST_RECORDS_PER_SECOND = 500;

  private final AbPlan plan;
  private final AbClusters clusters;
  private final Path dir;
  private final FileSystem fs;
  private final boolean resume;
  private final Properties state = new Properties();
  /** Every side's runs, "A1", "B1", ..., in the order the serial schedule runs them (a duet: pair by pair). */
  private final List<String> lifetimes;
  /** The units of replication in the order they run: one side's lifetime each, or a duet's both sides'. */
  private final List<Lifetime> schedule;
  private final int totalSteps;
  /** Other processes' CPU while each run's job ran; null where /proc cannot be read. */
  private NeighbourCpu neighbours;

  /** @param dir the comparison's directory, qualified on {@code clusters.localConf()}'s file system */
  AbComparison(AbPlan plan, AbClusters clusters, Path dir, boolean resume) throws IOException {
    this.plan = plan;
    this.clusters = clusters;
    this.dir = dir;
    FileSystem dirFs = dir.getFileSystem(clusters.localConf());
    // A local directory without checksum files beside each file: the ledger is read by people too.
    this.fs = dirFs instanceof LocalFileSystem ? ((LocalFileSystem) dirFs).getRawFileSystem() : dirFs;
    this.resume = resume;
    this.schedule = plan.duet() ? Lifetime.duet(plan) : Lifetime.serial(plan);
    this.lifetimes = schedule.stream().flatMap(l -> l.sides().stream().map(side -> side.name() + l.k())).toList();
    // Per loaded side: create-table, load, verify; then the lifetimes.
    this.totalSteps = 3 * loadedSides().size() + schedule.size();
  }

  /**
   * One unit of replication: lifetime k of one side (the serial schedule, {@link AbPlan#lifetimeOrder}),
   * or of both sides at once, measured in the same windows (the duet's, {@code --duet}), with its
   * placement: 0, A's servers and clients on the first half of the CPUs and B's on the second; 1, swapped.
   * Its sides are in the order it starts, places and submits them: a duet's counterbalanced
   * ({@link AbPlan#duetFirsts}), so that neither side is always the second.
   */
  record Lifetime(int k, List<AbPlan.Side> sides, int placement) {
    static List<Lifetime> serial(AbPlan plan) {
      return AbPlan.lifetimeOrder(plan.runs(), plan.seed()).stream()
          .map(l -> new Lifetime(Integer.parseInt(l.substring(1)), List.of(l.startsWith("A") ? plan.a() : plan.b()), -1))
          .toList();
    }

    static List<Lifetime> duet(AbPlan plan) {
      int[] placements = AbPlan.duetPlacements(plan.runs(), plan.seed());
      int[] firsts = AbPlan.duetFirsts(plan.runs(), plan.seed());
      List<Lifetime> schedule = new ArrayList<>();
      for (int k = 1; k <= plan.runs(); k++) {
        List<AbPlan.Side> order = firsts[k - 1] == 0 ? List.of(plan.a(), plan.b()) : List.of(plan.b(), plan.a());
        schedule.add(new Lifetime(k, order, placements[k - 1]));
      }
      return schedule;
    }

    boolean duet() {
      return sides.size() == 2;
    }

    /** Its name in the ledger and the progress lines: "A2", or a duet's "AB2" (whichever side is first). */
    String name() {
      return sides.stream().map(AbPlan.Side::name).sorted().collect(java.util.stream.Collectors.joining()) + k;
    }

    /** How a duet's lifetime is laid out, for the verdict's header: "A on the first CPUs, B started first". */
    String layout() {
      return (placement == 0 ? "A" : "B") + " on the first CPUs, " + sides.get(0).name() + " started first";
    }

    /** The half of the CPUs the side gets in this lifetime. */
    int half(AbPlan.Side side) {
      return side.name().equals("A") ? placement : 1 - placement;
    }
  }

  int execute() throws Exception {
    long started = System.nanoTime();
    try (AbClusters closing = clusters) {
      int exit = measure();
      if (exit != ExitCode.OK) {
        return exit;
      }
      exit = compare();
      System.out.printf(Locale.ROOT, "ab finished in %.0f s%n", (System.nanoTime() - started) / 1e9);
      return exit;
    }
  }

  /**
   * Everything before the verdict: the directory and the clusters checked, each side loaded, every
   * lifetime run. Apart from {@link #execute} for the orchestration's tests over fake clusters.
   */
  int measure() throws Exception {
    checkDir();
    clusters.check(plan);
    open();
    neighbours = NeighbourCpu.start(clusters::daemonPids).orElse(null);
    try {
      for (AbPlan.Side side : loadedSides()) {
        int exit = loadOnce(side);
        if (exit != ExitCode.OK) {
          return exit;
        }
      }
      for (Lifetime lifetime : schedule) {
        int exit = lifetime(lifetime);
        if (exit != ExitCode.OK) {
          return exit;
        }
      }
      return ExitCode.OK;
    } finally {
      if (neighbours != null) {
        neighbours.close();
      }
    }
  }

  /** The sides whose tables ab creates and loads: none with --use-existing, one when both share a table. */
  private List<AbPlan.Side> loadedSides() {
    if (plan.useExisting()) {
      return List.of();
    }
    return plan.sharedTable() ? List.of(plan.a()) : List.of(plan.a(), plan.b());
  }

  /** A new directory, or with --resume one that holds a comparison: checked before anything is resolved or started. */
  private void checkDir() throws IOException, UsageException {
    if (resume && !fs.isFile(new Path(dir, STATE))) {
      throw new UsageException("--resume: " + shown(dir) + " holds no comparison (no " + STATE + "): start one without"
          + " --resume");
    }
    if (!resume && fs.exists(dir)) {
      throw new UsageException("--dir " + shown(dir) + " already exists: give a new directory (runs are never"
          + " overwritten)" + (plan.releases() ? ", or --resume to continue the comparison in it" : ""));
    }
  }

  /** A new comparison's directory and record, or (--resume) the record of the one to continue. */
  private void open() throws IOException, UsageException {
    Path stateFile = new Path(dir, STATE);
    if (resume) {
      try (InputStream in = fs.open(stateFile)) {
        state.load(in);
      }
      if (!plan.toString().equals(state.getProperty("plan"))) {
        throw new UsageException("--resume: the comparison in " + shown(dir) + " was started with other options (see "
            + stateFile + "): give the same options as its first command");
      }
      System.out.println("ab: resuming the comparison in " + shown(dir) + " (" + doneSteps()
          + " of " + totalSteps + " steps done)");
      return;
    }
    if (!fs.mkdirs(dir)) {
      throw new IOException("cannot create " + dir);
    }
    state.setProperty("plan", plan.toString());
    for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
      state.setProperty("side." + side.name() + ".setup", side.setup());
      state.setProperty("side." + side.name() + ".table", side.table());
    }
    state.setProperty("schedule", plan.duet() ? "duet: both sides' lifetimes at once, measured in the same windows"
        : "serial: one side's lifetime at a time");
    state.setProperty("lifetimes", schedule.stream().map(Lifetime::name).collect(java.util.stream.Collectors.joining(" ")));
    if (plan.duet()) {
      state.setProperty("placements", schedule.stream().map(l -> Integer.toString(l.placement()))
          .collect(java.util.stream.Collectors.joining(" ")));
      state.setProperty("firsts", schedule.stream().map(l -> l.sides().get(0).name())
          .collect(java.util.stream.Collectors.joining(" ")));
    }
    state.setProperty("loadMode", plan.useExisting() ? "none (--use-existing)" : clusters.loadMode());
    state.setProperty("workloads", String.join(",", plan.workloads()));
    save();
  }

  /**
   * The side's cluster loaded (create-table, load, verify, each once) and made ready for its
   * lifetimes: the dataset they read. Nothing is measured on the cluster that loaded it.
   */
  private int loadOnce(AbPlan.Side side) throws Exception {
    if (done("load." + side.name() + ".verify")) {
      clusters.endLoading(side);
      return ExitCode.OK;
    }
    String key = "cluster." + side.name();
    boolean again = done(key);
    long started = System.nanoTime();
    clusters.beginLoading(side, again);
    if (!again) {
      markDone(key, new AbClusters.Done(ExitCode.OK, (System.nanoTime() - started) / 1_000_000, ""));
    }
    int exit = load(side);
    if (exit == ExitCode.OK) {
      clusters.endLoading(side);
    }
    return exit;
  }

  /** create-table, load (flushed, major-compacted, waited, kept as a snapshot) and verify, each once. */
  private int load(AbPlan.Side side) throws Exception {
    String table = side.table();
    List<List<String>> steps = List.of(
        List.of("create-table", "--table", table, "--recordcount", Long.toString(plan.recordCount()), "--regions",
            Integer.toString(plan.regions())),
        // --yes: ab runs unattended between its steps; the load still checks the space.
        List.of("load", "--table", table, "--mode", clusters.loadMode(), "--wait-for-compactions", "--snapshot",
            snapshot(side), "--yes"),
        List.of("verify", "--table", table));
    for (List<String> command : steps) {
      String key = "load." + side.name() + "." + command.get(0);
      if (done(key)) {
        continue;
      }
      step("side " + side.name() + where(side) + ": hperf" + (plan.releases() ? "-cluster " : " ")
          + String.join(" ", command));
      AbClusters.Done result = clusters.command(side, command.get(0), command, loadStepBound(command.get(0)));
      if (!result.ok()) {
        return failed(result, "side " + side.name() + ": hperf " + command.get(0));
      }
      markDone(key, result);
    }
    return ExitCode.OK;
  }

  /** The snapshot of the side's loaded table: named after the table, as one cluster may hold both sides'. */
  private String snapshot(AbPlan.Side side) {
    return LOADED_SNAPSHOT + "-" + side.table().replaceAll("[^A-Za-z0-9_.-]", "_");
  }

  /** " (HBase 2.6.1)" for a side of an upgrade comparison, else nothing. */
  private static String where(AbPlan.Side side) {
    return side.release() == null ? "" : " (HBase " + side.release() + ")";
  }

  /**
   * A lifetime: begun on each of its sides (their clusters restarted; a duet's sides then placed on
   * their CPUs), then every workload in the lifetime's order warmed up until steady (at most
   * --server-warmup) and run once (a duet's two sides at once, in the same windows), then ended.
   * Redone whole if a killed comparison was inside it.
   */
  private int lifetime(Lifetime lifetime) throws Exception {
    String key = "lifetime." + lifetime.name();
    if (done(key)) {
      return ExitCode.OK;
    }
    int k = lifetime.k();
    List<String> order = workloadOrder(k);
    step("lifetime " + lifetime.name() + (lifetime.duet() ? " (both sides at once)" : where(lifetime.sides().get(0)))
        + ": restart, then warm up and measure " + String.join(", ", order));
    long started = System.nanoTime();
    for (AbPlan.Side side : lifetime.sides()) {
      state.setProperty("lifetime." + side.name() + k + ".restart", clusters.beginLifetime(side));
    }
    if (lifetime.duet()) {
      for (AbPlan.Side side : lifetime.sides()) {
        String placed = clusters.place(side, lifetime.half(side));
        state.setProperty("lifetime." + side.name() + k + ".placement", placed);
        progress("side " + side.name() + ": " + placed);
      }
    }
    // Every workload warmed, not only the first: in the first A/A comparison on this design a
    // workload measured after another one's warm-up ran at half the rate of the same workload
    // warmed itself (workload C: 2,556-4,767 ops/s against 6,120-8,788), its server still
    // JIT-compiling its read path for 50-80% of the window.
    for (String workload : order) {
      int exit = lifetime.duet() ? duetRuns(lifetime, workload) : run(lifetime.sides().get(0), workload, k, null);
      if (exit != ExitCode.OK) {
        return exit;
      }
    }
    for (AbPlan.Side side : lifetime.sides()) {
      clusters.endLifetime(side);
    }
    state.setProperty(key + ".workloads", String.join(",", order));
    state.setProperty(key, "done");
    state.setProperty(key + ".seconds", String.format(Locale.ROOT, "%.1f", (System.nanoTime() - started) / 1e9));
    save();
    return ExitCode.OK;
  }

  /**
   * Run k of the workload on both sides at once, each in a thread of its own, meeting at one duet
   * barrier ({@link org.hperf.jobs.DuetBarrier}) in {@code <dir>/duet-barriers}: both warm until
   * both are steady, then measure the same window. A side whose run fails leaves the other's clients
   * waiting at the barrier until its bound, which then fails it too.
   */
  private int duetRuns(Lifetime lifetime, String workload) throws Exception {
    Path barrier = new Path(dir, "duet-barriers/" + workload + "-" + lifetime.k());
    fs.delete(barrier, true);
    java.util.concurrent.ExecutorService both = java.util.concurrent.Executors.newFixedThreadPool(2, runnable -> {
      Thread thread = new Thread(runnable, "hperf-ab-duet-" + workload);
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<java.util.concurrent.Future<Integer>> runs = new ArrayList<>();
      for (AbPlan.Side side : lifetime.sides()) {
        runs.add(both.submit(() -> run(side, workload, lifetime.k(), barrier)));
      }
      int exit = ExitCode.OK;
      for (java.util.concurrent.Future<Integer> run : runs) {
        try {
          int sideExit = run.get();
          exit = exit != ExitCode.OK ? exit : sideExit;
        } catch (java.util.concurrent.ExecutionException e) {
          throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
      }
      return exit;
    } finally {
      both.shutdownNow();
      fs.delete(barrier, true);
    }
  }

  /** create-table in seconds; load (with its compactions) and verify at least 500 records a second. */
  private Duration loadStepBound(String command) {
    return command.equals("create-table") ? JOB_OVERHEAD
        : JOB_OVERHEAD.plusSeconds(plan.recordCount() / SLOWEST_RECORDS_PER_SECOND);
  }

  /** A run: its server warm-up (at most its cap), its clients' warm-up and duration, each job's overhead. */
  private Duration runBound() {
    return JOB_OVERHEAD.multipliedBy(2).plusSeconds(plan.serverWarmupSeconds() + plan.warmupSeconds()
        + plan.durationSeconds());
  }

  /** The workloads of lifetime k: the plan's order rotated by k - 1, so each is first in turn. */
  private List<String> workloadOrder(int k) {
    List<String> order = new ArrayList<>(plan.workloads());
    Collections.rotate(order, -((k - 1) % order.size()));
    return order;
  }

  /**
   * Run k of one workload on the side's cluster, into the side's run directory of that workload,
   * after the servers' warm-up; whether its clients ended steady or at the cap is recorded for the
   * verdict, and so is what other processes took of the machine while it was measured.
   */
  private int run(AbPlan.Side side, String workload, int k, Path duetBarrier) throws Exception {
    Path output = side.runDir(dir, workload);
    // What a lifetime killed before it finished left of run k: it is redone whole.
    fs.delete(new RunDirectory(output).run(k), true);
    RunArguments arguments = new RunArguments(new File(plan.workloadDir(), workload).getAbsolutePath(), side.table())
        .clients(plan.clients(), plan.threads()).duration(plan.durationSeconds()).warmup(plan.warmupSeconds())
        .runs(plan.runs()).runIndex(k, plan.seed()).output(output.toString())
        .serverWarmup(plan.serverWarmupSeconds()).abSide(new RunRecord.AbSide(side.name(), side.setup(), lifetimes));
    if (!plan.useExisting()) {
      arguments.restoreSnapshot(snapshot(plan.sharedTable() ? plan.a() : side));
    }
    if (duetBarrier != null) {
      arguments.duet(duetBarrier, side.name(), 2 * plan.clients());
    }
    progress("side " + side.name() + where(side) + ": " + workload + " run " + k + " of " + plan.runs()
        + ", after a warm-up of at most " + plan.serverWarmupSeconds() + " s");
    AbClusters.Done result = clusters.command(side, workload + "-run-" + k, arguments.command(), runBound());
    if (fs.exists(new Path(output, RunRecord.FILE))) {
      RunRecord record = RunRecord.read(fs, output);
      record.serverWarmup().ifPresent(w -> recordWarmup(side, k, workload, w));
      RunRecord.Outcome measured = record.outcomes().get(k);
      if (measured != null) {
        recordNeighbours(side, k, workload, measured);
      }
    }
    if (!result.ok()) {
      return failed(result, "side " + side.name() + ": " + workload + " run " + k);
    }
    state.setProperty("run." + workload + "." + side.name() + k + ".seconds", String.format(Locale.ROOT, "%.1f",
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
      progress("lifetime " + side.name() + k + ": " + workload + "'s warm-up reached its cap of " + warmup.maxSeconds()
          + " s with " + warmup.steadyClients() + " of " + warmup.clients() + " clients steady: the lifetime is not"
          + " steady");
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
    OptionalDouble share = neighbours.share(measured.startMs(), measured.endMs());
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
    Configuration localConf = clusters.localConf();
    List<ComparisonReport> reports = new ArrayList<>();
    List<DuetReport> duets = new ArrayList<>();
    List<String> runDirs = new ArrayList<>();
    for (String workload : plan.workloads()) {
      for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
        Path output = side.runDir(dir, workload);
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
      reports.add(CompareTool.compare(localConf, plan.a().runDir(dir, workload), plan.b().runDir(dir, workload),
          plan.rules(clusters), notClean(workload)));
      if (plan.duet()) {
        duets.add(DuetReport.of(AggregatedDir.read(localConf, plan.a().runDir(dir, workload)),
            AggregatedDir.read(localConf, plan.b().runDir(dir, workload)), pinnedPlacements(), plan.rules(clusters)));
      }
    }
    List<String> header = new ArrayList<>(List.of(loadedLine()));
    if (plan.duet()) {
      header.add("duet: in each lifetime (" + clusters.lifetimeMeaning() + ") both sides up at once, measured in the same"
          + " windows: " + schedule.stream().map(l -> l.k() + " (" + l.layout() + ")")
              .collect(java.util.stream.Collectors.joining(", ")));
      header.add("placement of lifetime 1: A " + state.getProperty("lifetime.A1.placement", "not recorded") + "; B "
          + state.getProperty("lifetime.B1.placement", "not recorded") + "; every lifetime's in " + STATE);
    } else {
      header.add("lifetimes (" + clusters.lifetimeMeaning() + "), in this order: " + String.join(" ", lifetimes));
    }
    header.add(neighboursLine());
    int verdictExit = writeVerdict(plan, plan.rules(clusters), reports, duets, fs, dir, header);
    List<String> reportArgs = new ArrayList<>(runDirs);
    Path page = new Path(dir, "report.html");
    reportArgs.addAll(List.of("--output", page.toString()));
    // Only the page: the verdict has just printed the tables and findings, and the line below names the page.
    Configuration reportConf = new Configuration(localConf);
    reportConf.setBoolean(ReportTool.PRINT_TEXT, false);
    reportConf.setBoolean(ReportTool.PRINT_PATH, false);
    int exit = ToolRunner.run(reportConf, new ReportTool(), reportArgs.toArray(new String[0]));
    exit = exit != ExitCode.OK ? exit : verdictExit;
    System.out.printf(Locale.ROOT, "ab: verdicts in %s and %s; report %s; the order of the lifetimes and every step in %s%s%n",
        shown(new Path(dir, "verdict.txt")), shown(new Path(dir, "verdict.json")), shown(page),
        shown(new Path(dir, STATE)), clusters.leftBehind());
    return exit;
  }

  /**
   * Each duet lifetime's placement (run index to 0 or 1) where the sides were pinned; empty where
   * they were not, so that the verdict treats no lifetime as a crossover's.
   */
  private Map<Integer, Integer> pinnedPlacements() {
    Map<Integer, Integer> placements = new TreeMap<>();
    for (Lifetime lifetime : schedule) {
      String placed = state.getProperty("lifetime.A" + lifetime.k() + ".placement", "unpinned");
      if (!placed.startsWith("unpinned")) {
        placements.put(lifetime.k(), lifetime.placement());
      }
    }
    return placements;
  }

  /** How the sides' data came to be, for the verdict's header. */
  private String loadedLine() {
    if (plan.useExisting()) {
      return "the sides' tables as they were (--use-existing): not loaded by ab, and not restored between workloads";
    }
    String what = clusters.loadMode() + " load of " + plan.recordCount() + " records into " + plan.regions()
        + " regions, flushed, major-compacted and verified";
    return plan.sharedTable() ? "one table for both sides (--client-side): " + what + ", kept as a snapshot restored"
        + " before every workload of every lifetime"
        : "both sides loaded the same way: " + what + " on each, kept as a snapshot restored before every workload of"
        + " every lifetime";
  }

  /**
   * Writes and prints the verdict of every workload (verdict.txt, verdict.json), after {@code
   * header} lines (how each side was loaded, the lifetimes' order); returns the exit code the
   * plan's --fail-if-slower asks for ({@link AbVerdict#exitCode}).
   */
  static int writeVerdict(AbPlan plan, VerdictRules rules, List<ComparisonReport> reports, List<DuetReport> duets,
      FileSystem fs, Path dir, List<String> header) throws IOException {
    StringBuilder text = new StringBuilder();
    text.append("A: ").append(plan.a().setup()).append(", table ").append(plan.a().table()).append('\n');
    text.append("B: ").append(plan.b().setup()).append(", table ").append(plan.b().table()).append('\n');
    header.forEach(line -> text.append(line).append('\n'));
    if (plan.identicalSides()) {
      text.append("A and B are the same setup: an A/A test, measuring the noise; it should say equivalent\n");
    }
    text.append(String.format(Locale.ROOT, "%d %s a side; %s%n", plan.runs(), rules.unit(), ComparisonReport.METHOD));
    text.append(String.format(Locale.ROOT, "the primary figure of each workload is ALL ops/s at %.0f%%;"
        + " other operations at a level corrected for their number; equivalent means the two one-sided tests' interval"
        + " inside +-%s%n%n", 100 * plan.confidence(), Comparison.margin(plan.marginPercent())));
    if (!duets.isEmpty()) {
      text.append("a duet: each workload's verdict is the paired one (").append(DuetReport.METHOD)
          .append("); the tables compare the same lifetimes unpaired, as a serial comparison would\n\n");
    }
    for (ComparisonReport report : reports) {
      text.append(report.text()).append('\n');
      duets.stream().filter(d -> d.workload().equals(report.workload()))
          .forEach(d -> text.append(d.text()).append('\n'));
    }
    text.append("verdicts:\n");
    for (DuetReport duet : duets) {
      text.append("  ").append(duet.verdictLine()).append('\n');
    }
    for (ComparisonReport report : reports) {
      report.verdicts().forEach(line -> text.append("  ").append(duets.isEmpty() ? "" : "unpaired: ").append(line)
          .append('\n'));
    }
    AbVerdict verdict = AbVerdict.of(reports, duets, plan.failIfSlowerPercent());
    text.append(verdict.summary());
    System.out.println("\n== ab verdict\n" + text);
    try (OutputStream out = fs.create(new Path(dir, "verdict.txt"), true)) {
      out.write(text.toString().getBytes(StandardCharsets.UTF_8));
    }
    try (OutputStream out = fs.create(new Path(dir, "verdict.json"), true)) {
      ComparisonReport.writeAll(out, reports);
    }
    if (!duets.isEmpty()) {
      try (OutputStream out = fs.create(new Path(dir, "paired.json"), true)) {
        DuetReport.writeAll(out, duets);
      }
    }
    return verdict.exitCode();
  }

  /** A local directory as its path, another as its URI. */
  private static String shown(Path path) {
    return "file".equals(path.toUri().getScheme()) ? path.toUri().getPath() : path.toString();
  }

  private boolean done(String key) {
    return "done".equals(state.getProperty(key));
  }

  private long doneSteps() {
    return state.stringPropertyNames().stream().filter(k -> k.startsWith("load.") || k.startsWith("lifetime."))
        .filter(this::done).count();
  }

  private void markDone(String key, AbClusters.Done result) throws IOException {
    state.setProperty(key, "done");
    state.setProperty(key + ".seconds", String.format(Locale.ROOT, "%.1f", result.millis() / 1000.0));
    if (!result.log().isEmpty()) {
      state.setProperty(key + ".log", new File(result.log()).getName());
    }
    save();
  }

  private synchronized void save() throws IOException {
    LedgerFile.write(fs, new Path(dir, STATE), state, "hperf ab: the plan, the lifetimes' order, each step done");
  }

  /** A step's progress line: its number among all steps (those done, on resume too, come before it). */
  private void step(String what) {
    System.out.printf(Locale.ROOT, "== ab [%d/%d] %s%n", doneSteps() + 1, totalSteps, what);
  }

  static void progress(String what) {
    System.out.println("== ab: " + what);
  }

  private int failed(AbClusters.Done result, String what) {
    System.err.println("hperf ab: " + what + " failed with exit code " + result.exitCode()
        + (result.log().isEmpty() ? "" : " (log " + result.log() + ")") + "; " + clusters.continueHint());
    return result.exitCode() == ExitCode.USAGE ? ExitCode.USAGE : ExitCode.FAILED;
  }
}
