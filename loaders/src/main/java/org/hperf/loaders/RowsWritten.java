package org.hperf.loaders;

import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/** The load counters, incremented once per row by whichever task writes the rows in its mode. */
final class RowsWritten {
  private final Counter records;
  private final Counter cells;
  private final Counter bytes;

  RowsWritten(TaskAttemptContext context) {
    records = context.getCounter(LoadCounters.RECORDS_WRITTEN);
    cells = context.getCounter(LoadCounters.CELLS_WRITTEN);
    bytes = context.getCounter(LoadCounters.LOGICAL_BYTES_WRITTEN);
  }

  void add(int cellCount, long logicalBytes) {
    records.increment(1);
    cells.increment(cellCount);
    bytes.increment(logicalBytes);
  }
}
