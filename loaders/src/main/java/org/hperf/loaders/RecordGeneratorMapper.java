package org.hperf.loaders;

import java.io.IOException;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.hperf.core.DatasetSpec;
import org.hperf.core.KeySpace;
import org.hperf.core.RowCodec;

/**
 * Put mode's map side: turns each record number of its split into the dataset's row as one Put,
 * which TableOutputFormat sends through a BufferedMutator, as a YCSB load does.
 */
public final class RecordGeneratorMapper extends Mapper<LongWritable, NullWritable, ImmutableBytesWritable, Put> {
  private KeySpace keySpace;
  private RowCodec codec;
  private byte[] family;
  private RowsWritten written;

  @Override
  protected void setup(Context context) {
    DatasetSpec dataset = DatasetSpec.readFrom(context.getConfiguration());
    keySpace = dataset.keySpace();
    codec = RowCodec.of(dataset);
    family = dataset.familyBytes();
    written = new RowsWritten(context);
  }

  @Override
  protected void map(LongWritable recordNumber, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    long keyNumber = keySpace.keyNumber(recordNumber.get());
    byte[] row = keySpace.rowKeyOfKeyNumber(keyNumber);
    Put put = new Put(row);
    long rowBytes = row.length;
    for (int field = 0; field < codec.fieldCount(); field++) {
      byte[] qualifier = codec.qualifier(field);
      put.addColumn(family, qualifier, codec.value(keyNumber, field, RowCodec.LOADED_VERSION));
      rowBytes += qualifier.length + codec.fieldLengthBytes();
    }
    context.write(new ImmutableBytesWritable(row), put);
    written.add(codec.fieldCount(), rowBytes);
  }
}
