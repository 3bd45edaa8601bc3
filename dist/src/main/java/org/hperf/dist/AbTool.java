package org.hperf.dist;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.analyzers.AggregateTool;
import org.hperf.analyzers.CompareTool;
import org.hperf.analyzers.ComparisonReport;
import org.hperf.core.EmbeddedCluster;
import org.hperf.core.ExitCode;
import org.hperf.core.HBaseAccess;
import org.hperf.core.HperfTool;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.run.RunRecord;
import org.hperf.jobs.WorkloadTool;
import org.hperf.loaders.CreateTableTool;
import org.hperf.loaders.LoadTool;

/**
 * {@code hperf ab}: the same workloads on two setups, A and B, runs interleaved, ending in a verdict
 * per workload and operation with its confidence interval. A setup is a cluster (--a-conf/--b-conf)
 * or, on the embedded cluster, settings (--a-set/--b-set key=value) with which every run's region
 * servers are freshly started. Each side loads its own table with the same dataset (or, for a
 * client-side difference, both share one). Each run is an {@code hperf run --run-index k} into its
 * side's directory {@code <dir>/<workload>/a|b}, so each side is an ordinary run directory that
 * aggregate, report and compare read; before them one unmeasured pilot run of each side. The order
 * and times of the runs go to {@code <dir>/ab.properties} and each side's run.properties; the
 * verdicts (see {@link org.hperf.analyzers.RelativeChange}) to {@code verdict.txt} and
 * {@code verdict.json}.
 */
public final class AbTool extends HperfTool {
  public static final String NAME = "ab";
  static final String DEFAULT_WORKLOADS = "updateonly,workloada,workloadc,workloadf";
  private static final String STATE = "ab.properties";
  /** A cluster started in this JVM by the caller (tests); null: ab starts its own when it needs one. */
  private final EmbeddedCluster running;

  public AbTool() {
    this(null);
  }

  /**
   * Runs on a cluster already running in this JVM: its region servers are restarted for server
   * settings, and restarted once more with the cluster's own configuration at the end.
   */
  public AbTool(EmbeddedCluster running) {
    this.running = running;
  }

  @Override
  protected CommandOptions options() {
    return new CommandOptions(NAME, "--dir <dir> [--b-set key=value ...] | [--a-conf <xml> --b-conf <xml>] | [--a-hbase <release>"
        + " --b-hbase <release>] [options]",
        "Run the same workloads on two setups, A and B, runs interleaved (A B B A A B), and give per workload and"
            + " operation B's change against A with a confidence interval and a verdict.")
        .value(null, "dir", "path", "new directory for the runs, their order and the verdict (required)", null)
        .repeated(null, "a-set", "key=value", "a setting of side A (repeatable): on the embedded cluster its region"
            + " servers are restarted with it before each of A's runs; always set in A's clients")
        .repeated(null, "b-set", "key=value", "a setting of side B, e.g. hfile.block.cache.size=0.1 or"
            + " hbase.hregion.compacting.memstore.type=BASIC (repeatable)")
        .flag(null, "client-side", "the settings are the clients' only: no region server restarts, and both sides"
            + " use one table on one cluster")
        .value(null, "a-conf", "xml", "hbase-site.xml of side A's cluster (with --b-conf: two clusters, each its own"
            + " table)", "the embedded cluster, started in this JVM")
        .value(null, "b-conf", "xml", "hbase-site.xml of side B's cluster", null)
        .value(null, "a-hbase", "release", "an upgrade comparison: side A is a pseudo-distributed cluster of this"
            + " HBase release (from Maven Central) that ab starts on this machine, e.g. 2.4.18", null)
        .value(null, "b-hbase", "release", "side B's HBase release, e.g. 2.6.1", null)
        .value(null, "region-servers", "n", "with --a-hbase/--b-hbase: region servers of each side's cluster, each"
            + " its own JVM", "3")
        .flag(null, "resume", "with --a-hbase/--b-hbase: continue the comparison in --dir where it stopped (give the"
            + " same options as its first command)")
        .value(null, "workloads", "list", "comma-separated workload files of the workload directory", DEFAULT_WORKLOADS)
        .value(null, "workload-dir", "path", "where the workload files are", "<hperf home>/conf/workloads")
        .value(null, "runs", "n", "runs per side and workload, at least 2", "3")
        .value(null, "scale", "tiny|1tb", "presets of the suite for records, regions, duration, clients, threads",
            "tiny on the embedded cluster and with --a-hbase/--b-hbase, 1tb with --a-conf/--b-conf")
        .value(null, "duration", "seconds", "measured seconds per run (overrides the preset)", null)
        .value(null, "warmup", "seconds", "seconds run before measuring, in every run (fresh region servers start"
            + " with cold caches)", "0; with --a-hbase/--b-hbase --duration, at most 10")
        .value(null, "pilot-seconds", "seconds", "before each workload's runs, one run of each side this long, not"
            + " measured: warms the JIT, the page cache and the cluster (0: none)", "--duration, at most 60")
        .value(null, "clients", "n", "map tasks per run (overrides the preset)", null)
        .value(null, "threads", "n", "threads per client (overrides the preset)", null)
        .value(null, "recordcount", "n", "records in each side's table (overrides the preset)", null)
        .value(null, "regions", "n", "regions of each side's table (overrides the preset)", null)
        .value(null, "table", "name", "the table; on one cluster each side gets <name>_a and <name>_b", "usertable")
        .flag(null, "use-existing", "the tables exist and are loaded: do not create or load them")
        .value(null, "seed", "n", "seed of the runs' key and operation choices; run k of A and of B use the same", "1")
        .value(null, "confidence", "level", "confidence of the intervals", "0.95")
        .value(null, "margin", "percent", "equivalent means B's change is shown to lie inside +-this (two one-sided tests, each at 1 - confidence)", "5")
        .value(null, "fail-if-slower", "percent", "exit 1 when a workload's ALL throughput is found slower by more"
            + " than this, 3 when a workload gets no decided verdict (for a CI job or an Oozie action to gate on);"
            + " at least --margin", "exit 0 whatever the verdicts")
        .value(null, "server-warmup", "max seconds", "with --a-hbase/--b-hbase: each workload's warm-up in a lifetime,"
            + " unmeasured, until every client's throughput is flat (its last 3 intervals within 10%) and the region"
            + " servers JIT-compile for at most 5% of 10 s, at most this long",
            "300");
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    AbPlan plan = AbPlan.of(parsed);
    if (plan.releases()) {
      return new ReleaseAb(plan, getConf(), parsed.has("resume")).execute();
    }
    FileSystem fs = plan.dir().getFileSystem(getConf());
    if (fs.exists(plan.dir())) {
      throw new UsageException("--dir " + plan.dir() + " already exists: give a new directory, runs are never"
          + " overwritten");
    }
    if (plan.embedded() && running == null && plan.useExisting()) {
      throw new UsageException("--use-existing needs tables on a running cluster: the embedded cluster ab starts is"
          + " new and empty; give --a-conf/--b-conf, or drop --use-existing");
    }
    Path dir = fs.makeQualified(plan.dir());
    long started = System.nanoTime();
    EmbeddedCluster cluster = running;
    if (plan.embedded() && cluster == null) {
      File clusterDir = new File(dir.toUri().getPath(), "cluster");
      System.out.println("starting an embedded HBase cluster in " + clusterDir);
      cluster = EmbeddedCluster.start(clusterDir, 1);
    }
    try {
      Configuration base = plan.embedded() ? withCommandLineSettings(cluster.configuration()) : getConf();
      base.set(HperfTool.JOB_CONF_DIR, new Path(dir, "jobs").toString());
      Execution execution = new Execution(plan, cluster, plan.a().configuration(base), plan.b().configuration(base),
          fs, dir);
      execution.checkTables();
      fs.mkdirs(dir);
      int exit = execution.all();
      if (exit == ExitCode.OK) {
        exit = writeVerdict(plan, execution.reports, fs, dir, List.of());
        System.out.printf("ab finished in %.0f s; verdicts in %s (text) and %s (JSON); order and times of the runs"
            + " in %s%n", (System.nanoTime() - started) / 1e9, new Path(dir, "verdict.txt"),
            new Path(dir, "verdict.json"), new Path(dir, STATE));
      }
      return exit;
    } finally {
      if (cluster != running) {
        System.out.println("shutting the embedded cluster down");
        cluster.close();
        FileUtil.fullyDelete(new File(dir.toUri().getPath(), "cluster"));
      } else if (plan.restartRegionServers()) {
        // A cluster of the caller's: leave it as it was given, with its own configuration.
        System.out.println("restarting the region servers with the cluster's own configuration: "
            + cluster.restartRegionServers(Map.of()));
      }
    }
  }

  /**
   * The embedded cluster's client configuration with the user's generic {@code -D key=value}
   * options on top (e.g. {@code -D hperf.progress.seconds=0}), which the cluster's own would drop.
   */
  private Configuration withCommandLineSettings(Configuration clusterConf) {
    for (Map.Entry<String, String> entry : getConf()) {
      String[] sources = getConf().getPropertySources(entry.getKey());
      if (sources != null && java.util.Arrays.asList(sources).contains("from command line")) {
        clusterConf.set(entry.getKey(), entry.getValue());
      }
    }
    return clusterConf;
  }

  /** One ab command under way: its plan, cluster, the sides' client configurations and its record. */
  private static final class Execution {
    private final AbPlan plan;
    private final EmbeddedCluster cluster;
    private final Map<String, Configuration> confOfSide;
    private final FileSystem fs;
    private final Path dir;
    private final Properties state = new SortedProperties();
    private final List<ComparisonReport> reports = new ArrayList<>();

    Execution(AbPlan plan, EmbeddedCluster cluster, Configuration confA, Configuration confB, FileSystem fs,
        Path dir) {
      this.plan = plan;
      this.cluster = cluster;
      this.confOfSide = Map.of("A", confA, "B", confB);
      this.fs = fs;
      this.dir = dir;
    }

    private Configuration conf(AbPlan.Side side) {
      return new Configuration(confOfSide.get(side.name()));
    }

    /** Every table exists with --use-existing, and none yet without it: checked before anything is created. */
    void checkTables() throws IOException, UsageException {
      for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
        try (Connection connection = HBaseAccess.connect(conf(side)); Admin admin = connection.getAdmin()) {
          boolean exists = admin.tableExists(TableName.valueOf(side.table()));
          if (plan.useExisting() && !exists) {
            throw new UsageException("table " + side.table() + " of side " + side.name() + " does not exist: drop"
                + " --use-existing to have ab create and load it");
          }
          if (!plan.useExisting() && exists) {
            throw new UsageException("table " + side.table() + " of side " + side.name() + " already exists: ab"
                + " never drops a table; give another --table, or --use-existing to run on it as it is");
          }
        }
      }
    }

    int all() throws Exception {
      describe();
      int exit = plan.useExisting() ? ExitCode.OK : load();
      for (int w = 0; w < plan.workloads().size() && exit == ExitCode.OK; w++) {
        exit = workload(w);
      }
      return exit;
    }

    /** Creates and bulk-loads each side's table (once if shared), compacted, as the suite does. */
    private int load() throws Exception {
      for (AbPlan.Side side : plan.sharedTable() ? List.of(plan.a()) : List.of(plan.a(), plan.b())) {
        String[][] steps = {
            {"create-table", "--table", side.table(), "--recordcount", Long.toString(plan.recordCount()),
                "--regions", Integer.toString(plan.regions())},
            // --yes: ab runs unattended between its steps; the load still checks the space.
            {"load", "--table", side.table(), "--mode", "bulk", "--wait-for-compactions", "--yes"}};
        for (String[] step : steps) {
          System.out.println("\n== ab: side " + side.name() + ": hperf " + String.join(" ", step));
          long started = System.nanoTime();
          HperfTool tool = step[0].equals("load") ? new LoadTool() : new CreateTableTool();
          int exit = ToolRunner.run(conf(side), tool, java.util.Arrays.copyOfRange(step, 1, step.length));
          String key = "load." + side.name() + "." + step[0];
          state.setProperty(key, exit == ExitCode.OK ? "done" : "failed with exit code " + exit);
          state.setProperty(key + ".seconds", String.format("%.1f", (System.nanoTime() - started) / 1e9));
          save();
          if (exit != ExitCode.OK) {
            return exit;
          }
        }
      }
      return ExitCode.OK;
    }

    /** One workload: the pilot runs, the interleaved runs, each side aggregated, the comparison. */
    private int workload(int index) throws Exception {
      String workload = plan.workloads().get(index);
      // Workloads alternate which side opens, so neither side is always first after a load or a change.
      List<String> order = AbPlan.order(plan.runs(), index % 2 == 1);
      state.setProperty(workload + ".order", String.join(" ", order));
      if (plan.pilotSeconds() > 0) {
        for (String pilot : List.of(order.get(0), order.get(1))) {
          AbPlan.Side side = pilot.startsWith("A") ? plan.a() : plan.b();
          Path output = new Path(new Path(dir, workload), "pilot-" + side.name().toLowerCase(java.util.Locale.ROOT));
          int exit = run(workload + ".pilot." + side.name(), side, workload + " pilot run of side " + side.name()
              + " (not measured)", runArguments(workload, side, output, plan.pilotSeconds(), 0, 1, 1).toArray());
          if (exit != ExitCode.OK) {
            return exit;
          }
        }
      }
      for (int position = 1; position <= order.size(); position++) {
        String run = order.get(position - 1);
        AbPlan.Side side = run.startsWith("A") ? plan.a() : plan.b();
        Path output = side.runDir(dir, workload);
        String key = workload + ".run." + position;
        state.setProperty(key, run);
        int exit = run(key, side, workload + " run " + position + " of " + order.size() + " (" + run + ")",
            runArguments(workload, side, output, plan.durationSeconds(), plan.warmupSeconds(), plan.runs(),
                Integer.parseInt(run.substring(1))).abSide(new RunRecord.AbSide(side.name(), side.setup(), order))
                .toArray());
        if (exit != ExitCode.OK) {
          return exit;
        }
      }
      for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
        Path output = side.runDir(dir, workload);
        System.out.println("\n== ab: hperf aggregate " + output);
        // The verdict at the end prints both sides' findings, each once.
        Configuration aggregateConf = new Configuration(conf(side));
        aggregateConf.setBoolean(AggregateTool.PRINT_FINDINGS, false);
        int exit = ToolRunner.run(aggregateConf, new AggregateTool(), new String[] {output.toString()});
        if (exit != ExitCode.OK) {
          return exit;
        }
      }
      ComparisonReport report = CompareTool.compare(conf(plan.a()), plan.a().runDir(dir, workload),
          plan.b().runDir(dir, workload), plan.rules(), Map.of());
      // The verdict lines now, as the workload ends; its whole table and findings in the verdict at the end.
      System.out.println("\n== ab: " + workload + " done");
      report.verdicts().forEach(line -> System.out.println("  " + line));
      reports.add(report);
      return ExitCode.OK;
    }

    private RunArguments runArguments(String workload, AbPlan.Side side, Path output, long duration, long warmup,
        int runs, int runIndex) {
      return new RunArguments(new File(plan.workloadDir(), workload).getPath(), side.table())
          .clients(plan.clients(), plan.threads()).duration(duration).warmup(warmup).runs(runs)
          .runIndex(runIndex, plan.seed()).output(output.toString());
    }

    /**
     * One {@code hperf run} of a side, on region servers freshly started with its settings when the
     * sides differ in server settings; its start, end, restart and exit code go to ab.properties.
     */
    private int run(String key, AbPlan.Side side, String what, String[] args) throws Exception {
      if (plan.restartRegionServers()) {
        System.out.println("\n== ab: restarting the region servers with side " + side.name() + "'s settings "
            + side.settings());
        EmbeddedCluster.Restart restart = cluster.restartRegionServers(side.settings());
        System.out.println(restart);
        state.setProperty(key + ".restart", restart.toString());
      }
      System.out.println("\n== ab: " + what + ": hperf run "
          + String.join(" ", args));
      state.setProperty(key + ".startMs", Long.toString(System.currentTimeMillis()));
      int exit = ToolRunner.run(conf(side), new WorkloadTool(), args);
      state.setProperty(key + ".endMs", Long.toString(System.currentTimeMillis()));
      state.setProperty(key + ".exit", Integer.toString(exit));
      save();
      if (exit != ExitCode.OK) {
        System.err.println("hperf ab: " + what + " failed with exit code " + exit);
      }
      return exit;
    }

    private void describe() throws IOException {
      for (AbPlan.Side side : List.of(plan.a(), plan.b())) {
        state.setProperty("side." + side.name() + ".setup", side.setup());
        state.setProperty("side." + side.name() + ".table", side.table());
        side.settings().forEach((k, v) -> state.setProperty("side." + side.name() + ".set." + k, v));
      }
      state.setProperty("runs", Integer.toString(plan.runs()));
      state.setProperty("workloads", String.join(",", plan.workloads()));
      state.setProperty("restartRegionServersBeforeEachRun", Boolean.toString(plan.restartRegionServers()));
      save();
    }

    private void save() throws IOException {
      LedgerFile.write(fs, new Path(dir, STATE), state, "hperf ab: the sides, and per workload the order of the runs"
          + " (<workload>.order), the pilot runs, and each run's position, start and end (ms since the epoch), region"
          + " server restart and exit code");
    }
  }

  /**
   * Writes and prints the verdict of every workload (verdict.txt, verdict.json), after {@code
   * header} lines of the caller's (how each side was loaded, the lifetimes' order); returns the exit
   * code the plan's --fail-if-slower asks for ({@link AbVerdict#exitCode}).
   */
  static int writeVerdict(AbPlan plan, List<ComparisonReport> reports, FileSystem fs, Path dir, List<String> header)
      throws IOException {
    StringBuilder text = new StringBuilder();
    text.append("A: ").append(plan.a().setup()).append(", table ").append(plan.a().table()).append('\n');
    text.append("B: ").append(plan.b().setup()).append(", table ").append(plan.b().table()).append('\n');
    header.forEach(line -> text.append(line).append('\n'));
    if (plan.identicalSides()) {
      text.append("A and B are the same setup: an A/A test, measuring the noise; it should say equivalent\n");
    }
    text.append(String.format("%d %s a side; %s%n", plan.runs(), plan.rules().unit(), ComparisonReport.METHOD));
    text.append(String.format(java.util.Locale.ROOT, "the primary figure of each workload is ALL ops/s at %.0f%%;"
        + " other operations at a level corrected for their number; equivalent means the two one-sided tests' interval inside +-%s%n%n",
        100 * plan.confidence(), org.hperf.analyzers.Comparison.margin(plan.rules().marginPercent())));
    for (ComparisonReport report : reports) {
      text.append(report.text()).append('\n');
    }
    text.append("verdicts:\n");
    for (ComparisonReport report : reports) {
      report.verdicts().forEach(line -> text.append("  ").append(line).append('\n'));
    }
    AbVerdict verdict = AbVerdict.of(reports, plan.failIfSlowerPercent());
    text.append(verdict.summary());
    System.out.println("\n== ab verdict\n" + text);
    try (OutputStream out = fs.create(new Path(dir, "verdict.txt"), true)) {
      out.write(text.toString().getBytes(StandardCharsets.UTF_8));
    }
    try (OutputStream out = fs.create(new Path(dir, "verdict.json"), true)) {
      ComparisonReport.writeAll(out, reports);
    }
    return verdict.exitCode();
  }

  /**
   * Properties stored in natural key order (numbers by value: run.2 before run.10), so that
   * ab.properties reads workload by workload, run by run.
   */
  private static final class SortedProperties extends Properties {
    private static final long serialVersionUID = 1L;
    private static final java.util.regex.Pattern CHUNK = java.util.regex.Pattern.compile("\\d+|\\D+");

    @Override
    public synchronized java.util.Set<Map.Entry<Object, Object>> entrySet() {
      java.util.TreeMap<Object, Object> sorted = new java.util.TreeMap<>(
          (x, y) -> naturalCompare(x.toString(), y.toString()));
      for (Map.Entry<Object, Object> entry : super.entrySet()) {
        sorted.put(entry.getKey(), entry.getValue());
      }
      return java.util.Collections.synchronizedSet(new java.util.LinkedHashSet<>(sorted.entrySet()));
    }

    static int naturalCompare(String x, String y) {
      java.util.regex.Matcher mx = CHUNK.matcher(x);
      java.util.regex.Matcher my = CHUNK.matcher(y);
      while (mx.find() && my.find()) {
        String cx = mx.group();
        String cy = my.group();
        boolean numbers = Character.isDigit(cx.charAt(0)) && Character.isDigit(cy.charAt(0));
        int c = numbers ? new java.math.BigInteger(cx).compareTo(new java.math.BigInteger(cy)) : cx.compareTo(cy);
        if (c != 0) {
          return c;
        }
      }
      return x.compareTo(y);
    }
  }
}
