package org.hperf.loaders;

import java.io.IOException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.hbase.mapreduce.HFileOutputFormat2;
import org.apache.hadoop.mapreduce.RecordWriter;
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
  /**
   * The HFile writer, written to directly: through {@code context.write} Hadoop's tracking writer
   * sums every file system's statistics over all threads twice per cell (for its bytes-written
   * counter), which was a seventh of the reducers' time.
   */
  private RecordWriter<ImmutableBytesWritable, Cell> hfiles;
  private byte[] zeroValue;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    DatasetSpec dataset = DatasetSpec.readFrom(context.getConfiguration());
    keySpace = dataset.keySpace();
    codec = RowCodec.of(dataset);
    family = dataset.familyBytes();
    fieldOrder = codec.fieldsInQualifierOrder();
    timestamp = context.getConfiguration().getLong(CELL_TIMESTAMP, System.currentTimeMillis());
    written = new RowsWritten(context);
    hfiles = new HFileOutputFormat2().getRecordWriter(context);
    zeroValue = new byte[codec.fieldLengthBytes()];
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
      // The value is generated in place, in the cell's own array: no value array to copy.
      KeyValue cell = new KeyValue(key, family, qualifier, timestamp, zeroValue);
      codec.writeValue(cell.getValueArray(), cell.getValueOffset(), keyNumber, field, RowCodec.LOADED_VERSION);
      hfiles.write(row, cell);
      rowBytes += qualifier.length + codec.fieldLengthBytes();
    }
    written.add(fieldOrder.length, rowBytes);
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    hfiles.close(context);
  }
}
