package org.hperf.driver;

import java.io.File;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.HperfTool;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.testkit.EmbeddedCluster;

/**
 * {@code hperf ab}: the same workloads on two setups, A and B, ending in a verdict per workload
 * and operation with its confidence interval. A setup is an HBase release on a pseudo-distributed
 * cluster ab starts (--a-hbase/--b-hbase), a cluster (--a-conf/--b-conf) or, on the embedded
 * cluster, settings (--a-set/--b-set key=value). The options are read here ({@link AbPlan}); the
 * comparison is one orchestration over the sides' clusters ({@link AbComparison}, {@link AbClusters}):
 * the same dataset loaded into each side, cluster lifetimes in counterbalanced order, each workload
 * warmed until steady and measured once a lifetime, the verdict.
 */
public final class AbTool extends HperfTool {
  public static final String NAME = "ab";
  static final String DEFAULT_WORKLOADS = "updateonly,workloada,workloadc,workloadf";
  /** A cluster started in this JVM by the caller (tests); null: ab starts its own when it needs one. */
  private final EmbeddedCluster running;

  public AbTool() {
    this(null);
  }

  /**
   * Runs on a cluster already running in this JVM: its region servers are restarted for every
   * lifetime, and restarted once more with the cluster's own configuration at the end.
   */
  public AbTool(EmbeddedCluster running) {
    this.running = running;
  }

  @Override
  protected CommandOptions options() {
    CommandOptions options = new CommandOptions(NAME, "--dir <dir> [--b-set key=value ...] | [--a-conf <xml> --b-conf <xml>] | [--a-hbase <release>"
        + " --b-hbase <release>] [options]",
        "Run the same workloads on two setups, A and B, in cluster lifetimes of each side in counterbalanced order"
            + " (e.g. A B B A B A), every workload warmed until steady and measured once a lifetime, and give per"
            + " workload and operation B's change against A with a confidence interval and a verdict.")
        .value(null, "dir", "path", "new directory for the runs, their order and the verdict (required)", null)
        .repeated(null, "a-set", "key=value", "a setting of side A (repeatable): on the embedded cluster and with"
            + " --a-hbase its region servers start each of A's lifetimes with it; always set in A's clients")
        .repeated(null, "b-set", "key=value", "a setting of side B, e.g. hfile.block.cache.size=0.1 or"
            + " hbase.hregion.compacting.memstore.type=BASIC (repeatable)")
        .flag(null, "client-side", "the settings are the clients' only: region servers keep the cluster's own, and"
            + " both sides use one table on one cluster")
        .value(null, "a-conf", "xml", "hbase-site.xml of side A's cluster (with --b-conf: two clusters, each its own"
            + " table)", "the embedded cluster, started in this JVM")
        .value(null, "b-conf", "xml", "hbase-site.xml of side B's cluster", null)
        .value(null, "a-hbase", "release", "an upgrade comparison: side A is a pseudo-distributed cluster of this"
            + " HBase release (from Maven Central) that ab starts on this machine, e.g. 2.4.18", null)
        .value(null, "b-hbase", "release", "side B's HBase release, e.g. 2.6.1", null)
        .value(null, "region-servers", "n", "with --a-hbase/--b-hbase: region servers of each side's cluster, each"
            + " its own JVM", "3")
        .flag(null, "duet", "both sides' clusters up at once, each side's region servers and clients on CPUs of"
            + " their own (swapped between lifetimes), measured in the same windows and compared lifetime by lifetime:"
            + " what the machine does to one side it does to the other (with --a-set/--b-set alone: an embedded"
            + " cluster a side, each in a JVM of its own; or --a-hbase/--b-hbase, or --a-conf/--b-conf of two"
            + " clusters)")
        .flag(null, "resume", "with --a-hbase/--b-hbase: continue the comparison in --dir where it stopped (give the"
            + " same options as its first command)")
        .value(null, "workloads", "list", "comma-separated workload files of the workload directory", DEFAULT_WORKLOADS)
        .value(null, "workload-dir", "path", "where the workload files are", "<hperf home>/conf/workloads")
        .value(null, "runs", "n", "cluster lifetimes per side, each measuring every workload once; at least 2", "3");
    // The preset sizes each side's table and every run.
    return Scale.addTo(options, "tiny on the embedded cluster and with --a-hbase/--b-hbase, 1tb with"
            + " --a-conf/--b-conf")
        .value(null, "warmup", "seconds", "seconds each measured run's clients run before measuring, after the"
            + " workload's warm-up (on YARN a new job's new task JVMs)", "30; on the embedded cluster --duration, at"
            + " most 10")
        .value(null, "table", "name", "the table; on one cluster each side gets <name>_a and <name>_b", "usertable")
        .flag(null, "use-existing", "the tables exist and are loaded: do not create or load them")
        .value(null, "seed", "n", "seed of the runs' key and operation choices; run k of A and of B use the same", "1")
        .value(null, "confidence", "level", "confidence of the intervals", "0.95")
        .value(null, "margin", "percent", "equivalent means B's change is shown to lie inside +-this (two one-sided tests, each at 1 - confidence)", "5")
        .value(null, "fail-if-slower", "percent", "exit 1 when a workload's ALL throughput is found slower by more"
            + " than this, 3 when a workload gets no decided verdict (for a CI job or an Oozie action to gate on);"
            + " at least --margin", "exit 0 whatever the verdicts")
        .value(null, "server-warmup", "max seconds", "each workload's warm-up in a lifetime, unmeasured, until every"
            + " client's throughput is flat (its last 3 intervals within 10%) and the region servers JIT-compile for at"
            + " most 5% of 10 s, at most this long (a lifetime that reaches it is not steady)",
            "300");
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    AbPlan plan = AbPlan.of(parsed);
    Path dir;
    AbClusters clusters;
    if (plan.releases()) {
      dir = FileSystem.getLocal(getConf()).makeQualified(new Path(new File(plan.dir().toUri().getPath())
          .getAbsolutePath()));
      clusters = new PseudoClusters(plan, getConf());
    } else if (plan.embedded() && plan.duet()) {
      if (running != null) {
        throw new UsageException("--duet starts an embedded cluster a side, each in a JVM of its own: it cannot run"
            + " on the cluster this JVM was given");
      }
      dir = FileSystem.getLocal(getConf()).makeQualified(new Path(new File(plan.dir().toUri().getPath())
          .getAbsolutePath()));
      clusters = new TwoEmbeddedClusters(plan, dir, getConf());
    } else {
      dir = plan.dir().getFileSystem(getConf()).makeQualified(plan.dir());
      clusters = new InProcessClusters(plan, dir, running, getConf());
    }
    return new AbComparison(plan, clusters, dir, parsed.has("resume")).execute();
  }
}
