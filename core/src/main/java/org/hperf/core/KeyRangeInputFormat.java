package org.hperf.core;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Synthetic input with no files, as TeraGen's RangeInputFormat: the record numbers
 * {@code [first, first + count)} cut into a given number of contiguous splits, each task
 * reading its record numbers as keys. Because every row is a pure function of its record number,
 * this is all a generator task needs.
 */
public final class KeyRangeInputFormat extends InputFormat<LongWritable, NullWritable> {
  static final String FIRST_RECORD = "hperf.keyrange.first";
  static final String RECORD_COUNT = "hperf.keyrange.count";
  /**
   * The split count. Not {@code mapreduce.job.maps}, as TeraGen uses: the LocalJobRunner's client
   * protocol provider forces that to 1 in every job it submits, which would make every local run
   * a single task (and deadlock the workload clients' start barrier).
   */
  static final String SPLITS = "hperf.keyrange.splits";

  /** The only writer of the range a job covers. */
  public static void setRange(Configuration conf, long firstRecord, long recordCount, int splits) {
    conf.setLong(FIRST_RECORD, firstRecord);
    conf.setLong(RECORD_COUNT, recordCount);
    conf.setInt(SPLITS, splits);
    conf.setInt(MRJobConfig.NUM_MAPS, splits);
  }

  @Override
  public List<InputSplit> getSplits(JobContext context) {
    Configuration conf = context.getConfiguration();
    long first = conf.getLong(FIRST_RECORD, 0);
    long count = conf.getLong(RECORD_COUNT, 0);
    int splits = (int) Math.max(1, Math.min(conf.getInt(SPLITS, 1), count));
    List<InputSplit> result = new ArrayList<>(splits);
    for (int i = 0; i < splits; i++) {
      long start = first + count * i / splits;
      long end = first + count * (i + 1) / splits;
      result.add(new KeyRangeSplit(start, end - start));
    }
    return result;
  }

  @Override
  public RecordReader<LongWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new KeyRangeReader();
  }

  /** A contiguous run of record numbers. */
  public static final class KeyRangeSplit extends InputSplit implements Writable {
    private long firstRecord;
    private long recordCount;

    public KeyRangeSplit() {
    }

    KeyRangeSplit(long firstRecord, long recordCount) {
      this.firstRecord = firstRecord;
      this.recordCount = recordCount;
    }

    public long firstRecord() {
      return firstRecord;
    }

    public long recordCount() {
      return recordCount;
    }

    @Override
    public long getLength() {
      return recordCount;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeLong(firstRecord);
      out.writeLong(recordCount);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      firstRecord = in.readLong();
      recordCount = in.readLong();
    }

    @Override
    public String toString() {
      return "records [" + firstRecord + ", " + (firstRecord + recordCount) + ")";
    }
  }

  private static final class KeyRangeReader extends RecordReader<LongWritable, NullWritable> {
    private final LongWritable key = new LongWritable();
    private long first;
    private long count;
    private long read;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) {
      KeyRangeSplit range = (KeyRangeSplit) split;
      first = range.firstRecord();
      count = range.recordCount();
    }

    @Override
    public boolean nextKeyValue() {
      if (read >= count) {
        return false;
      }
      key.set(first + read);
      read++;
      return true;
    }

    @Override
    public LongWritable getCurrentKey() {
      return key;
    }

    @Override
    public NullWritable getCurrentValue() {
      return NullWritable.get();
    }

    @Override
    public float getProgress() {
      return count == 0 ? 1f : (float) read / count;
    }

    @Override
    public void close() {
    }
  }
}
