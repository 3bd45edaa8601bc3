package org.hperf.driver;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * The clusters of hperf ab's two sides, as its one orchestration ({@link AbComparison}) uses them:
 * how a side is loaded, how one of its cluster lifetimes begins and ends, and how a command of the
 * driver runs on it. The kinds differ only here: the embedded cluster in this JVM and clusters
 * given by their hbase-site.xml ({@link InProcessClusters}), two pseudo-distributed clusters of
 * HBase releases that ab starts on this machine ({@link PseudoClusters}), and an embedded duet's
 * two embedded clusters, each in a JVM of its own ({@link TwoEmbeddedClusters}).
 */
interface AbClusters extends AutoCloseable {

  /** A command that ended: its exit code, how long it took, and where its output is (blank: printed). */
  record Done(int exitCode, long millis, String log) {
    boolean ok() {
      return exitCode == 0;
    }
  }

  /**
   * Before anything is started or written: what the sides need is there (a release's jars, the
   * machine's memory), and their tables are as the plan expects. Bad input throws a UsageException.
   */
  void check(AbPlan plan) throws Exception;

  /** The side's cluster up to be loaded; {@code again}: a comparison killed while loading it is resumed. */
  void beginLoading(AbPlan.Side side, boolean again) throws Exception;

  /** The side loaded: its cluster as its lifetimes start from (stopped, its side's settings applied). */
  void endLoading(AbPlan.Side side) throws Exception;

  /**
   * Starts one of the side's cluster lifetimes: what a lifetime begins with (a cluster started with
   * its data, region servers started with the side's settings, or nothing a comparison can restart).
   * Returns the line that says what was done, for ab.properties.
   */
  String beginLifetime(AbPlan.Side side) throws Exception;

  /**
   * A duet's lifetime begun on both sides ({@code ab --duet}): puts this side's cluster and its
   * clients on half {@code half} (0 or 1) of the machine's CPUs ({@link CpuPinning}). Returns what runs where, for ab.properties and the verdict's
   * header, or why nothing was pinned ("unpinned: ...").
   */
  String place(AbPlan.Side side, int half) throws Exception;

  /** Ends the lifetime: its cluster stopped where ab can stop it. */
  void endLifetime(AbPlan.Side side) throws Exception;

  /**
   * A command of the driver (its name and arguments, e.g. {@code run -P ...}) on the side's
   * cluster; {@code name} names its log, {@code bound} its longest allowed time where it runs in
   * a process of its own.
   */
  Done command(AbPlan.Side side, String name, List<String> command, Duration bound) throws Exception;

  /** Where the comparison's directory is read and written: aggregate, compare and report. */
  Configuration localConf();

  /** The path the sides' tables are loaded by: "bulk", or "put" when one side cannot bulk-load. */
  String loadMode();

  /** What a lifetime is on these clusters, for the verdict's header. */
  String lifetimeMeaning();

  /** True when a lifetime starts on restarted servers: then its runs are called lifetimes. */
  boolean restarts();

  /**
   * True when the region servers run in JVMs of their own, so that their JIT is theirs: then too
   * many lifetimes not steady (a capped warm-up, a compiling server) make a verdict inconclusive.
   * Not on the embedded cluster, whose servers share the JVM, and its JIT, with the clients.
   */
  boolean judgesSteadiness();

  /**
   * The clusters' own processes outside this JVM (daemons), for {@link NeighbourCpu}; none where the
   * clusters are this JVM or its children, which it counts as the comparison's already.
   */
  default Collection<Long> daemonPids() {
    return List.of();
  }

  /** How a comparison that failed on these clusters is continued; where nothing resumes, from the start. */
  default String continueHint() {
    return "run it again with a new --dir";
  }

  /** What the comparison leaves beside its directory (logs, stopped clusters), for its last line: "; ..." or "". */
  String leftBehind();

  /** Stops what this comparison started and leaves a cluster it was given as it was given. */
  @Override
  void close();
}
