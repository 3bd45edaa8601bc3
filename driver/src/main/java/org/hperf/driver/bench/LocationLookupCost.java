package org.hperf.driver.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTableRegionLocator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.ConnectionImplementation;
import org.apache.hadoop.hbase.client.MetricsConnection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.util.GenericOptionsParser;

/**
 * The CPU a workload client spends per operation to find where it was served with
 * {@code --per-server on}: the location cache lookup, {@code RegionLocator.getRegionLocation(row)}
 * (sync) and {@code AsyncTableRegionLocator.getRegionLocation(row)} (async), timed in one thread on
 * a warm cache (every region looked up once first), with the thread's CPU time over rounds of
 * lookups of random rows; the sync connection's meta cache misses before and after show that the
 * timed lookups made no RPC; and, for comparison, the sync connection's own lookup without the
 * tracing span that HRegionLocator builds on every call. Recording the result is in
 * {@code PlacementBenchmark} (JMH).
 *
 * <p>Arguments: {@code [-conf hbase-site.xml] <table> [lookups per round, default 1,000,000]}, or
 * {@code --embedded <dir> [lookups]}: starts an embedded cluster of one region server in {@code dir}
 * (which must not exist) with a table of 16 regions, and removes nothing.
 */
public final class LocationLookupCost {
  private static final int ROUNDS = 5;

  private LocationLookupCost() {
  }

  public static void main(String[] args) {
    BenchmarkMain.exitAfter(LocationLookupCost::run, args);
  }

  private static void run(String[] args) throws Exception {
    if (args.length >= 2 && args[0].equals("--embedded")) {
      java.io.File dir = new java.io.File(args[1]);
      if (dir.exists()) {
        throw new IllegalArgumentException(dir + " exists: give a new directory");
      }
      try (org.hperf.testkit.EmbeddedCluster cluster = org.hperf.testkit.EmbeddedCluster.start(dir, 1)) {
        TableName table = TableName.valueOf("lookup");
        byte[][] splits = new byte[15][];
        for (int i = 1; i <= 15; i++) {
          splits[i - 1] = String.format(Locale.ROOT, "user%019d", (Long.MAX_VALUE / 16) * i)
              .getBytes(StandardCharsets.US_ASCII);
        }
        try (Connection connection = ConnectionFactory.createConnection(cluster.configuration());
            org.apache.hadoop.hbase.client.Admin admin = connection.getAdmin()) {
          admin.createTable(org.apache.hadoop.hbase.client.TableDescriptorBuilder.newBuilder(table)
              .setColumnFamily(org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder.of("f")).build(), splits);
        }
        measure(new Configuration(cluster.configuration()), table,
            args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000);
      }
      return;
    }
    Configuration conf = HBaseConfiguration.create();
    String[] rest = new GenericOptionsParser(conf, args).getRemainingArgs();
    if (rest.length < 1 || rest.length > 2) {
      throw new IllegalArgumentException("usage: LocationLookupCost [-conf hbase-site.xml] <table> [lookups]");
    }
    measure(conf, TableName.valueOf(rest[0]), rest.length == 2 ? Integer.parseInt(rest[1]) : 1_000_000);
  }

  private static void measure(Configuration conf, TableName table, int lookups) throws Exception {
    conf.setBoolean(MetricsConnection.CLIENT_SIDE_METRICS_ENABLED_KEY, true);
    byte[][] rows = new byte[4096][];
    SplittableRandom random = new SplittableRandom(1);
    for (int i = 0; i < rows.length; i++) {
      rows[i] = String.format(Locale.ROOT, "user%019d", random.nextLong(Long.MAX_VALUE))
          .getBytes(StandardCharsets.US_ASCII);
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    try (Connection connection = ConnectionFactory.createConnection(conf);
        RegionLocator locator = connection.getRegionLocator(table)) {
      List<HRegionLocation> all = locator.getAllRegionLocations();
      for (HRegionLocation location : all) {
        locator.getRegionLocation(location.getRegion().getStartKey());
      }
      for (byte[] row : rows) {
        locator.getRegionLocation(row);
      }
      MetricsConnection metrics = ((ConnectionImplementation) connection).getConnectionMetrics();
      long missesBefore = metrics.getMetaCacheMisses();
      double best = Double.MAX_VALUE;
      for (int round = 0; round < ROUNDS; round++) {
        long cpu = threads.getCurrentThreadCpuTime();
        long found = 0;
        for (int i = 0; i < lookups; i++) {
          found += locator.getRegionLocation(rows[i & (rows.length - 1)]).getSeqNum() & 1;
        }
        double ns = (threads.getCurrentThreadCpuTime() - cpu) / (double) lookups;
        best = Math.min(best, ns);
        System.out.printf(Locale.ROOT, "sync  round %d: %.0f ns of CPU a lookup (%d)%n", round + 1, ns, found);
      }
      System.out.printf(Locale.ROOT, "sync: %d regions, best %.0f ns of CPU a lookup; meta cache misses during the"
          + " timed lookups: %d%n", all.size(), best, metrics.getMetaCacheMisses() - missesBefore);
      // For comparison: the connection's own lookup, without the tracing span that
      // HRegionLocator builds around every call (ClusterConnection is HBase's private API).
      org.apache.hadoop.hbase.client.ClusterConnection cluster =
          (org.apache.hadoop.hbase.client.ClusterConnection) connection;
      double bestUntraced = Double.MAX_VALUE;
      for (int round = 0; round < ROUNDS; round++) {
        long cpu = threads.getCurrentThreadCpuTime();
        long found = 0;
        for (int i = 0; i < lookups; i++) {
          found += cluster.getRegionLocation(table, rows[i & (rows.length - 1)], false).getSeqNum() & 1;
        }
        double ns = (threads.getCurrentThreadCpuTime() - cpu) / (double) lookups;
        bestUntraced = Math.min(bestUntraced, ns);
        System.out.printf(Locale.ROOT, "sync without the span, round %d: %.0f ns of CPU a lookup (%d)%n", round + 1,
            ns, found);
      }
      System.out.printf(Locale.ROOT, "sync without the span (ClusterConnection.getRegionLocation): best %.0f ns%n",
          bestUntraced);
    }
    try (AsyncConnection connection = ConnectionFactory.createAsyncConnection(conf).get()) {
      AsyncTableRegionLocator locator = connection.getRegionLocator(table);
      for (byte[] row : rows) {
        locator.getRegionLocation(row).get();
      }
      double best = Double.MAX_VALUE;
      for (int round = 0; round < ROUNDS; round++) {
        long cpu = threads.getCurrentThreadCpuTime();
        long notDone = 0;
        for (int i = 0; i < lookups; i++) {
          CompletableFuture<HRegionLocation> location = locator.getRegionLocation(rows[i & (rows.length - 1)]);
          notDone += location.isDone() ? 0 : 1;
        }
        double ns = (threads.getCurrentThreadCpuTime() - cpu) / (double) lookups;
        best = Math.min(best, ns);
        System.out.printf(Locale.ROOT, "async round %d: %.0f ns of CPU a lookup, %d not completed at once%n",
            round + 1, ns, notDone);
      }
      System.out.printf(Locale.ROOT, "async: best %.0f ns of CPU a lookup%n", best);
    }
  }
}
