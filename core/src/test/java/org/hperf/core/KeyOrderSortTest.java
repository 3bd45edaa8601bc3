package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The sort hands keys back exactly in HBase's byte order of the row keys, each once. */
class KeyOrderSortTest {
  @Test
  void hashedKeysComeBackInRowKeyOrder() {
    KeySpace keys = new KeySpace(InsertOrder.HASHED, 1);
    List<Long> numbers = new ArrayList<>();
    for (long n = 0; n < 50_000; n++) {
      numbers.add(keys.keyNumber(n));
    }
    assertSortsLikeRowKeys(keys, numbers);
  }

  @Test
  void numbersOfEveryLengthWithTiesInTheirSortKeysAndDuplicates() {
    KeySpace keys = new KeySpace(InsertOrder.ORDERED, 1);
    List<Long> numbers = new ArrayList<>(List.of(1L, 10L, 100L, 1000L, 0L, 9L, 99L, 10L, 1L, Long.MAX_VALUE));
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 20_000; i++) {
      numbers.add(random.nextLong(0, 1L << random.nextInt(1, 63)));
    }
    numbers.addAll(numbers.subList(0, 500)); // duplicates
    assertSortsLikeRowKeys(keys, numbers);
  }

  @Test
  void zeroPaddedKeys() {
    KeySpace keys = new KeySpace(InsertOrder.ORDERED, 10);
    List<Long> numbers = new ArrayList<>();
    for (long n = 12_345; n >= 0; n -= 7) {
      numbers.add(n);
    }
    numbers.add(123_456_789_012L);
    assertSortsLikeRowKeys(keys, numbers);
  }

  private static void assertSortsLikeRowKeys(KeySpace keys, List<Long> numbers) {
    TreeSet<byte[]> expected = new TreeSet<>(Arrays::compareUnsigned);
    KeyOrderSort sort = new KeyOrderSort(keys);
    for (long number : numbers) {
      expected.add(keys.rowKeyOfKeyNumber(number));
      sort.add(number);
    }
    assertEquals(numbers.size(), sort.added());
    List<String> got = new ArrayList<>();
    sort.inKeyOrder().forEachRemaining((long number) -> got.add(new String(keys.rowKeyOfKeyNumber(number))));
    List<String> want = new ArrayList<>();
    expected.forEach(key -> want.add(new String(key)));
    assertEquals(want, got);
  }
}
