package org.hperf.loaders;

import java.io.IOException;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.hperf.core.DatasetSpec;
import org.hperf.core.KeySpace;

/**
 * Bulk mode's map side: emits only the row key of each record number. Every cell is a pure
 * function of its key, so the reducers generate the values after the sort; the shuffle carries
 * ~25 bytes a row instead of the whole 1 KB row.
 */
public final class RowKeyMapper extends Mapper<LongWritable, NullWritable, ImmutableBytesWritable, NullWritable> {
  private KeySpace keySpace;

  @Override
  protected void setup(Context context) {
    keySpace = DatasetSpec.readFrom(context.getConfiguration()).keySpace();
  }

  @Override
  protected void map(LongWritable recordNumber, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    context.write(new ImmutableBytesWritable(keySpace.rowKey(recordNumber.get())), NullWritable.get());
  }
}
