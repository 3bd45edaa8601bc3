package org.hperf.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.hperf.core.InsertOrder;
import org.hperf.core.KeySpace;
import org.hperf.core.RecordRange;
import org.junit.jupiter.api.Test;

/** Bulk mode's tasks: every region in exactly one group, every record in exactly one slice. */
class RegionGroupInputFormatTest {
  private static final KeySpace KEYS = new KeySpace(InsertOrder.HASHED, 1);

  private static byte[][] starts(int regions) {
    byte[][] starts = new byte[regions][];
    starts[0] = new byte[0];
    for (int i = 1; i < regions; i++) {
      starts[i] = Bytes.toBytes("user" + (i * 9 / regions + 1));
    }
    return starts;
  }

  @Test
  void groupsCoverTheRegionsContiguouslyOneSliceWhenSmall() throws Exception {
    Configuration conf = new Configuration(false);
    assertEquals(5, RegionGroupInputFormat.configure(conf, starts(16), 5, new RecordRange(100, 1_000_000)));
    List<InputSplit> splits = new RegionGroupInputFormat().getSplits(Job.getInstance(conf));
    assertEquals(5, splits.size());
    int regions = 0;
    for (InputSplit split : splits) {
      RegionGroupInputFormat.RegionGroupSplit group = (RegionGroupInputFormat.RegionGroupSplit) split;
      assertEquals(new RecordRange(100, 1_000_000), group.records());
      regions += group.regionCount();
    }
    assertEquals(16, regions);
    long inSomeRegion = 0;
    for (long n = 0; n < 10_000; n++) {
      long keyNumber = KEYS.keyNumber(n);
      int groups = 0;
      for (InputSplit split : splits) {
        RegionGroupInputFormat.RegionGroupSplit group = (RegionGroupInputFormat.RegionGroupSplit) split;
        if (group.group(KEYS).containsKeyNumber(keyNumber)) {
          groups++;
          int regionsHolding = 0;
          for (int r = 0; r < group.regionCount(); r++) {
            regionsHolding += group.region(KEYS, r).containsKeyNumber(keyNumber) ? 1 : 0;
          }
          assertEquals(1, regionsHolding);
        }
      }
      assertEquals(1, groups, "record " + n);
      inSomeRegion++;
    }
    assertEquals(10_000, inSomeRegion);
  }

  @Test
  void groupsNeverOutnumberRegions() throws Exception {
    Configuration conf = new Configuration(false);
    assertEquals(16, RegionGroupInputFormat.configure(conf, starts(16), 100, new RecordRange(0, 1_000)));
  }

  @Test
  void largeGroupsAreSlicedSoATaskSortsBoundedKeys() throws Exception {
    long max = RegionGroupInputFormat.MAX_KEYS_PER_TASK;
    assertEquals(1, RegionGroupInputFormat.slices(250 * max, 250, 250, max), "the seed's shape at most 8M keys a region");
    assertEquals(8, RegionGroupInputFormat.slices(1_000_000_000L, 16, 16, max), "10^9 rows in 16 regions");
    Configuration conf = new Configuration(false);
    assertEquals(32, RegionGroupInputFormat.configure(conf, starts(4), 4, new RecordRange(0, 8 * 4 * max)));
    assertEquals(8, RegionGroupInputFormat.hfilesPerRegion(conf));
    List<InputSplit> splits = new RegionGroupInputFormat().getSplits(Job.getInstance(conf));
    long next = 0;
    for (InputSplit split : splits.subList(0, 8)) {
      RecordRange slice = ((RegionGroupInputFormat.RegionGroupSplit) split).records();
      assertEquals(next, slice.first());
      next = slice.end();
    }
    assertEquals(8 * 4 * max, next);
  }
}
