package org.hperf.testkit;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.mapreduce.v2.hs.JobHistoryServer;
import org.apache.hadoop.mapreduce.v2.jobhistory.JHAdminConfig;
import org.apache.hadoop.service.Service;
import org.hperf.core.TaskJvmOptions;

/**
 * Real YARN in this JVM beside the embedded HBase cluster: a ResourceManager and a NodeManager
 * (MiniMRYarnCluster) whose containers run the jobs' tasks in their own JVMs, and a
 * JobHistoryServer whose RPC, REST API and web UI all answer, so counters can be read where users
 * read them. Its working files go to ./target/test/data/hperf-yarn (MiniYARNCluster's fixed place,
 * relative to the working directory).
 */
public final class EmbeddedYarn implements AutoCloseable {
  private final MiniMRYarnCluster yarn;
  private final JobHistoryServer history;
  private final Configuration conf;

  private EmbeddedYarn(MiniMRYarnCluster yarn, JobHistoryServer history, Configuration conf) {
    this.yarn = yarn;
    this.history = history;
    this.conf = conf;
  }

  /** Starts YARN for jobs against the cluster {@code hbaseConf} points at; staging under {@code dir}. */
  public static EmbeddedYarn start(Configuration hbaseConf, File dir) {
    Configuration base = new Configuration(hbaseConf);
    base.set("mapreduce.framework.name", "yarn");
    base.set("yarn.app.mapreduce.am.command-opts", "-Xmx512m");
    base.set("mapreduce.map.java.opts", "-Xmx512m");
    base.set("mapreduce.reduce.java.opts", "-Xmx512m");
    // The JDK 17 flags HBase's client needs, as every job adds them (so jobs find them already
    // there), and for what starts containers without going through hperf's jobs (Oozie's launchers).
    TaskJvmOptions.addTo(base);
    base.setInt("yarn.app.mapreduce.am.resource.mb", 768);
    base.setInt("mapreduce.map.memory.mb", 768);
    base.setInt("mapreduce.reduce.memory.mb", 768);
    base.setInt("yarn.nodemanager.resource.memory-mb", 6144);
    base.setBoolean("yarn.nodemanager.vmem-check-enabled", false);
    // A nearly full laptop disk must not mark the only NodeManager unhealthy.
    base.setFloat("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", 99.5f);
    base.set("yarn.app.mapreduce.am.staging-dir", new File(dir, "yarn-staging").getAbsolutePath());
    // The ResourceManager's node attribute and label stores default to /tmp/hadoop-yarn-<user>, one
    // directory for every YARN on the machine: clusters starting at once (the build runs the
    // pseudo-distributed tests beside these) raced on its files.
    base.set("yarn.node-attribute.fs-store.root-dir", new File(dir, "node-attributes").toURI().toString());
    base.set("yarn.node-labels.fs-store.root-dir", new File(dir, "node-labels").toURI().toString());
    // Containers are given on heartbeats (the NodeManager's to the ResourceManager, the AM's to it):
    // at Hadoop's 1 s each, every container of a job waited 1-2 s for them on this one-node cluster.
    base.setInt("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", 200);
    base.setInt("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", 200);
    // hperf's job wait asks the job's state this often (Hadoop's 1 s was up to a second per job).
    base.setInt("mapreduce.client.progressmonitor.pollinterval", 200);
    // Stopping took 17-18 s: the NodeManager waited for its finished applications, each kept until its
    // containers' logs are deleted (3 h later by default), and for those deletions. Deleted at once,
    // each deletion held back an hour (so the logs stay for as long as this cluster does), nothing
    // is left to wait for.
    base.setLong("yarn.nodemanager.log.retain-seconds", 0);
    base.setInt("yarn.nodemanager.delete.debug-delay-sec", 3600);
    // A job's reducer (aggregate's merge) starts beside its maps, not after them.
    base.setFloat("mapreduce.job.reduce.slowstart.completedmaps", 0);
    MiniMRYarnCluster yarn = new MiniMRYarnCluster("hperf-yarn", 1);
    yarn.init(base);
    yarn.start();
    Configuration conf = new Configuration(yarn.getConfig());
    JobHistoryServer history = replaceHistoryServer(yarn, conf);
    return new EmbeddedYarn(yarn, history, conf);
  }

  /**
   * Every Hadoop web app in a JVM shares Guice's static GuiceFilter pipeline, and the last one
   * started wins: MiniMRYarnCluster starts the NodeManager after its JobHistoryServer, so the
   * history server's REST API and web UI would answer 404. A history server started last serves
   * them; it replaces the cluster's own (one history server, reading the same done directories).
   */
  private static JobHistoryServer replaceHistoryServer(MiniMRYarnCluster yarn, Configuration conf) {
    for (Service service : yarn.getServices()) {
      if (service.getClass().getSimpleName().equals("JobHistoryServerWrapper")) {
        service.stop();
      }
    }
    Configuration historyConf = new Configuration(conf);
    String[] addresses = {JHAdminConfig.MR_HISTORY_ADDRESS, JHAdminConfig.MR_HISTORY_WEBAPP_ADDRESS,
        JHAdminConfig.JHS_ADMIN_ADDRESS};
    for (String key : addresses) {
      historyConf.set(key, "localhost:0");
    }
    JobHistoryServer history = new JobHistoryServer();
    history.init(historyConf);
    history.start();
    for (String key : addresses) {
      conf.set(key, history.getConfig().get(key));
    }
    return history;
  }

  /** A client configuration that submits jobs to this YARN (and reaches the same HBase). */
  public Configuration configuration() {
    return new Configuration(conf);
  }

  /** The JobHistory web UI, where the jobs' counters are. */
  public String historyWebUrl() {
    return "http://" + conf.get(JHAdminConfig.MR_HISTORY_WEBAPP_ADDRESS) + "/jobhistory";
  }

  @Override
  public void close() {
    history.stop();
    yarn.stop();
  }
}
