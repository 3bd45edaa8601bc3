package org.hperf.core;

import java.io.File;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.StartMiniClusterOption;

/**
 * A real HBase cluster in this JVM: ZooKeeper, a master and region servers over the local file
 * system (no HDFS: it costs ~16 s more to start and adds nothing hperf measures here). MapReduce
 * jobs submitted with {@link #configuration()} run in the LocalJobRunner against it. The same
 * job code runs on a real cluster; only the Configuration differs.
 */
public final class EmbeddedCluster implements AutoCloseable {
  private final HBaseTestingUtility util;
  private final File baseDir;

  private EmbeddedCluster(HBaseTestingUtility util, File baseDir) {
    this.util = util;
    this.baseDir = baseDir;
  }

  /** Starts a cluster whose files all live under {@code baseDir}. */
  public static EmbeddedCluster start(File baseDir, int regionServers) throws Exception {
    return start(localConfiguration(baseDir), baseDir, regionServers);
  }

  /**
   * Starts a cluster with {@code conf}, made by {@link #localConfiguration} and then changed by the
   * caller (a Kerberos-secured cluster adds its security settings).
   */
  public static EmbeddedCluster start(Configuration conf, File baseDir, int regionServers) throws Exception {
    HBaseTestingUtility util = new HBaseTestingUtility(conf);
    util.startMiniZKCluster();
    util.startMiniHBaseCluster(StartMiniClusterOption.builder()
        .numMasters(1).numRegionServers(regionServers).build());
    return new EmbeddedCluster(util, baseDir.getAbsoluteFile());
  }

  /** The configuration of a cluster on the local file system whose files all live under {@code baseDir}. */
  public static Configuration localConfiguration(File baseDir) throws IOException {
    File base = baseDir.getAbsoluteFile();
    File tmp = new File(base, "tmp");
    if (!tmp.mkdirs() && !tmp.isDirectory()) {
      throw new IOException("cannot create " + tmp);
    }
    // HBaseTestingUtility puts its data directory under this property (default target/test-data).
    System.setProperty("test.build.data.basedirectory", new File(base, "data").getPath());
    Configuration conf = HBaseConfiguration.create();
    conf.set("fs.defaultFS", "file:///");
    // One local file system, so that a bulk load renames its HFiles into the regions as on HDFS
    // instead of copying them (see SameFileSystemLocal).
    conf.set("fs.file.impl", SameFileSystemLocal.class.getName());
    // The local file system has no hflush/hsync capability; HBase refuses it unless told not to.
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    conf.set("hbase.wal.provider", "filesystem");
    conf.set("hadoop.tmp.dir", new File(tmp, "hadoop").getPath());
    conf.set("hbase.tmp.dir", new File(tmp, "hbase").getPath());
    conf.set("hbase.fs.tmp.dir", new File(tmp, "hbase-staging").toURI().toString());
    conf.set("mapreduce.framework.name", "local");
    conf.set("mapreduce.jobtracker.staging.root.dir", new File(tmp, "mapred-staging").toURI().toString());
    conf.set("mapreduce.cluster.local.dir", new File(tmp, "mapred-local").getPath());
    conf.setInt(HConstants.MASTER_INFO_PORT, -1);
    conf.setInt(HConstants.REGIONSERVER_INFO_PORT, -1);
    // Two cores: run two local map tasks at once, as a small cluster would.
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", 2);
    return conf;
  }

  /** A client configuration for this cluster: pass it to ToolRunner to run any command here. */
  public Configuration configuration() {
    return new Configuration(util.getConfiguration());
  }

  public int zooKeeperPort() {
    return util.getZkCluster().getClientPort();
  }

  public File baseDir() {
    return baseDir;
  }

  /** The underlying utility, for tests that need to reach into the cluster (kill a server...). */
  public HBaseTestingUtility testingUtility() {
    return util;
  }

  @Override
  public void close() throws IOException {
    util.shutdownMiniHBaseCluster();
    util.shutdownMiniZKCluster();
  }
}
