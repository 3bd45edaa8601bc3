package org.hperf.dist;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hperf.analyzers.CompareTool;
import org.hperf.core.UsageException;
import org.hperf.core.cli.ParsedOptions;

/**
 * What {@code perf ab} will do, from its options, checked before anything is started or touched:
 * the two sides (their settings, cluster, table and a description of the setup), the workloads,
 * the run settings, and whether region servers are restarted for each run.
 *
 * @param pilotSeconds before each workload's runs, one unmeasured run of each side this long (0: none):
 *     the first runs in a JVM, on a table, on a cluster are slower (JIT, page cache), and counterbalancing
 *     evens out a steady drift, not a large first step
 * @param restartRegionServers the sides differ in server settings on the embedded cluster: every
 *     run starts on region servers freshly started with its side's settings
 */
record AbPlan(Path dir, List<String> workloads, File workloadDir, int runs, long durationSeconds, long warmupSeconds,
    long pilotSeconds, int clients, int threads, long recordCount, int regions, long seed, double confidence, boolean useExisting,
    boolean embedded, boolean restartRegionServers, Side a, Side b) {

  /**
   * One side: "A" or "B", the settings that make it (put into its clients' configuration, and on
   * the embedded cluster into its region servers'), the hbase-site.xml of its cluster (null: the
   * embedded cluster) and its table.
   */
  record Side(String name, Map<String, String> settings, File clusterConf, String table, String setup) {
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
    if (parsed.has("b-hbase-version")) {
      throw new UsageException("--b-hbase-version is not available: the embedded cluster runs in this JVM with this"
          + " build's HBase " + org.apache.hadoop.hbase.util.VersionInfo.getVersion() + "; another release needs"
          + " a cluster of its own (a child JVM with that release's jars): start one and give --a-conf/--b-conf");
    }
    int runs = parsed.intValue("runs", 3, 1, 100);
    if (runs < 2) {
      throw new UsageException("--runs " + runs + " is too few: one run a side has no run-to-run spread to judge a"
          + " difference by; give --runs 2 or more (3 is the seed's)");
    }
    boolean embedded = !parsed.has("a-conf") && !parsed.has("b-conf");
    if (parsed.has("a-conf") != parsed.has("b-conf")) {
      throw new UsageException("give both --a-conf and --b-conf (the hbase-site.xml of each side's cluster), or"
          + " neither for the embedded cluster");
    }
    Map<String, String> aSettings = settings(parsed, "a-set");
    Map<String, String> bSettings = settings(parsed, "b-set");
    boolean clientSide = parsed.has("client-side");
    if (!embedded && !clientSide && !(aSettings.isEmpty() && bSettings.isEmpty())) {
      throw new UsageException("--a-set/--b-set on clusters of --a-conf/--b-conf can change only the clients: add"
          + " --client-side, or put server settings into that cluster's own configuration");
    }
    File aConf = embedded ? null : existing(parsed.string("a-conf", null), "--a-conf");
    File bConf = embedded ? null : existing(parsed.string("b-conf", null), "--b-conf");
    SuiteTool.Scale scale = scale(parsed.string("scale", embedded ? "tiny" : "1tb"));
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
    boolean oneCluster = embedded || aConf.getAbsoluteFile().equals(bConf.getAbsoluteFile());
    boolean sharedTable = oneCluster && clientSide;
    String table = parsed.string("table", "usertable");
    boolean restart = embedded && !clientSide && !(aSettings.isEmpty() && bSettings.isEmpty());
    Side a = new Side("A", aSettings, aConf, sharedTable || !oneCluster ? table : table + "_a",
        setup(aSettings, aConf, restart));
    Side b = new Side("B", bSettings, bConf, sharedTable || !oneCluster ? table : table + "_b",
        setup(bSettings, bConf, restart));
    long duration = parsed.longValue("duration", scale.durationSeconds, 1, 7 * 24 * 3600);
    return new AbPlan(new Path(parsed.string("dir", null)), List.copyOf(workloads), workloadDir, runs, duration,
        parsed.longValue("warmup", 0, 0, 24 * 3600),
        parsed.longValue("pilot-seconds", Math.min(duration, 60), 0, 24 * 3600),
        parsed.intValue("clients", scale.clients, 1, 100_000),
        parsed.intValue("threads", scale.threads, 1, 10_000),
        parsed.longValue("recordcount", scale.recordCount, 1, Long.MAX_VALUE / 2),
        parsed.intValue("regions", scale.regions, 1, 1_000_000),
        parsed.longValue("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE), CompareTool.confidence(parsed),
        parsed.has("use-existing"), embedded, restart, a, b);
  }

  /** Both sides write and read one table: it is created and loaded once. */
  boolean sharedTable() {
    return a.clusterConf() == null ? a.table().equals(b.table())
        : a.table().equals(b.table()) && a.clusterConf().getAbsoluteFile().equals(b.clusterConf().getAbsoluteFile());
  }

  /** The two sides are the same setup: an A/A test, which measures the noise. */
  boolean identicalSides() {
    return a.settings().equals(b.settings()) && (embedded
        || a.clusterConf().getAbsoluteFile().equals(b.clusterConf().getAbsoluteFile()));
  }

  /**
   * The order of a workload's runs: counterbalanced blocks, A B then B A, then A B again
   * (A1 B1 B2 A2 A3 B3 for 3 runs; B first with {@code bFirst}). A drift that grows steadily over
   * the runs (compactions catching up, caches warming, a neighbour's load rising) then falls on
   * both sides alike within every pair of blocks, where A B A B ... would give B, always second,
   * more of it; and no side always runs right after the other.
   */
  static List<String> order(int runs, boolean bFirst) {
    List<String> order = new ArrayList<>();
    for (int k = 1; k <= runs; k++) {
      boolean aFirst = (k % 2 == 1) != bFirst;
      order.add((aFirst ? "A" : "B") + k);
      order.add((aFirst ? "B" : "A") + k);
    }
    return order;
  }

  private static String setup(Map<String, String> settings, File clusterConf, boolean restart) {
    String where = clusterConf == null ? "embedded cluster" : "cluster of " + clusterConf.getPath();
    if (settings.isEmpty()) {
      return where + (restart ? ", its own configuration, region servers restarted before each run" : "");
    }
    StringBuilder out = new StringBuilder(where).append(", ");
    settings.forEach((k, v) -> out.append(k).append('=').append(v).append(' '));
    return out.append(restart ? "on region servers restarted before each run, and its clients" : "in its clients")
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

  private static SuiteTool.Scale scale(String name) throws UsageException {
    switch (name) {
      case "tiny":
        return SuiteTool.Scale.TINY;
      case "1tb":
        return SuiteTool.Scale.SEED;
      default:
        throw new UsageException("--scale " + name + " is not known: use tiny or 1tb");
    }
  }
}
