package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Split keys must give every region an equal share of the loader's keys (the issue asks 1%). */
class SplitPlannerTest {

  @Test
  void hashedKeysSplitIntoEqualRegions() throws Exception {
    assertBalanced(new KeySpace(InsertOrder.HASHED, 1), 1_000_000, 250);
    assertBalanced(new KeySpace(InsertOrder.HASHED, 1), 20_000, 16);
  }

  @Test
  void orderedKeysSplitIntoEqualRegionsEvenWhenDecimalOrderIsNotNumericOrder() throws Exception {
    // zeropadding=1: "user10" sorts before "user2", so equal record-number ranges would be unequal.
    assertBalanced(new KeySpace(InsertOrder.ORDERED, 1), 100_000, 16);
    assertBalanced(new KeySpace(InsertOrder.ORDERED, 10), 100_000, 7);
  }

  @Test
  void oneRegionNeedsNoSplitAndTooManyRegionsAreRefused() throws Exception {
    SplitPlanner planner = new SplitPlanner(new KeySpace(InsertOrder.HASHED, 1));
    assertEquals(0, planner.splitKeys(0, 100, 1).length);
    UsageException tooMany = assertThrows(UsageException.class, () -> planner.splitKeys(0, 10, 11));
    assertTrue(tooMany.getMessage().contains("--regions 11"), tooMany.getMessage());
    assertThrows(UsageException.class, () -> planner.splitKeys(0, 10, 0));
  }

  private static void assertBalanced(KeySpace keys, int records, int regions) throws Exception {
    byte[][] splits = new SplitPlanner(keys).splitKeys(0, records, regions);
    assertEquals(regions - 1, splits.length);
    for (int i = 1; i < splits.length; i++) {
      assertTrue(Arrays.compareUnsigned(splits[i - 1], splits[i]) < 0, "split keys ascend");
    }
    int[] perRegion = new int[regions];
    for (long n = 0; n < records; n++) {
      perRegion[regionOf(keys.rowKey(n), splits)]++;
    }
    double share = (double) records / regions;
    for (int count : perRegion) {
      assertTrue(Math.abs(count - share) <= Math.max(1, share * 0.01),
          "region holds " + count + " keys, equal share is " + share + ": " + Arrays.toString(perRegion));
    }
  }

  private static int regionOf(byte[] key, byte[][] splits) {
    int region = 0;
    int lo = 0;
    int hi = splits.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (Arrays.compareUnsigned(key, splits[mid]) >= 0) {
        region = mid + 1;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return region;
  }
}
