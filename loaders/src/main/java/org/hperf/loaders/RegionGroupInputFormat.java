package org.hperf.loaders;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hperf.core.KeyRange;
import org.hperf.core.KeySpace;
import org.hperf.core.OneRecordReader;
import org.hperf.core.RecordRange;

/**
 * Bulk mode's synthetic input: the table's regions cut into contiguous groups, one map task per
 * group, which writes its regions' HFiles itself (no shuffle, no reduce). A task holds its rows'
 * keys in memory to sort them (8 bytes a key), so when a group would hold more than
 * {@link #MAX_KEYS_PER_TASK} keys the record range is also cut into slices, one task per group and
 * slice; each region then gets one HFile per slice. Each split is read as one record: the task's
 * work is the whole split.
 */
public final class RegionGroupInputFormat extends InputFormat<LongWritable, NullWritable> {
  /** ~64 MB of sorted keys a task, well inside a default 1 GB map container. */
  static final long MAX_KEYS_PER_TASK = 8_000_000;
  /** Overrides {@link #MAX_KEYS_PER_TASK}: for map containers of another size, and tests. */
  static final String MAX_KEYS_PER_TASK_KEY = "hperf.load.max.keys.per.task";
  private static final String REGION_STARTS = "hperf.load.region.starts";
  private static final String GROUPS = "hperf.load.region.groups";
  private static final String SLICES = "hperf.load.record.slices";
  private static final String FIRST_RECORD = "hperf.load.first";
  private static final String RECORD_COUNT = "hperf.load.count";

  /** The only writer of what a bulk load job's tasks cover; returns the task count. */
  static int configure(Configuration conf, byte[][] regionStarts, int groups, RecordRange range) {
    int groupCount = Math.max(1, Math.min(groups, regionStarts.length));
    int slices = slices(range.count(), regionStarts.length, groupCount,
        conf.getLong(MAX_KEYS_PER_TASK_KEY, MAX_KEYS_PER_TASK));
    List<String> encoded = new ArrayList<>(regionStarts.length);
    for (byte[] start : regionStarts) {
      // Prefixed: the first region's start is empty, and the configuration drops empty strings.
      encoded.add("k" + Base64.getEncoder().encodeToString(start));
    }
    conf.setStrings(REGION_STARTS, encoded.toArray(new String[0]));
    conf.setInt(GROUPS, groupCount);
    conf.setInt(SLICES, slices);
    conf.setLong(FIRST_RECORD, range.first());
    conf.setLong(RECORD_COUNT, range.count());
    conf.setInt(MRJobConfig.NUM_MAPS, groupCount * slices);
    return groupCount * slices;
  }

  /** How many HFiles each region gets from a job configured here: one a record slice. */
  static int hfilesPerRegion(Configuration conf) {
    return conf.getInt(SLICES, 1);
  }

  /** Record slices so that no task's group holds more than maxKeysPerTask keys (regions assumed equal). */
  static int slices(long records, int regions, int groups, long maxKeysPerTask) {
    long regionsInLargestGroup = (regions + groups - 1) / groups;
    long keysInLargestGroup = (records * regionsInLargestGroup + regions - 1) / regions;
    return (int) Math.max(1, (keysInLargestGroup + maxKeysPerTask - 1) / maxKeysPerTask);
  }

  @Override
  public List<InputSplit> getSplits(JobContext context) {
    Configuration conf = context.getConfiguration();
    String[] encoded = conf.getStrings(REGION_STARTS, "");
    byte[][] starts = new byte[encoded.length][];
    for (int i = 0; i < encoded.length; i++) {
      starts[i] = Base64.getDecoder().decode(encoded[i].substring(1));
    }
    int groups = conf.getInt(GROUPS, 1);
    int slices = conf.getInt(SLICES, 1);
    long first = conf.getLong(FIRST_RECORD, 0);
    long count = conf.getLong(RECORD_COUNT, 0);
    List<InputSplit> splits = new ArrayList<>(groups * slices);
    for (int g = 0; g < groups; g++) {
      int from = starts.length * g / groups;
      int to = starts.length * (g + 1) / groups;
      byte[][] boundaries = new byte[to - from + 1][];
      System.arraycopy(starts, from, boundaries, 0, to - from);
      boundaries[to - from] = to < starts.length ? starts[to] : new byte[0];
      for (int s = 0; s < slices; s++) {
        long sliceStart = first + count * s / slices;
        long sliceEnd = first + count * (s + 1) / slices;
        splits.add(new RegionGroupSplit(boundaries, new RecordRange(sliceStart, sliceEnd - sliceStart)));
      }
    }
    return splits;
  }

  @Override
  public RecordReader<LongWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    // One record for the whole split: the task's work is the split, done in one map call.
    return new OneRecordReader<>(new LongWritable());
  }

  /** Contiguous regions (their boundaries: each region's start row, then the last one's end) and records. */
  public static final class RegionGroupSplit extends InputSplit implements Writable {
    private byte[][] boundaries;
    private RecordRange records;

    public RegionGroupSplit() {
    }

    RegionGroupSplit(byte[][] boundaries, RecordRange records) {
      this.boundaries = boundaries;
      this.records = records;
    }

    int regionCount() {
      return boundaries.length - 1;
    }

    /** The key range of the region at {@code index} within this group. */
    KeyRange region(KeySpace keySpace, int index) {
      return new KeyRange(keySpace, boundaries[index], boundaries[index + 1]);
    }

    /** The key range of the whole group. */
    KeyRange group(KeySpace keySpace) {
      return new KeyRange(keySpace, boundaries[0], boundaries[boundaries.length - 1]);
    }

    RecordRange records() {
      return records;
    }

    @Override
    public long getLength() {
      return records.count();
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeInt(boundaries.length);
      for (byte[] boundary : boundaries) {
        Bytes.writeByteArray(out, boundary);
      }
      out.writeLong(records.first());
      out.writeLong(records.count());
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      boundaries = new byte[in.readInt()][];
      for (int i = 0; i < boundaries.length; i++) {
        boundaries[i] = Bytes.readByteArray(in);
      }
      records = new RecordRange(in.readLong(), in.readLong());
    }

    @Override
    public String toString() {
      return regionCount() + " regions [" + Bytes.toStringBinary(boundaries[0]) + ", "
          + Bytes.toStringBinary(boundaries[boundaries.length - 1]) + "), records [" + records.first() + ", "
          + records.end() + ")";
    }
  }
}
