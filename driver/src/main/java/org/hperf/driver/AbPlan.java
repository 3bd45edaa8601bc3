package org.hperf.driver;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hperf.analyzers.CompareTool;
import org.hperf.analyzers.stats.VerdictRules;
import org.hperf.core.UsageException;
import org.hperf.core.cli.DatasetOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.cli.RunOptions;

/**
 * What {@code hperf ab} will do, from its options, checked before anything is started or touched:
 * the two sides (their settings, cluster, table and a description of the setup), the workloads,
 * the run settings and the verdict's rules.
 *
 * @param clientSide the sides' settings are their clients' only: region servers keep the cluster's own
 * @param marginPercent equivalent means B's change lies inside +-this ({@link VerdictRules})
 * @param failIfSlowerPercent exit 1 when a workload's ALL is found slower by more than this; null: never
 * @param serverWarmupSeconds the cap on each workload's warm-up in a lifetime
 * @param duet both sides' clusters up at once, measured in the same windows and compared lifetime
 *     by lifetime ({@link #duetPlacements}); else one side's lifetime after the other's ({@link #lifetimeOrder})
 */
record AbPlan(Path dir, List<String> workloads, File workloadDir, int runs, long durationSeconds, long warmupSeconds,
    int clients, int threads, long recordCount, int regions, long seed, double confidence, boolean useExisting,
    boolean embedded, boolean clientSide, int regionServers, Side a, Side b, double marginPercent,
    Double failIfSlowerPercent, long serverWarmupSeconds, boolean duet) {

  /**
   * The measured run's clients' warm-up on clusters whose jobs run on YARN: each job's tasks are new
   * JVMs, compiling their own code while the region server, warm from the workload's warm-up job,
   * compiles again for their new connections. Measured on a pseudo-distributed cluster of one region
   * server (2 cores): the server compiled 3.9-4.8 s in the first 5 s of the new clients, and their
   * rate took 16-21 s to reach its level; with 10 s the windows started inside that rise. The
   * embedded cluster's clients are threads of a JVM that is already warm. Measured when the warm-up
   * was a job of its own; it is now the measured job's first phase, on the same task JVMs, which
   * removes that cause: kept until a comparison measures what the shorter default gives.
   */
  static final long YARN_CLIENT_WARMUP_SECONDS = 30;

  /** An HBase release as an operator names it: 2.6.1, 2.5.13-hadoop3, 2.4.18. */
  private static final java.util.regex.Pattern RELEASE = java.util.regex.Pattern.compile("\\d+\\.\\d+\\.\\d+(-[A-Za-z0-9.]+)?");

  /**
   * One side: "A" or "B", the settings that make it (put into its clients' configuration, and on
   * the embedded cluster into its region servers'), the hbase-site.xml of its cluster (null: the
   * embedded cluster) and its table; with {@code --a-hbase/--b-hbase}, the HBase release of the
   * pseudo-distributed cluster that ab starts for it (null otherwise).
   */
  record Side(String name, Map<String, String> settings, File clusterConf, String table, String setup, String release) {
    /** Its run directory of a workload: {@code <dir>/<workload>/a}. */
    Path runDir(Path dir, String workload) {
      return new Path(new Path(dir, workload), name.toLowerCase(java.util.Locale.ROOT));
    }

    /** Its clients' configuration: the cluster's (the embedded one's, or its file's) plus its settings. */
    Configuration configuration(Configuration base) {
      Configuration conf = new Configuration(base);
      if (clusterConf != null) {
        conf.addResource(new Path(clusterConf.getAbsoluteFile().toURI()));
      }
      settings.forEach(conf::set);
      return conf;
    }
  }

  static AbPlan of(ParsedOptions parsed) throws UsageException {
    if (!parsed.has("dir")) {
      throw new UsageException("--dir is required: ab keeps its runs, verdict and order of runs there");
    }
    // Too few first, with why: a range from 1 would send the user to --runs 1, which is too few as well.
    if (parsed.longValue("runs", 3, Long.MIN_VALUE, Long.MAX_VALUE) < 2) {
      throw new UsageException("--runs " + parsed.string("runs", null) + " is too few: one run a side has no"
          + " run-to-run spread to judge a difference by; give --runs 2 or more (3 is usual)");
    }
    int runs = RunOptions.runs(parsed, 3, 2);
    boolean releases = parsed.has("a-hbase") || parsed.has("b-hbase");
    if (releases) {
      checkReleases(parsed);
    } else if (parsed.has("region-servers") || parsed.has("resume")) {
      throw new UsageException("--" + (parsed.has("resume") ? "resume" : "region-servers") + " goes with --a-hbase"
          + " and --b-hbase (the clusters ab starts for two HBase releases)");
    }
    boolean embedded = !releases && !parsed.has("a-conf") && !parsed.has("b-conf");
    if (parsed.has("a-conf") != parsed.has("b-conf")) {
      throw new UsageException("give both --a-conf and --b-conf (the hbase-site.xml of each side's cluster), or"
          + " neither for the embedded cluster");
    }
    Map<String, String> aSettings = settings(parsed, "a-set");
    Map<String, String> bSettings = settings(parsed, "b-set");
    boolean clientSide = parsed.has("client-side");
    if (!embedded && !releases && !clientSide && !(aSettings.isEmpty() && bSettings.isEmpty())) {
      throw new UsageException("--a-set/--b-set on clusters of --a-conf/--b-conf can change only the clients: add"
          + " --client-side, or put server settings into that cluster's own configuration");
    }
    File aConf = embedded || releases ? null : existing(parsed.string("a-conf", null), "--a-conf");
    File bConf = embedded || releases ? null : existing(parsed.string("b-conf", null), "--b-conf");
    Scale scale = Scale.named(parsed.string("scale", (embedded || releases ? Scale.TINY : Scale.SEED).optionValue));
    File workloadDir = new File(parsed.string("workload-dir", new File(Perf.home(), "conf/workloads").getPath()));
    List<String> workloads = new ArrayList<>();
    for (String name : parsed.string("workloads", AbTool.DEFAULT_WORKLOADS).split(",")) {
      String workload = name.trim();
      if (!new File(workloadDir, workload).isFile()) {
        throw new UsageException("workload file " + new File(workloadDir, workload) + " does not exist: check"
            + " --workloads and --workload-dir");
      }
      if (workloads.contains(workload)) {
        throw new UsageException("workload " + workload + " is given twice in --workloads");
      }
      workloads.add(workload);
    }
    // One cluster for both sides: each side its own table, unless the difference is the client's.
    // A duet on the embedded cluster starts one embedded cluster a side (TwoEmbeddedClusters).
    boolean duet = parsed.has("duet");
    boolean oneCluster = embedded && !duet || !embedded && !releases
        && aConf.getAbsoluteFile().equals(bConf.getAbsoluteFile());
    if (duet && oneCluster) {
      throw new UsageException("--duet runs both sides' clusters at once, and --a-conf and --b-conf name one"
          + " cluster: give the hbase-site.xml of two clusters, or --a-set/--b-set alone (two embedded clusters ab"
          + " starts), or drop --duet");
    }
    boolean sharedTable = oneCluster && clientSide;
    String table = parsed.string("table", "usertable");
    int regionServers = parsed.intValue("region-servers", 3, 1, 99);
    String aRelease = parsed.string("a-hbase", null);
    String bRelease = parsed.string("b-hbase", null);
    Side a = new Side("A", aSettings, aConf, sharedTable || !oneCluster ? table : table + "_a",
        releases ? releaseSetup(aRelease, regionServers, aSettings) : setup(aSettings, aConf, clientSide), aRelease);
    Side b = new Side("B", bSettings, bConf, sharedTable || !oneCluster ? table : table + "_b",
        releases ? releaseSetup(bRelease, regionServers, bSettings) : setup(bSettings, bConf, clientSide), bRelease);
    long duration = RunOptions.durationSeconds(parsed, scale.durationSeconds);
    // Every workload of a lifetime is warmed to a steady rate before it is measured (--server-warmup),
    // in the measured run's own job, whose clients then warm up for --warmup before the window.
    long warmupDefault = embedded ? Math.min(duration, 10) : YARN_CLIENT_WARMUP_SECONDS;
    // The preset's clients, or a pinned duet's (the clusters ab starts, each side on its own CPUs).
    int[] clientsAndThreads = duet && (releases || embedded)
        ? duetClientsAndThreads(scale.clients, scale.threads, Runtime.getRuntime().availableProcessors())
        : new int[] {scale.clients, scale.threads};
    double margin = CompareTool.margin(parsed);
    Double failIfSlower = null;
    if (parsed.has("fail-if-slower")) {
      failIfSlower = VerdictRules.parsePercent("--fail-if-slower", parsed.string("fail-if-slower", null));
      if (failIfSlower < margin) {
        throw new UsageException("--fail-if-slower " + parsed.string("fail-if-slower", null) + " is below --margin "
            + margin + ": a change inside the margin is called equivalent, so gate on at least the margin (or give"
            + " a smaller --margin)");
      }
    }
    return new AbPlan(new Path(parsed.string("dir", null)), List.copyOf(workloads), workloadDir, runs, duration,
        RunOptions.warmupSeconds(parsed, warmupDefault), RunOptions.clients(parsed, clientsAndThreads[0]),
        RunOptions.threads(parsed, parsed.has("clients") ? scale.threads : clientsAndThreads[1]),
        DatasetOptions.recordCount(parsed, scale.recordCount),
        DatasetOptions.regions(parsed, scale.regions),
        parsed.longValue("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE), CompareTool.confidence(parsed),
        parsed.has("use-existing"), embedded, clientSide, regionServers, a, b, margin, failIfSlower,
        RunOptions.serverWarmupSeconds(parsed, 300, false), duet);
  }

  /**
   * A pinned duet's clients and threads per side when --clients is not given: at most one client
   * JVM per CPU of a side ({@code cpus / 2}), carrying all the preset's threads between them. On
   * one CPU a side's two client JVMs stalled in turn, each for about 3 s (up to 9 s) with its
   * operations waiting and the JVM idle, while the other ran 3x faster; which share of a window had a
   * stall then decided a lifetime's figure (updateonly's windows 25% apart between halves). One JVM
   * with the same 8 threads ran without a stall (its slowest operation 0.3 s).
   */
  static int[] duetClientsAndThreads(int presetClients, int presetThreads, int cpus) {
    int clients = Math.max(1, Math.min(presetClients, cpus / 2));
    int threads = (int) Math.ceil((double) presetClients * presetThreads / clients);
    return new int[] {clients, threads};
  }

  /**
   * The rules the verdicts are judged by, on the clusters the comparison ran on: their runs are
   * cluster lifetimes where each begins on restarted servers (else warmed runs of one cluster
   * start), and too many of them not steady make a verdict inconclusive where the servers' JIT is
   * their own.
   */
  VerdictRules rules(AbClusters clusters) {
    return new VerdictRules(confidence, marginPercent, clusters.restarts() ? "lifetimes" : "runs",
        clusters.judgesSteadiness());
  }

  /** Two HBase releases, each on a cluster ab starts: nothing else may make a side. */
  private static void checkReleases(ParsedOptions parsed) throws UsageException {
    if (!parsed.has("a-hbase") || !parsed.has("b-hbase")) {
      throw new UsageException("give both --a-hbase and --b-hbase, the HBase release of each side, e.g. --a-hbase"
          + " 2.4.18 --b-hbase 2.6.1");
    }
    for (String option : List.of("a-conf", "b-conf", "client-side", "use-existing")) {
      if (parsed.has(option)) {
        throw new UsageException("--" + option + " does not go with --a-hbase/--b-hbase: ab starts a new cluster of"
            + " each release and loads it; the releases and --a-set/--b-set (the region servers' settings) are the"
            + " only differences");
      }
    }
    for (String option : List.of("a-hbase", "b-hbase")) {
      String release = parsed.string(option, null);
      if (!RELEASE.matcher(release).matches()) {
        throw new UsageException("--" + option + " " + release + " is not an HBase release number: give one such as"
            + " 2.4.18, 2.5.13 or 2.6.1");
      }
    }
  }

  /** An upgrade comparison: each side a pseudo-distributed cluster that ab starts at its release. */
  boolean releases() {
    return a.release() != null;
  }

  private static String releaseSetup(String release, int regionServers, Map<String, String> settings) {
    StringBuilder out = new StringBuilder("HBase " + release + ", pseudo-distributed cluster of " + regionServers
        + " region server" + (regionServers == 1 ? "" : "s") + " (separate daemons, jobs through hadoop jar with its"
        + " mapredcp)");
    settings.forEach((k, v) -> out.append(", ").append(k).append('=').append(v));
    return out.toString();
  }

  /** Both sides write and read one table: it is created and loaded once. */
  boolean sharedTable() {
    if (releases() || embedded && duet) {
      return false;
    }
    return a.clusterConf() == null ? a.table().equals(b.table())
        : a.table().equals(b.table()) && a.clusterConf().getAbsoluteFile().equals(b.clusterConf().getAbsoluteFile());
  }

  /** The two sides are the same setup: an A/A test, which measures the noise. */
  boolean identicalSides() {
    if (releases()) {
      return a.release().equals(b.release()) && a.settings().equals(b.settings());
    }
    return a.settings().equals(b.settings()) && (embedded
        || a.clusterConf().getAbsoluteFile().equals(b.clusterConf().getAbsoluteFile()));
  }

  /**
   * The order of a comparison's cluster lifetimes, {@code runs} a side: in quadruples ABBA
   * or BAAB, each chosen at random from {@code seed} (an odd last pair AB or BA), numbered per side
   * (A1 B1 B2 A2 B3 A3 A4 B4 ...). Counterbalanced, a drift over the comparison (the machine's
   * neighbours, its page cache, its disks filling) falls on both sides alike within each quadruple;
   * randomized, no side is always first after the loads, nor always the one that follows itself.
   */
  static List<String> lifetimeOrder(int runs, long seed) {
    java.util.Random random = new java.util.Random(seed);
    List<String> order = new ArrayList<>();
    int a = 0;
    int b = 0;
    for (int done = 0; done < runs; ) {
      boolean aFirst = random.nextBoolean();
      int pairs = Math.min(2, runs - done);
      for (int pair = 0; pair < pairs; pair++) {
        // ABBA: the second pair mirrors the first.
        boolean aLeads = pair == 0 ? aFirst : !aFirst;
        order.add(aLeads ? "A" + ++a : "B" + ++b);
        order.add(aLeads ? "B" + ++b : "A" + ++a);
      }
      done += pairs;
    }
    return order;
  }

  /**
   * Where each of a duet's {@code runs} lifetimes puts the sides: 0, A's servers and clients on the
   * first half of the CPUs and B's on the second; 1, swapped. Counterbalanced as {@link
   * #lifetimeOrder} orders a serial comparison: in quadruples 0110 or 1001, each chosen at random
   * from {@code seed} (the last ones cut short), so that a CPU faster than the other favours each side
   * in half of every quadruple, a drift over the comparison falls on both placements alike, and which
   * side starts on which CPUs is random.
   */
  static int[] duetPlacements(int runs, long seed) {
    // SplittableRandom: java.util.Random's first boolean is the same for every small seed.
    return quadruples(runs, new java.util.SplittableRandom(seed), first -> new int[] {first, 1 - first, 1 - first, first});
  }

  /**
   * Which side each of a duet's {@code runs} lifetimes starts, places and submits first: 0, A; 1, B.
   * In a duet A/A whose sides were always started A first, B was ahead in every lifetime, on either
   * half of the CPUs (+11% to +20% on workload C): whatever the order does (the side started second
   * finds the other's servers up, its jobs are submitted second) it must not be the same side's.
   * In quadruples 0011 or 1100, crossed with {@link #duetPlacements}'s 0110 or 1001, so that every
   * quadruple has each side first once on each half of the CPUs.
   */
  static int[] duetFirsts(int runs, long seed) {
    return quadruples(runs, new java.util.SplittableRandom(seed).split(), first -> new int[] {first, first, 1 - first, 1 - first});
  }

  /** {@code runs} values of 0 or 1 in quadruples of one pattern, each begun by a random 0 or 1 (the last one cut short). */
  private static int[] quadruples(int runs, java.util.SplittableRandom random, java.util.function.IntFunction<int[]> pattern) {
    int[] values = new int[runs];
    for (int k = 0; k < runs; k += 4) {
      int[] quadruple = pattern.apply(random.nextBoolean() ? 0 : 1);
      System.arraycopy(quadruple, 0, values, k, Math.min(4, runs - k));
    }
    return values;
  }

  private static String setup(Map<String, String> settings, File clusterConf, boolean clientSide) {
    String where = clusterConf == null ? "embedded cluster" : "cluster of " + clusterConf.getPath();
    if (settings.isEmpty()) {
      return where + (clusterConf == null ? ", its own configuration" : "");
    }
    StringBuilder out = new StringBuilder(where).append(", ");
    settings.forEach((k, v) -> out.append(k).append('=').append(v).append(' '));
    return out.append(clusterConf == null && !clientSide ? "in its region servers and its clients" : "in its clients")
        .toString();
  }

  private static Map<String, String> settings(ParsedOptions parsed, String option) throws UsageException {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String setting : parsed.all(option)) {
      int eq = setting.indexOf('=');
      if (eq <= 0) {
        throw new UsageException("--" + option + " " + setting + " is not key=value, e.g. --" + option
            + " hfile.block.cache.size=0.1");
      }
      settings.put(setting.substring(0, eq).trim(), setting.substring(eq + 1).trim());
    }
    return settings;
  }

  private static File existing(String path, String option) throws UsageException {
    File file = new File(path);
    if (!file.isFile()) {
      throw new UsageException(option + " " + path + " does not exist: give the hbase-site.xml of that side's cluster");
    }
    return file;
  }
}
