package org.hperf.testkit;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.util.JVMClusterUtil;
import org.hperf.core.SameFileSystemLocal;

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
    // A random free port: hperf run samples each region server's /jmx there (cluster-metrics.csv).
    conf.setInt(HConstants.REGIONSERVER_INFO_PORT, 0);
    // The region server's own figures behind /jmx (memstore, queues, compacted cells) are gathered
    // every 5 s by default: every second, as the shortest --interval samples them.
    conf.setLong("hbase.regionserver.metrics.period", 1000);
    // A region server whose abort never finishes (a simulated kill can leave one so) makes HBase
    // halt its JVM once this timeout (20 min by default) passes: here that JVM is the clients' and,
    // in the tests, every later test's too, which all ended with it 20 min after a kill.
    conf.setLong("hbase.regionserver.abort.timeout", java.util.concurrent.TimeUnit.DAYS.toMillis(7));
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

  /** What a restart of the region servers did and how long each step took. */
  public record Restart(int servers, int regionsMoved, long startupMs, long moveMs, long stopMs) {
    @Override
    public String toString() {
      return String.format(java.util.Locale.ROOT, "%d region server%s replaced in %.1f s (started and reporting in %.1f"
          + " s, %d regions moved in %.1f s, old stopped in %.1f s)", servers, servers == 1 ? "" : "s",
          (startupMs + moveMs + stopMs) / 1000.0, startupMs / 1000.0, regionsMoved, moveMs / 1000.0, stopMs / 1000.0);
    }
  }

  /**
   * Replaces every live region server by a new one started with the cluster's configuration plus
   * {@code settings} (none: the cluster's own configuration again), so that a server-side setting
   * (block cache size, handler count, memstore type) can be measured against another on one
   * cluster. The new servers start first; the old ones are drained (decommissioned, so neither the
   * balancer nor a reassignment can give them regions again), every region, hbase:meta included, is
   * moved to a new server named for it, and the old servers stop. Returns when every region is open
   * on a new server and the master no longer counts the old ones as live, so that a run starting
   * afterwards sees no server leave and no region move. Clients keep their connections and find
   * the regions anew. Every new server starts cold: empty block cache and memstores.
   */
  public synchronized Restart restartRegionServers(Map<String, String> settings) throws IOException {
    MiniHBaseCluster hbase = util.getMiniHBaseCluster();
    List<ServerName> old = new ArrayList<>();
    for (JVMClusterUtil.RegionServerThread thread : hbase.getLiveRegionServerThreads()) {
      old.add(thread.getRegionServer().getServerName());
    }
    long t0 = System.nanoTime();
    // The master moves regions only to a server that has sent it a load report, one every
    // hbase.regionserver.msginterval (3 s): the new servers report every 0.5 s unless told otherwise,
    // so that each restart does not wait 3 s for the first one. A report is a small RPC.
    Map<String, String> serverSettings = new java.util.LinkedHashMap<>();
    serverSettings.put(REPORT_INTERVAL, Long.toString(REPORT_INTERVAL_MS));
    serverSettings.putAll(settings);
    List<ServerName> started = startRegionServers(hbase, old.size(), serverSettings);
    try (Admin admin = util.getConnection().getAdmin();
        AsyncConnection async = ConnectionFactory.createAsyncConnection(util.getConfiguration()).get()) {
      // Moves to a server before its first report wait and retry.
      waitFor("the new region servers' first reports to the master", () -> {
        Map<ServerName, ServerMetrics> live = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS))
            .getLiveServerMetrics();
        return started.stream().allMatch(server -> live.containsKey(server)
            && live.get(server).getLastReportTimestamp() > 0);
      });
      long t1 = System.nanoTime();
      admin.decommissionRegionServers(old, false);
      // Named destinations: the master's own offload picks them through the balancer, which tries
      // to retain a region's old (draining) server first and retries with back-off. hbase:meta
      // first and alone: closing it while other moves write their states into it took 10 s in
      // every other restart; then all the others at once.
      List<RegionInfo> regions = new ArrayList<>();
      for (ServerName server : old) {
        regions.addAll(admin.getRegions(server));
      }
      regions.sort(java.util.Comparator.comparing(region -> !region.isMetaRegion()));
      int moved = 0;
      List<CompletableFuture<Void>> moves = new ArrayList<>();
      for (RegionInfo region : regions) {
        moves.add(async.getAdmin().move(region.getEncodedNameAsBytes(), started.get(moved++ % started.size())));
        if (region.isMetaRegion()) {
          moves.remove(moves.size() - 1).get(RESTART_TIMEOUT_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
      }
      CompletableFuture.allOf(moves.toArray(new CompletableFuture<?>[0])).get(RESTART_TIMEOUT_MS,
          java.util.concurrent.TimeUnit.MILLISECONDS);
      for (ServerName server : old) {
        waitFor("the regions of " + server + " to move", () -> hbase.getRegionServer(server).getRegions().isEmpty());
      }
      waitFor("no region in transition", () -> admin.getClusterMetrics(EnumSet.of(
          ClusterMetrics.Option.REGIONS_IN_TRANSITION)).getRegionStatesInTransition().isEmpty());
      long t2 = System.nanoTime();
      for (ServerName server : old) {
        hbase.stopRegionServer(server);
        // Also takes the stopped thread out of the cluster's list, so only live servers remain there.
        hbase.waitForRegionServerToStop(server, RESTART_TIMEOUT_MS);
      }
      waitFor("the master to drop the old region servers", () -> admin.getRegionServers().stream()
          .noneMatch(old::contains));
      // The master handles a stopped server as a dead one (a ServerCrashProcedure: its WALs, its
      // regions, hbase:meta): left running, it would take the CPU of the next run and hold up the
      // next restart's moves.
      waitFor("the master to finish with the old region servers", () -> !hbase.getMaster().getServerManager()
          .areDeadServersInProgress());
      for (ServerName server : old) {
        // The drain list would otherwise keep the stopped servers' names for the cluster's life.
        admin.recommissionRegionServer(server, List.of());
      }
      long t3 = System.nanoTime();
      return new Restart(old.size(), moved, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000,
          (t3 - t2) / 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while restarting the region servers");
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IOException("moving the regions to the new region servers failed: " + e, e);
    }
  }

  private static final long RESTART_TIMEOUT_MS = 120_000;
  private static final String REPORT_INTERVAL = "hbase.regionserver.msginterval";
  private static final long REPORT_INTERVAL_MS = 500;

  /**
   * Starts {@code count} region servers with the cluster's configuration plus {@code settings}.
   * MiniHBaseCluster starts a server from its own configuration (a copy of the utility's made at
   * cluster start, which no client reads) and takes no other: the settings are put into it for the
   * starts and taken out again at once.
   */
  private static List<ServerName> startRegionServers(MiniHBaseCluster hbase, int count, Map<String, String> settings)
      throws IOException {
    Configuration serverConf = hbase.getConfiguration();
    Map<String, String> saved = new HashMap<>();
    settings.forEach((key, value) -> {
      saved.put(key, serverConf.getRaw(key));
      serverConf.set(key, value);
    });
    List<ServerName> started = new ArrayList<>();
    try {
      for (int i = 0; i < count; i++) {
        started.add(hbase.startRegionServer().getRegionServer().getServerName());
      }
    } finally {
      saved.forEach((key, value) -> {
        if (value == null) {
          serverConf.unset(key);
        } else {
          serverConf.set(key, value);
        }
      });
    }
    return started;
  }

  /** A check that may fail with an IOException (an admin call). */
  private interface Condition {
    boolean holds() throws IOException;
  }

  private static void waitFor(String what, Condition condition) throws IOException {
    long deadline = System.nanoTime() + RESTART_TIMEOUT_MS * 1_000_000;
    while (!condition.holds()) {
      if (System.nanoTime() > deadline) {
        throw new IOException("timed out after " + RESTART_TIMEOUT_MS / 1000 + " s waiting for " + what);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while waiting for " + what);
      }
    }
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
