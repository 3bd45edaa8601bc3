package org.hperf.loaders;

import java.io.IOException;
import java.util.PrimitiveIterator;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.HFileOutputFormat2;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.hperf.core.DatasetSpec;
import org.hperf.core.KeyOrderSort;
import org.hperf.core.KeyRange;
import org.hperf.core.KeySpace;
import org.hperf.core.RecordRange;
import org.hperf.core.RowCodec;

/**
 * Bulk mode's only task: writes the HFiles of a group of regions, without a shuffle. It walks the
 * split's record numbers (as {@code verify} does), keeps the key numbers whose keys fall in its
 * regions, sorts them in memory ({@link KeyOrderSort}, 8 bytes a key), then generates each row's
 * cells from its key and writes them in HFile order, one HFile per region: a new HFileOutputFormat2
 * writer at each region boundary, so no file spans two regions and the bulk load never splits one.
 */
public final class RegionHFileMapper extends Mapper<LongWritable, NullWritable, ImmutableBytesWritable, Cell> {
  /** One timestamp for every cell of the load, so the files are reproducible within a job. */
  static final String CELL_TIMESTAMP = "hperf.load.timestamp";
  private static final long PROGRESS_EVERY = 1 << 20;

  private KeySpace keySpace;
  private RowCodec codec;
  private byte[] family;
  private int[] fieldOrder;
  private long timestamp;
  private RowsWritten written;
  private byte[] zeroValue;

  @Override
  protected void setup(Context context) {
    DatasetSpec dataset = DatasetSpec.readFrom(context.getConfiguration());
    keySpace = dataset.keySpace();
    codec = RowCodec.of(dataset);
    family = dataset.familyBytes();
    fieldOrder = codec.fieldsInQualifierOrder();
    timestamp = context.getConfiguration().getLong(CELL_TIMESTAMP, System.currentTimeMillis());
    written = new RowsWritten(context);
    zeroValue = new byte[codec.fieldLengthBytes()];
  }

  @Override
  protected void map(LongWritable ignored, NullWritable nothing, Context context)
      throws IOException, InterruptedException {
    RegionGroupInputFormat.RegionGroupSplit split = (RegionGroupInputFormat.RegionGroupSplit) context.getInputSplit();
    KeyOrderSort keys = keysOf(split, context);
    context.setStatus("writing the rows of " + split);
    PrimitiveIterator.OfLong inOrder = keys.inKeyOrder();
    int region = 0;
    KeyRange regionKeys = split.region(keySpace, region);
    RecordWriter<ImmutableBytesWritable, Cell> hfile = null;
    ImmutableBytesWritable row = new ImmutableBytesWritable();
    long rows = 0;
    while (inOrder.hasNext()) {
      long keyNumber = inOrder.nextLong();
      while (!regionKeys.containsKeyNumber(keyNumber)) {
        if (hfile != null) {
          hfile.close(context);
          hfile = null;
        }
        regionKeys = split.region(keySpace, ++region);
      }
      if (hfile == null) {
        // The HFile writer, written to directly: through context.write Hadoop's tracking writer
        // sums every file system's statistics over all threads twice per cell.
        hfile = new HFileOutputFormat2().getRecordWriter(context);
      }
      writeRow(hfile, row, keyNumber);
      if (++rows % PROGRESS_EVERY == 0) {
        context.progress();
      }
    }
    if (hfile != null) {
      hfile.close(context);
    }
  }

  /** The distinct key numbers of the split's records whose keys fall in its regions, sortable. */
  private KeyOrderSort keysOf(RegionGroupInputFormat.RegionGroupSplit split, Context context) {
    context.setStatus("collecting the keys of " + split);
    KeyRange group = split.group(keySpace);
    RecordRange records = split.records();
    KeyOrderSort keys = new KeyOrderSort(keySpace);
    for (long n = records.first(); n < records.end(); n++) {
      long keyNumber = keySpace.keyNumber(n);
      if (group.containsKeyNumber(keyNumber)) {
        keys.add(keyNumber);
      }
      if ((n & (PROGRESS_EVERY - 1)) == 0) {
        context.progress();
      }
    }
    return keys;
  }

  /** Generates one row's cells from its key, in HFile order (fields by qualifier bytes: field10 before field2). */
  private void writeRow(RecordWriter<ImmutableBytesWritable, Cell> hfile, ImmutableBytesWritable row, long keyNumber)
      throws IOException, InterruptedException {
    byte[] key = keySpace.rowKeyOfKeyNumber(keyNumber);
    row.set(key);
    long rowBytes = key.length;
    for (int field : fieldOrder) {
      byte[] qualifier = codec.qualifier(field);
      // The value is generated in place, in the cell's own array: no value array to copy.
      KeyValue cell = new KeyValue(key, family, qualifier, timestamp, zeroValue);
      codec.writeValue(cell.getValueArray(), cell.getValueOffset(), keyNumber, field, RowCodec.LOADED_VERSION);
      hfile.write(row, cell);
      rowBytes += qualifier.length + codec.fieldLengthBytes();
    }
    written.add(fieldOrder.length, rowBytes);
  }
}
