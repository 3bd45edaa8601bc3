package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;

/** Synthetic splits cover the range exactly, contiguously, in the number of splits asked for. */
class KeyRangeInputFormatTest {
  @Test
  void splitsCoverTheRangeExactly() throws Exception {
    Configuration conf = new Configuration(false);
    KeyRangeInputFormat.setRange(conf, 1000, 10_001, 7);
    List<InputSplit> splits = new KeyRangeInputFormat().getSplits(Job.getInstance(conf));
    assertEquals(7, splits.size());
    long next = 1000;
    for (InputSplit split : splits) {
      KeyRangeInputFormat.KeyRangeSplit range = (KeyRangeInputFormat.KeyRangeSplit) split;
      assertEquals(next, range.firstRecord());
      next += range.recordCount();
    }
    assertEquals(11_001, next);
  }

  @Test
  void neverMoreSplitsThanRecords() throws Exception {
    Configuration conf = new Configuration(false);
    KeyRangeInputFormat.setRange(conf, 0, 2, 16);
    assertEquals(2, new KeyRangeInputFormat().getSplits(Job.getInstance(conf)).size());
  }
}
