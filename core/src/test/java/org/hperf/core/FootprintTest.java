package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The preflight's arithmetic, each figure worked out by hand in the test. */
class FootprintTest {
  @Test
  void theSeedsLoadNeedsItsHFilesTimesThreeReplicasTwiceForTheCompactionPlusTenPercent() {
    Footprint seed = new Footprint(1_000_000_000L, 1_580, 3, "the major compaction");
    assertEquals(1_580_000_000_000L, seed.dataBytes(), "10^9 records x 1,580 bytes");
    assertEquals(4_740_000_000_000L, seed.replicatedBytes(), "x 3 replicas");
    assertEquals(4_740_000_000_000L, seed.secondCopyBytes(), "the compaction's rewrite: the table again");
    assertEquals(10_428_000_000_000L, seed.requiredBytes(), "(4.74 + 4.74) TB + 10%");
    assertEquals("1.58 TB of HFiles x 3 replicas x 2 for the major compaction, + 10%", seed.describe());
  }

  @Test
  void withoutASecondCopyTheNeedIsTheReplicasPlusTheMarginRoundedDown() {
    Footprint single = new Footprint(1, 1_234, 1, null);
    assertEquals(0, single.secondCopyBytes());
    assertEquals(1_234 + 123, single.requiredBytes(), "10% of 1,234 is 123.4, rounded down");
    assertEquals("1.23 KB of HFiles x 1 replica, + 10%", single.describe());
    assertEquals(2 * 7_000 * 11 / 10, new Footprint(7, 1_000, 2, null).requiredBytes());
  }

  @Test
  void theShortfallIsWhatTheFreeSpaceLacksAndZeroWhenItFits() {
    Footprint load = new Footprint(1_000, 1_580, 3, "the major compaction");
    long required = 10_428_000; // 1,000 x 1,580 x 3 x 2 x 1.1
    assertEquals(required, load.requiredBytes());
    assertEquals(0, load.shortfallBytes(required), "exactly enough");
    assertEquals(1, load.shortfallBytes(required - 1));
    assertEquals(required - 5_000_000, load.shortfallBytes(5_000_000));
    assertEquals(required, load.shortfallBytes(-1), "a negative report counts as nothing free");
  }

  @Test
  void figuresBeyondALongSaturateInsteadOfWrappingToSmallOnes() {
    Footprint huge = new Footprint(Long.MAX_VALUE / 2, 1_580, 3, "the major compaction");
    assertEquals(Long.MAX_VALUE, huge.dataBytes());
    assertEquals(Long.MAX_VALUE, huge.requiredBytes());
    assertEquals(Long.MAX_VALUE, huge.shortfallBytes(0));
    assertEquals(Long.MAX_VALUE - 1_000, huge.shortfallBytes(1_000), "still refused, by a vast amount");
  }

  @Test
  void bytesAreShownInDecimalUnitsWithThreeSignificantDigits() {
    assertEquals("0 B", Footprint.decimal(0));
    assertEquals("999 B", Footprint.decimal(999));
    assertEquals("1.00 KB", Footprint.decimal(1_000));
    assertEquals("1.00 MB", Footprint.decimal(999_999), "rounds up into the next unit, not '1000 KB'");
    assertEquals("10.4 TB", Footprint.decimal(10_428_000_000_000L));
    assertEquals("158 MB", Footprint.decimal(158_000_000));
    assertEquals("9.22 EB", Footprint.decimal(Long.MAX_VALUE));
  }
}
