package org.hperf.loaders;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableMapper;
import org.apache.hadoop.hbase.mapreduce.TableSplit;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.hperf.core.DatasetSpec;
import org.hperf.core.KeyNumberSet;
import org.hperf.core.KeyRange;
import org.hperf.core.KeySpace;
import org.hperf.core.RecordRange;
import org.hperf.core.RowCodec;

/**
 * Verifies one region's worth of the table (one TableInputFormat split). Before the scan it
 * enumerates every record number of the dataset and keeps the key numbers whose keys fall in this
 * split, so it knows exactly which rows must be there; each scanned row is then checked cell by
 * cell against the row codec and marked seen. What was never seen is missing. Up to
 * {@link #MAX_REPORTED} bad rows per task are written to the job output for the driver to print.
 */
public final class VerifyMapper extends TableMapper<Text, Text> {
  static final int MAX_REPORTED = 10;
  private static final String RANGE_FIRST = "hperf.verify.first";
  private static final String RANGE_COUNT = "hperf.verify.count";

  private KeySpace keySpace;
  private RowCodec codec;
  private byte[] family;
  private KeyNumberSet expected;
  private KeyNumberSet outsideRange;
  private boolean[] fieldSeen;
  private int reported;
  private Counter ok;
  private Counter missing;
  private Counter corrupt;
  private Counter unexpected;
  private Counter outside;

  /** The only writer of the record range a verify job checks. */
  static void setRange(Configuration conf, RecordRange range) {
    conf.setLong(RANGE_FIRST, range.first());
    conf.setLong(RANGE_COUNT, range.count());
  }

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    DatasetSpec dataset = DatasetSpec.readFrom(conf);
    RecordRange range = new RecordRange(conf.getLong(RANGE_FIRST, 0), conf.getLong(RANGE_COUNT, 0));
    keySpace = dataset.keySpace();
    codec = RowCodec.of(dataset);
    family = dataset.familyBytes();
    fieldSeen = new boolean[codec.fieldCount()];
    ok = context.getCounter(VerifyCounters.OK);
    missing = context.getCounter(VerifyCounters.MISSING);
    corrupt = context.getCounter(VerifyCounters.CORRUPT);
    unexpected = context.getCounter(VerifyCounters.UNEXPECTED);
    outside = context.getCounter(VerifyCounters.OUTSIDE_RANGE);
    TableSplit split = (TableSplit) context.getInputSplit();
    KeyRange region = new KeyRange(keySpace, split.getStartRow(), split.getEndRow());
    expected = new KeyNumberSet(1024);
    outsideRange = new KeyNumberSet(16);
    for (long n = 0; n < dataset.recordCount(); n++) {
      long keyNumber = keySpace.keyNumber(n);
      if (region.containsKeyNumber(keyNumber)) {
        (range.contains(n) ? expected : outsideRange).add(keyNumber);
      }
      if ((n & 0xFFFFF) == 0) {
        context.progress();
      }
    }
    context.setStatus("expecting " + expected.size() + " rows in " + split);
  }

  @Override
  protected void map(ImmutableBytesWritable row, Result result, Context context)
      throws IOException, InterruptedException {
    long keyNumber = keySpace.parseKeyNumber(row.get(), row.getOffset(), row.getLength());
    if (keyNumber >= 0 && expected.markSeen(keyNumber)) {
      String problem = problemWith(result, keyNumber);
      if (problem == null) {
        ok.increment(1);
      } else {
        corrupt.increment(1);
        report(context, "CORRUPT", row, problem);
      }
    } else if (keyNumber >= 0 && outsideRange.contains(keyNumber)) {
      outside.increment(1);
    } else {
      unexpected.increment(1);
      report(context, "UNEXPECTED", row, "no record of the dataset has this key");
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    long[] firstMissing = new long[MAX_REPORTED];
    int[] found = {0};
    expected.forEachUnseen(keyNumber -> {
      missing.increment(1);
      if (found[0] < MAX_REPORTED) {
        firstMissing[found[0]++] = keyNumber;
      }
    });
    for (int i = 0; i < found[0]; i++) {
      byte[] key = keySpace.rowKeyOfKeyNumber(firstMissing[i]);
      report(context, "MISSING", new ImmutableBytesWritable(key), "row not found");
    }
  }

  /** Null if the row holds exactly the dataset's fields with intact values, else what is wrong. */
  private String problemWith(Result result, long keyNumber) {
    java.util.Arrays.fill(fieldSeen, false);
    for (Cell cell : result.rawCells()) {
      if (!CellUtil.matchingFamily(cell, family)) {
        return "cell in unexpected family " + Bytes.toStringBinary(CellUtil.cloneFamily(cell));
      }
      int field = codec.fieldOf(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength());
      if (field < 0) {
        return "unexpected column " + Bytes.toStringBinary(CellUtil.cloneQualifier(cell));
      }
      if (fieldSeen[field]) {
        return "field" + field + " appears twice";
      }
      fieldSeen[field] = true;
      if (!codec.isIntact(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength(), keyNumber, field)) {
        return "field" + field + " does not hold the bytes the dataset defines";
      }
    }
    for (int field = 0; field < fieldSeen.length; field++) {
      if (!fieldSeen[field]) {
        return "field" + field + " is missing";
      }
    }
    return null;
  }

  private void report(Context context, String kind, ImmutableBytesWritable row, String problem)
      throws IOException, InterruptedException {
    if (reported < MAX_REPORTED) {
      reported++;
      context.write(new Text(kind), new Text(Bytes.toStringBinary(row.get(), row.getOffset(), row.getLength())
          + ": " + problem));
    }
  }
}
