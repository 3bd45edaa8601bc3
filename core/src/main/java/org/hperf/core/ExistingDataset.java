package org.hperf.core;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;

/** Resolves the dataset of a table made by {@code create-table}, refusing contradictions. */
public final class ExistingDataset {
  private ExistingDataset() {
  }

  /**
   * The dataset recorded on the table the user named (or the default table), with the user's
   * properties checked against it.
   */
  public static DatasetSpec resolve(Admin admin, Map<String, String> given) throws UsageException, IOException {
    DatasetSpec named = DatasetSpec.resolve(given, Map.of());
    TableDescriptor descriptor = HBaseAccess.requireTable(admin, named.tableName());
    Map<DatasetProperty, String> recorded = DatasetSpec.recordedOn(descriptor);
    if (recorded.isEmpty()) {
      throw new UsageException("table " + named.table() + " has no hperf dataset recorded on it (it was not"
          + " made by 'hperf create-table'): create a table with 'hperf create-table --table <name>'");
    }
    DatasetSpec dataset = DatasetSpec.resolve(given, recorded);
    if (!descriptor.hasColumnFamily(dataset.familyBytes())) {
      throw new UsageException("table " + dataset.table() + " has no column family '" + dataset.family()
          + "': recreate it with 'hperf create-table'");
    }
    return dataset;
  }
}
