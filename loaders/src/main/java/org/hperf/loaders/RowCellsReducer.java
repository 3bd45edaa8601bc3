package org.hperf.loaders;

import java.io.IOException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Reducer;
import org.hperf.core.DatasetSpec;
import org.hperf.core.KeySpace;
import org.hperf.core.RowCodec;

/**
 * Bulk mode's reduce side, one reducer per region: receives the region's row keys in order and
 * writes each row's cells, generated from the key, to HFileOutputFormat2 in HFile order (fields
 * by qualifier bytes, so field10 comes before field2).
 */
public final class RowCellsReducer extends Reducer<ImmutableBytesWritable, NullWritable, ImmutableBytesWritable, Cell> {
  /** One timestamp for every cell of the load, so the files are reproducible within a job. */
  static final String CELL_TIMESTAMP = "hperf.load.timestamp";

  private KeySpace keySpace;
  private RowCodec codec;
  private byte[] family;
  private int[] fieldOrder;
  private long timestamp;
  private RowsWritten written;

  @Override
  protected void setup(Context context) {
    DatasetSpec dataset = DatasetSpec.readFrom(context.getConfiguration());
    keySpace = dataset.keySpace();
    codec = RowCodec.of(dataset);
    family = dataset.familyBytes();
    fieldOrder = codec.fieldsInQualifierOrder();
    timestamp = context.getConfiguration().getLong(CELL_TIMESTAMP, System.currentTimeMillis());
    written = new RowsWritten(context);
  }

  /** Called once per distinct key: two record numbers that hash to one key make one row. */
  @Override
  protected void reduce(ImmutableBytesWritable row, Iterable<NullWritable> ignored, Context context)
      throws IOException, InterruptedException {
    byte[] key = row.copyBytes();
    long keyNumber = keySpace.parseKeyNumber(key);
    long rowBytes = key.length;
    for (int field : fieldOrder) {
      byte[] qualifier = codec.qualifier(field);
      KeyValue cell = new KeyValue(key, family, qualifier, timestamp,
          codec.value(keyNumber, field, RowCodec.LOADED_VERSION));
      context.write(row, cell);
      rowBytes += qualifier.length + codec.fieldLengthBytes();
    }
    written.add(fieldOrder.length, rowBytes);
  }
}
