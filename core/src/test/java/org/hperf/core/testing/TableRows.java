package org.hperf.core.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;

/** A table's rows counted through the HBase client alone: an oracle that owes nothing to hperf's counters. */
public final class TableRows {
  private TableRows() {
  }

  /** The rows of the table (which must exist), by a scan of each row's first cell. */
  public static long count(Configuration conf, String table) throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      assertTrue(admin.tableExists(TableName.valueOf(table)), table);
      try (Table t = connection.getTable(TableName.valueOf(table));
          ResultScanner scanner = t.getScanner(new Scan().setFilter(new FirstKeyOnlyFilter()))) {
        long rows = 0;
        while (scanner.next() != null) {
          rows++;
        }
        return rows;
      }
    }
  }
}
