package org.hperf.driver;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * The main class of the Oozie workflow's java actions: runs an hperf command like {@link Perf} but
 * reports its exit code the way Oozie's launcher understands, returning normally on success and
 * throwing otherwise, because a java action must not call System.exit.
 *
 * <p>The command runs with the action's configuration, which Oozie's launcher leaves in the file
 * named by the system property {@code oozie.action.conf.xml}: the cluster's Hadoop settings, the
 * workflow's {@code <configuration>} (e.g. the queue) and the HBase client settings the
 * {@code hbase} credentials add. Without it the command would see only the launcher's classpath,
 * where nothing says where HBase is. The launcher's delegation tokens (HBase's among them) are
 * passed on to the command's jobs, and the jobs are tagged so that Oozie can find and kill them when
 * it relaunches the action.
 */
public final class OozieMain {
  /** Set by Oozie's launcher: the action's configuration file. */
  static final String ACTION_CONF_XML = "oozie.action.conf.xml";
  /** Oozie's tag for the jobs an action starts (LauncherMain.CHILD_MAPREDUCE_JOB_TAGS). */
  static final String CHILD_JOB_TAGS = "oozie.child.mapreduce.job.tags";

  private OozieMain() {
  }

  public static void main(String[] args) {
    int exitCode = Perf.run(actionConfiguration(System.getProperty(ACTION_CONF_XML),
        System.getenv("HADOOP_TOKEN_FILE_LOCATION")), args);
    if (exitCode != 0) {
      throw new IllegalStateException("hperf " + (args.length > 0 ? args[0] : "") + " exited with code " + exitCode);
    }
  }

  /** HBase's configuration with the action's over it, as Oozie's launcher leaves it. */
  static Configuration actionConfiguration(String actionConfXml, String tokenFile) {
    Configuration conf = HBaseConfiguration.create();
    if (actionConfXml == null) {
      throw new IllegalStateException("system property " + ACTION_CONF_XML + " is not set: OozieMain is the main"
          + " class of an Oozie java action; run hperf commands with scripts/hperf-cluster");
    }
    conf.addResource(new Path("file:///", actionConfXml));
    if (tokenFile != null) {
      conf.set("mapreduce.job.credentials.binary", tokenFile);
    }
    String tags = conf.get(CHILD_JOB_TAGS);
    if (tags != null) {
      String own = conf.get("mapreduce.job.tags");
      conf.set("mapreduce.job.tags", own == null ? tags : own + "," + tags);
    }
    return conf;
  }
}
