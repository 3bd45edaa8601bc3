package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Properties;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/** hperf's keys must be YCSB's keys, byte for byte: checked against YCSB's own code. */
class KeySpaceTest {

  /** Exposes YCSB's protected key builder. */
  static final class YcsbKeys extends CoreWorkload {
    static {
      // CoreWorkload's constructor asks YCSB's global measurement registry for itself.
      Measurements.setProperties(new Properties());
    }

    YcsbKeys(String insertOrder, int zeroPadding) throws Exception {
      Properties p = new Properties();
      p.setProperty("insertorder", insertOrder);
      p.setProperty("zeropadding", Integer.toString(zeroPadding));
      p.setProperty("recordcount", "1000");
      init(p);
    }

    String key(long recordNumber) {
      return buildKeyName(recordNumber);
    }
  }

  @Test
  void fnvHashIsYcsbs() {
    SplittableRandom random = new SplittableRandom(7);
    long[] edges = {0, 1, -1, 255, 256, Long.MAX_VALUE, Long.MIN_VALUE, 999_999_999L};
    for (long value : edges) {
      assertEquals(Utils.fnvhash64(value), KeySpace.fnvhash64(value), "value " + value);
    }
    for (int i = 0; i < 100_000; i++) {
      long value = random.nextLong();
      assertEquals(Utils.fnvhash64(value), KeySpace.fnvhash64(value), "value " + value);
    }
  }

  @Test
  void rowKeysAreYcsbsForEveryOrderAndPadding() throws Exception {
    for (String order : new String[] {"hashed", "ordered"}) {
      for (int padding : new int[] {1, 5, 12, 19}) {
        YcsbKeys ycsb = new YcsbKeys(order, padding);
        KeySpace keys = new KeySpace(InsertOrder.fromProperty(order), padding);
        for (long n = 0; n < 20_000; n++) {
          assertEquals(ycsb.key(n), new String(keys.rowKey(n), StandardCharsets.US_ASCII),
              order + " padding " + padding + " record " + n);
        }
        long big = 999_999_999_999L;
        assertEquals(ycsb.key(big), new String(keys.rowKey(big), StandardCharsets.US_ASCII));
      }
    }
  }

  @Test
  void keyNumbersParseBackOnlyFromKeysThisKeySpaceBuilds() {
    KeySpace keys = new KeySpace(InsertOrder.HASHED, 1);
    for (long n = 0; n < 1000; n++) {
      assertEquals(keys.keyNumber(n), keys.parseKeyNumber(keys.rowKey(n)));
    }
    KeySpace padded = new KeySpace(InsertOrder.ORDERED, 6);
    assertEquals(42, padded.parseKeyNumber(bytes("user000042")));
    assertEquals(-1, padded.parseKeyNumber(bytes("user42")), "padding other than zeropadding");
    assertEquals(-1, keys.parseKeyNumber(bytes("user042")), "leading zero with zeropadding=1");
    assertEquals(-1, keys.parseKeyNumber(bytes("usr42")));
    assertEquals(-1, keys.parseKeyNumber(bytes("user4x2")));
    assertEquals(-1, keys.parseKeyNumber(bytes("user")));
    assertEquals(-1, keys.parseKeyNumber(bytes("user99999999999999999999")), "20 digits");
    assertEquals(-1, keys.parseKeyNumber(bytes("user9999999999999999999")), "above Long.MAX_VALUE");
  }

  @Test
  void sortKeysOrderKeysAsHBaseOrdersTheirBytes() {
    SplittableRandom random = new SplittableRandom(11);
    String[] tricky = {"user1", "user10", "user100", "user12", "user120", "user2", "user0", "user00",
        "user9999999999999999999", "user1000000000000000000"};
    for (String a : tricky) {
      for (String b : tricky) {
        assertSameOrder(bytes(a), bytes(b));
      }
    }
    KeySpace keys = new KeySpace(InsertOrder.HASHED, 1);
    KeySpace ordered = new KeySpace(InsertOrder.ORDERED, 1);
    for (int i = 0; i < 100_000; i++) {
      KeySpace space = i % 2 == 0 ? keys : ordered;
      long n = random.nextLong(1_000_000_000L);
      long m = i % 4 < 2 ? random.nextLong(1_000_000_000L) : n * 10 + random.nextInt(10);
      assertSameOrder(space.rowKey(n), space.rowKey(m));
    }
  }

  @Test
  void rowKeysRebuildFromTheirSortKeys() {
    KeySpace keys = new KeySpace(InsertOrder.HASHED, 1);
    for (long n = 0; n < 1000; n++) {
      byte[] key = keys.rowKey(n);
      long[] sortKey = KeySpace.sortKeyOf(key);
      assertArrayEquals(key, KeySpace.rowKeyOfSortKey(sortKey[0], (int) sortKey[1]));
    }
  }

  private static void assertSameOrder(byte[] a, byte[] b) {
    long[] sa = KeySpace.sortKeyOf(a);
    long[] sb = KeySpace.sortKeyOf(b);
    int bySortKey = Integer.signum(KeySpace.compareSortKeys(sa[0], (int) sa[1], sb[0], (int) sb[1]));
    int byBytes = Integer.signum(Arrays.compareUnsigned(a, b));
    assertEquals(byBytes, bySortKey, new String(a) + " vs " + new String(b));
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void keyRangeMembershipMatchesByteComparisonForAnyBoundary() {
    KeySpace keys = new KeySpace(InsertOrder.HASHED, 1);
    byte[][] bounds = {new byte[0], bytes("user3"), bytes("user35"), bytes("user5000000000000000000"),
        bytes("usea"), bytes("userz"), bytes("user3x"), keys.rowKey(77)};
    for (byte[] start : bounds) {
      for (byte[] end : bounds) {
        KeyRange range = new KeyRange(keys, start, end);
        for (long n = 0; n < 2000; n++) {
          byte[] key = keys.rowKey(n);
          boolean inside = (start.length == 0 || Arrays.compareUnsigned(key, start) >= 0)
              && (end.length == 0 || Arrays.compareUnsigned(key, end) < 0);
          assertEquals(inside, range.containsKeyNumber(keys.keyNumber(n)),
              new String(key) + " in [" + new String(start) + ", " + new String(end) + ")");
        }
      }
    }
    assertTrue(new KeyRange(keys, new byte[0], new byte[0]).containsKeyNumber(keys.keyNumber(5)));
  }

  @Test
  void decimalDigitsAtEveryPowerOfTenAndBetween() {
    SplittableRandom random = new SplittableRandom(11);
    for (long power = 1, exponent = 0; exponent < 19; exponent++, power *= 10) {
      for (long value : new long[] {power - 1, power, power + 1, power * 2 - 1}) {
        if (value >= 0) {
          assertEquals(Long.toString(value).length(), KeySpace.decimalDigits(value), "digits of " + value);
        }
      }
    }
    assertEquals(19, KeySpace.decimalDigits(Long.MAX_VALUE));
    for (int i = 0; i < 100_000; i++) {
      long value = random.nextLong(0, Long.MAX_VALUE) >>> random.nextInt(63);
      assertEquals(Long.toString(value).length(), KeySpace.decimalDigits(value), "digits of " + value);
    }
  }
}
