package org.hperf.driver;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.hperf.core.ExitCode;
import org.hperf.core.UsageException;

/**
 * An upgrade comparison's clusters ({@code ab --a-hbase X --b-hbase Y}): each side a
 * pseudo-distributed cluster of separate daemons at its release ({@code scripts/pseudo-cluster}, N
 * region servers) in {@code <dir>/cluster-a|b}, and every command of a side run as on a real cluster
 * of that release: {@code scripts/hperf-cluster}, that is {@code hadoop jar perf.jar} with the
 * cluster's own {@code hbase mapredcp} jars. Serially, only one side's HBase runs at a time (the machine's cores
 * are the measurement's); a lifetime starts its side's HBase (ZooKeeper, master, region servers) with
 * its data and stops it. In a duet ({@code --duet}) both sides' lifetimes run at once, each side's
 * region servers and clients pinned to CPUs of their own ({@link #place}). Each side's HDFS and YARN, once started, keep running until the comparison
 * ends, as a Hadoop cluster stays up while HBase is restarted on it: what a lifetime replaces is
 * the HBase release under test, and a lifetime starts in about 60% of a whole cluster's restart
 * (24 s and 32 CPU seconds against 40 and 57, one region server, on 2 cores).
 */
final class PseudoClusters implements AbClusters {
  private final File dir;
  private final int regionServers;
  private final PseudoClusterScripts scripts;
  private final Configuration localConf;
  private final List<AbPlan.Side> sides;
  /** Stops the clusters when the JVM is ended (Ctrl-C, kill), not only when the comparison ends. */
  private final Thread stopper;
  /** Both sides' HBase up at once (ab --duet); else one at a time. */
  private final boolean duet;
  /** Why a duet's sides are not pinned, if they are not; else blank. */
  private final StringBuilder unpinned = new StringBuilder();
  private final CpuPinning pinning;

  PseudoClusters(AbPlan plan, Configuration conf) {
    this.dir = new File(plan.dir().toUri().getPath()).getAbsoluteFile();
    this.regionServers = plan.regionServers();
    this.scripts = new PseudoClusterScripts(Perf.home(), new File(dir, "logs"));
    this.sides = List.of(plan.a(), plan.b());
    this.duet = plan.duet();
    this.pinning = duet ? CpuPinning.available(unpinned).orElse(null) : null;
    this.localConf = new Configuration(conf);
    localConf.set("fs.defaultFS", "file:///");
    localConf.set("mapreduce.framework.name", "local");
    this.stopper = new Thread(() -> {
      scripts.endRunning();
      stopClusters();
    }, "hperf-ab-stop-clusters");
    Runtime.getRuntime().addShutdownHook(stopper);
  }

  /**
   * Each release's jars resolved and the memory checked (for both clusters up at once in a duet),
   * before anything starts: exit 2 if either fails.
   */
  @Override
  public void check(AbPlan plan) throws Exception {
    ports(plan.a()); // a bad PSEUDO_PORTS: exit 2 before anything starts
    for (AbPlan.Side side : sides) {
      PseudoClusterScripts.Result prepared = scripts.prepare(side.release(), regionServers, duet ? 2 : 1);
      if (prepared.exitCode() == ExitCode.USAGE) {
        throw new UsageException(prepared.lastLine().replaceFirst("^pseudo-cluster: ", "side " + side.name() + ": ")
            + (duet && prepared.lastLine().contains("not enough memory") ? ", or drop --duet (one side's HBase at a"
                + " time)" : ""));
      }
      check(prepared, "preparing HBase " + side.release());
    }
    if (duet) {
      AbComparison.progress(pinning == null ? "--duet: " + unpinned + "; the sides run beside each other on every CPU"
          : "--duet: each side's cluster (every daemon, and its jobs' task JVMs) on CPU " + pinning.cpuList(0) + " or "
              + pinning.cpuList(1) + ", swapped between lifetimes");
    }
  }

  /** A new cluster for the side, or (again) the one a killed comparison was loading, with what it holds. */
  @Override
  public void beginLoading(AbPlan.Side side, boolean again) throws Exception {
    File cluster = clusterDir(side);
    stopHBase();
    if (again) {
      startWithData(side);
      return;
    }
    if (PseudoClusterScripts.anyRunning(cluster)) {
      // A comparison killed while this cluster was starting: it is started anew.
      scripts.stop(cluster);
    }
    AbComparison.progress("starting side " + side.name() + "'s cluster: HBase " + side.release() + ", "
        + regionServers + " region server" + (regionServers == 1 ? "" : "s") + ", in " + cluster);
    reportStart(side, scripts.start(cluster, side.release(), regionServers, false, ports(side)));
  }

  /** HBase stopped, and the side's --a-set/--b-set added to its hbase-site.xml: every lifetime starts with them. */
  @Override
  public void endLoading(AbPlan.Side side) throws Exception {
    stopHBase();
    applyServerSettings(side);
  }

  /**
   * The side's settings added to its cluster's hbase-site.xml once it is loaded and stopped: every
   * lifetime's servers start with them, the load did not (both sides load alike). A cluster
   * restarted with its data keeps its configuration files; a resumed comparison finds them there.
   */
  private void applyServerSettings(AbPlan.Side side) throws IOException {
    if (side.settings().isEmpty()) {
      return;
    }
    File site = new File(clusterDir(side), "conf/hbase/hbase-site.xml");
    String xml = Files.readString(site.toPath());
    String marker = "<!-- hperf ab: side " + side.name() + "'s settings -->";
    if (xml.contains(marker)) {
      return;
    }
    StringBuilder added = new StringBuilder("  " + marker + "\n");
    side.settings().forEach((k, v) -> added.append("  <property><name>").append(escapeXml(k))
        .append("</name><value>").append(escapeXml(v)).append("</value></property>\n"));
    int end = xml.lastIndexOf("</configuration>");
    if (end < 0) {
      throw new IOException(site + " has no </configuration>: cannot add side " + side.name() + "'s settings");
    }
    Files.writeString(site.toPath(), xml.substring(0, end) + added + xml.substring(end));
    AbComparison.progress("side " + side.name() + "'s region servers get " + side.settings() + " from its next start ("
        + site + ")");
  }

  private static String escapeXml(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  @Override
  public String beginLifetime(AbPlan.Side side) throws Exception {
    makeRoomFor(side);
    PseudoClusterScripts.Result started = startWithData(side);
    return (PseudoClusterScripts.startedHBaseAlone(started) ? "HBase started with its data on the running HDFS and YARN"
        : "cluster started with its data") + " in " + started.millis() / 1000 + " s";
  }

  /**
   * Every daemon of the side's cluster pinned to half {@code half}, its NodeManager's task JVMs (the
   * side's clients) with it: each side has its own HDFS, YARN and ZooKeeper, and left to float they
   * ran on the other side's CPU whenever theirs was busy. Pinning only the region servers and the
   * NodeManager, an A/A's paired ratios spread by 39-45%, more than each side's own lifetimes
   * (14-25%): the sides were coupled through their floating daemons (docs/benchmarks.md).
   */
  @Override
  public String place(AbPlan.Side side, int half) throws Exception {
    if (pinning == null) {
      return unpinned.toString();
    }
    return pinning.pin(half, PseudoClusterScripts.daemons(clusterDir(side), name -> true)) + " and its jobs' task JVMs";
  }

  @Override
  public void endLifetime(AbPlan.Side side) throws Exception {
    stopHBase(side);
  }

  @Override
  public Done command(AbPlan.Side side, String name, List<String> command, Duration bound) throws Exception {
    PseudoClusterScripts.Result result = scripts.hperfCluster(clusterDir(side), side.name().toLowerCase(Locale.ROOT)
        + "-" + name, command, bound);
    if (!result.ok()) {
      System.err.println(result.tail(30));
    }
    return new Done(result.exitCode(), result.millis(), result.log().getPath());
  }

  @Override
  public Configuration localConf() {
    return localConf;
  }

  /** HBase 2.4's Maven jars are built for Hadoop 2: their bulk-load client cannot run on Hadoop 3. */
  @Override
  public String loadMode() {
    return sides.stream().anyMatch(side -> side.release().startsWith("2.4.")) ? "put" : "bulk";
  }

  @Override
  public String lifetimeMeaning() {
    return "each: the side's HBase started with its data on its running HDFS and YARN, every workload warmed until"
        + " steady and measured once, HBase stopped";
  }

  @Override
  public boolean restarts() {
    return true;
  }

  @Override
  public boolean judgesSteadiness() {
    return true;
  }

  @Override
  public Collection<Long> daemonPids() {
    List<Long> pids = new ArrayList<>();
    sides.forEach(side -> pids.addAll(PseudoClusterScripts.daemonPids(clusterDir(side))));
    return pids;
  }

  @Override
  public String continueHint() {
    return "continue with the same command and --resume";
  }

  @Override
  public String leftBehind() {
    return "; every command's log in " + new File(dir, "logs") + "; the clusters are stopped, their data in "
        + clusterDir(sides.get(0)) + " and " + clusterDir(sides.get(1));
  }

  @Override
  public void close() {
    stopClusters();
    try {
      Runtime.getRuntime().removeShutdownHook(stopper);
    } catch (IllegalStateException e) {
      // The JVM is shutting down: the hook runs, or has run.
    }
  }

  /** Where the side's cluster lives, its daemons' data and logs. */
  File clusterDir(AbPlan.Side side) {
    return new File(dir, "cluster-" + side.name().toLowerCase(Locale.ROOT));
  }

  /** Stops whichever side's HBase runs, so one HBase has the machine; HDFS and YARN stay up. */
  private void stopHBase() throws Exception {
    for (AbPlan.Side side : sides) {
      stopHBase(side);
    }
  }

  /**
   * Before the side's HBase starts: in a duet its own HBase stopped (a killed comparison's), the other
   * side's left to run beside it; else every HBase stopped, so that one has the machine.
   */
  private void makeRoomFor(AbPlan.Side side) throws Exception {
    if (duet) {
      stopHBase(side);
    } else {
      stopHBase();
    }
  }

  private void stopHBase(AbPlan.Side side) throws Exception {
    if (PseudoClusterScripts.hbaseRunning(clusterDir(side))) {
      AbComparison.progress("stopping side " + side.name() + "'s HBase");
      check(scripts.stopHBase(clusterDir(side)), "stopping side " + side.name() + "'s HBase");
    }
  }

  /** The port range a comparison's clusters pick from unless PSEUDO_PORTS names one: scripts/pseudo-cluster's. */
  static final String DEFAULT_PORTS = "20000-31999";

  /**
   * The ports a side's new cluster picks from: A's and B's ranges apart, so that B's cluster, created
   * while A's HBase is stopped, cannot take the ports A's HBase starts on again beside it. The two are
   * the halves of the range the caller gave (PSEUDO_PORTS), never ranges of their own: anything else
   * started beside the comparison from another range (another comparison, a test's cluster) keeps it.
   */
  private String ports(AbPlan.Side side) throws UsageException {
    String range = System.getenv("PSEUDO_PORTS");
    return sideRange(range == null || range.isBlank() ? DEFAULT_PORTS : range.trim(), side == sides.get(0));
  }

  /** The lower half of range ("20000-31999": "20000-25999") for side A, the upper for B. */
  static String sideRange(String range, boolean sideA) throws UsageException {
    Matcher bounds = Pattern.compile("(\\d{1,5})-(\\d{1,5})").matcher(range);
    // pseudo-cluster wants at least 100 ports a cluster (two dozen a cluster, picked at random, and room).
    int low = bounds.matches() ? Integer.parseInt(bounds.group(1)) : 0;
    int high = bounds.matches() ? Integer.parseInt(bounds.group(2)) : -1;
    if (high - low + 1 < 2 * 101 || high > 65535) {
      throw new UsageException("PSEUDO_PORTS=" + range + " is not a range of at least 202 ports (100 and more for each"
          + " side's cluster) such as " + DEFAULT_PORTS + ": set it to one, or unset it");
    }
    int middle = low + (high - low + 1) / 2;
    return sideA ? low + "-" + (middle - 1) : middle + "-" + high;
  }

  /**
   * Starts the side's stopped HBase with its data: on its running HDFS and YARN, or (the first
   * lifetime of a resumed comparison) the whole stopped cluster.
   */
  private PseudoClusterScripts.Result startWithData(AbPlan.Side side) throws Exception {
    AbComparison.progress("starting side " + side.name() + "'s cluster (HBase " + side.release() + ") with its data");
    File cluster = clusterDir(side);
    PseudoClusterScripts.Result started = scripts.start(cluster, side.release(), regionServers, true, ports(side));
    // A comparison killed with kill -9 leaves its child behind: a cluster start that goes on alone.
    // The script lets one start or stop at a time work on a cluster, so this start waited for that
    // one to end and found its daemons up: they are stopped and the start tried once more.
    if (started.exitCode() == ExitCode.USAGE && started.lastLine().contains("is already running")) {
      AbComparison.progress("side " + side.name() + "'s cluster was started by an earlier, killed command: stopping it"
          + " and starting again");
      check(scripts.stop(cluster), "stopping side " + side.name() + "'s cluster");
      started = scripts.start(cluster, side.release(), regionServers, true, ports(side));
    }
    reportStart(side, started);
    return started;
  }

  private static void reportStart(AbPlan.Side side, PseudoClusterScripts.Result started) throws Exception {
    if (started.exitCode() == ExitCode.USAGE) {
      throw new UsageException(started.lastLine().replaceFirst("^pseudo-cluster: ", "side " + side.name() + "'s"
          + " cluster: "));
    }
    check(started, "starting side " + side.name() + "'s cluster");
    System.out.printf(Locale.ROOT, "   up in %.0f s%s%n", started.millis() / 1000.0,
        PseudoClusterScripts.startedHBaseAlone(started) ? " (HBase alone: its HDFS and YARN were running)" : "");
  }

  private static void check(PseudoClusterScripts.Result result, String what) throws IOException {
    if (!result.ok()) {
      throw new IOException(what + " failed with exit code " + result.exitCode() + " (log " + result.log() + "):\n"
          + result.tail(30));
    }
  }

  /** Stops whatever cluster of this comparison still runs: at the end, on a failure, on Ctrl-C or kill. */
  private void stopClusters() {
    for (AbPlan.Side side : sides) {
      File cluster = clusterDir(side);
      if (PseudoClusterScripts.anyRunning(cluster)) {
        AbComparison.progress("stopping side " + side.name() + "'s cluster");
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
