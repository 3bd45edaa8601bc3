package org.hperf.driver.bench;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.util.GenericOptionsParser;
import org.hperf.core.Compactions;

/**
 * Flushes a table and major-compacts it, waiting until done. {@code scripts/bench-workload} settles
 * HBase PerformanceEvaluation's table with it after PE wrote it with puts, so PE reads from one
 * HFile per region, as hperf reads its bulk-loaded table compacted by {@code load
 * --wait-for-compactions}: both tools then read the same kind of table.
 *
 * <p>Arguments: {@code [-conf hbase-site.xml] <table>}.
 */
public final class CompactTable {
  private static final long TIMEOUT_MS = 30 * 60_000;

  private CompactTable() {
  }

  public static void main(String[] args) {
    BenchmarkMain.exitAfter(CompactTable::run, args);
  }

  private static void run(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    String[] rest = new GenericOptionsParser(conf, args).getRemainingArgs();
    if (rest.length != 1) {
      throw new IllegalArgumentException("usage: CompactTable [-conf hbase-site.xml] <table>");
    }
    TableName table = TableName.valueOf(rest[0]);
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.flush(table);
      // The state at every poll: the benchmark's log shows how the compaction went.
      if (!Compactions.majorCompactAndWait(admin, table, TIMEOUT_MS, System.out, 1_000)) {
        throw new IllegalStateException("major compaction of " + table + " still running after "
            + TIMEOUT_MS / 60_000 + " minutes");
      }
    }
    System.out.println("flushed and major-compacted " + table);
  }
}
