package org.hperf.driver;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.core.HBaseAccess;
import org.hperf.core.HperfTool;
import org.hperf.core.UsageException;
import org.hperf.jobs.WorkloadTool;
import org.hperf.testkit.EmbeddedCluster;

/**
 * hperf ab's clusters reached from this JVM, every command run in it: the embedded cluster (the
 * caller's, or one ab starts in {@code <dir>/cluster}), whose region servers ab restarts with a
 * side's settings to begin each of its lifetimes; or the clusters of {@code --a-conf/--b-conf},
 * which ab cannot restart, so that their lifetimes share one cluster start.
 */
final class InProcessClusters implements AbClusters {
  private final AbPlan plan;
  /** The comparison's directory, qualified. */
  private final Path dir;
  /** The command line's configuration: the clusters of --a-conf/--b-conf are added to it per side. */
  private final Configuration commandConf;
  /** A cluster started in this JVM by the caller (tests); null: ab starts its own when it needs one. */
  private final EmbeddedCluster given;
  private EmbeddedCluster cluster;
  private Configuration base;
  private boolean restarted;

  InProcessClusters(AbPlan plan, Path dir, EmbeddedCluster given, Configuration commandConf) {
    this.plan = plan;
    this.dir = dir;
    this.given = given;
    this.commandConf = commandConf;
  }

  /** Every table exists with --use-existing, and none yet without it: checked before anything is created. */
  @Override
  public void check(AbPlan plan) throws Exception {
    if (plan.embedded() && given == null) {
      if (plan.useExisting()) {
        throw new UsageException("--use-existing needs tables on a running cluster: the embedded cluster ab starts is"
            + " new and empty; give --a-conf/--b-conf, or drop --use-existing");
      }
      return;
    }
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

  @Override
  public void beginLoading(AbPlan.Side side, boolean again) {
  }

  @Override
  public void endLoading(AbPlan.Side side) {
  }

  @Override
  public String beginLifetime(AbPlan.Side side) throws Exception {
    if (!plan.embedded()) {
      return "not restarted: ab cannot restart a cluster of --a-conf/--b-conf";
    }
    Map<String, String> settings = plan.clientSide() ? Map.of() : side.settings();
    AbComparison.progress("restarting the region servers" + (settings.isEmpty() ? ""
        : " with side " + side.name() + "'s settings " + settings));
    restarted = true;
    String restart = cluster().restartRegionServers(settings).toString();
    System.out.println("   " + restart);
    return restart;
  }

  /** Nothing to pin: the clusters of --a-conf/--b-conf are not processes this comparison started. */
  @Override
  public String place(AbPlan.Side side, int half) {
    return "unpinned: the clusters of --a-conf/--b-conf are not processes of this comparison";
  }

  @Override
  public void endLifetime(AbPlan.Side side) {
  }

  /** The command's tool run in this JVM; {@code bound} cannot be enforced here, and a run is bounded by its duration. */
  @Override
  public Done command(AbPlan.Side side, String name, List<String> command, Duration bound) throws Exception {
    Tool tool = Perf.COMMANDS.stream().filter(c -> c.name().equals(command.get(0))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no command " + command.get(0))).tool().get();
    Configuration conf = conf(side);
    // The comparison does not use the client's CPU per operation, which runs under a local job
    // runner (the embedded cluster's) never measure: no run says so after each of its lines.
    conf.setBoolean(WorkloadTool.CALLER_NOTES_CLIENT_CPU, true);
    long started = System.nanoTime();
    int exit = ToolRunner.run(conf, tool, command.subList(1, command.size()).toArray(new String[0]));
    return new Done(exit, (System.nanoTime() - started) / 1_000_000, "");
  }

  /** The side's clients' configuration: the cluster's (the embedded one's, or its file's) plus its settings. */
  private Configuration conf(AbPlan.Side side) throws Exception {
    return side.configuration(base());
  }

  /** The command line's configuration: the comparison's directory is on its file system, not the cluster's. */
  @Override
  public Configuration localConf() {
    return new Configuration(commandConf);
  }

  private Configuration base() throws Exception {
    if (base == null) {
      base = plan.embedded() ? withCommandLineSettings(cluster().configuration()) : new Configuration(commandConf);
      base.set(HperfTool.JOB_CONF_DIR, new Path(dir, "jobs").toString());
    }
    return base;
  }

  /** The embedded cluster, started in {@code <dir>/cluster} the first time it is needed if none was given. */
  private EmbeddedCluster cluster() throws Exception {
    if (cluster == null) {
      if (given != null) {
        cluster = given;
      } else {
        File clusterDir = new File(dir.toUri().getPath(), "cluster");
        System.out.println("starting an embedded HBase cluster in " + clusterDir);
        cluster = EmbeddedCluster.start(clusterDir, 1);
      }
    }
    return cluster;
  }

  /**
   * The embedded cluster's client configuration with the user's generic {@code -D key=value}
   * options on top (e.g. {@code -D hperf.progress.seconds=0}), which the cluster's own would drop.
   */
  private Configuration withCommandLineSettings(Configuration clusterConf) {
    CommandLineSettings.of(commandConf).forEach(clusterConf::set);
    return clusterConf;
  }

  @Override
  public String loadMode() {
    return "bulk";
  }

  @Override
  public String lifetimeMeaning() {
    return plan.embedded()
        ? "each: the region servers restarted with the side's settings (the embedded cluster's master, ZooKeeper and"
            + " file system stay up), every workload warmed until steady and measured once"
        : "each: every workload warmed until steady and measured once, on the cluster as it runs; ab cannot restart"
            + " clusters it did not start, so a side's lifetimes share one cluster start and the interval holds no"
            + " restart's variation";
  }

  @Override
  public boolean restarts() {
    return plan.embedded();
  }

  @Override
  public boolean judgesSteadiness() {
    return !plan.embedded();
  }

  @Override
  public String leftBehind() {
    return "";
  }

  /** Shuts down a cluster ab started; a caller's gets its region servers back with its own configuration. */
  @Override
  public void close() {
    if (cluster == null) {
      return;
    }
    try {
      if (given == null) {
        System.out.println("shutting the embedded cluster down");
        cluster.close();
        FileUtil.fullyDelete(new File(dir.toUri().getPath(), "cluster"));
      } else if (restarted) {
        System.out.println("restarting the region servers with the cluster's own configuration: "
            + cluster.restartRegionServers(Map.of()));
      }
    } catch (IOException e) {
      System.err.println("hperf ab: could not shut the embedded cluster down: " + e.getMessage());
    }
  }
}
