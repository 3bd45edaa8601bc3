package org.hperf.core;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

/**
 * Key numbers collected in any order and handed back in their row keys' byte order (HBase's),
 * each distinct key once, without building a key: 8 bytes a key in memory, sorted as longs.
 *
 * <p>Keys with the same digit count sort as their key numbers do, so each digit count gets its own
 * array, sorted numerically; the arrays (at most {@value KeySpace#MAX_DIGITS}, a few in practice)
 * are then merged by sort key. Two record numbers whose hashes collide give one key, as they give
 * one row in HBase.
 */
public final class KeyOrderSort {
  private final KeySpace keySpace;
  private final long[][] byDigits = new long[KeySpace.MAX_DIGITS + 1][];
  private final int[] sizes = new int[KeySpace.MAX_DIGITS + 1];
  private long added;

  public KeyOrderSort(KeySpace keySpace) {
    this.keySpace = keySpace;
  }

  public void add(long keyNumber) {
    int digits = keySpace.digitCount(keyNumber);
    long[] bucket = byDigits[digits];
    int size = sizes[digits];
    if (bucket == null || size == bucket.length) {
      if (size == Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("more than " + size + " keys of " + digits + " digits in one task");
      }
      long grown = bucket == null ? 1024 : Math.min(Integer.MAX_VALUE - 8, bucket.length + (bucket.length >> 1));
      bucket = bucket == null ? new long[(int) grown] : Arrays.copyOf(bucket, (int) grown);
      byDigits[digits] = bucket;
    }
    bucket[size] = keyNumber;
    sizes[digits] = size + 1;
    added++;
  }

  /** Key numbers added so far, duplicates included. */
  public long added() {
    return added;
  }

  /**
   * Sorts, then walks each distinct key number in row-key order. Call once, after the last
   * {@link #add}.
   */
  public PrimitiveIterator.OfLong inKeyOrder() {
    int[] digits = new int[byDigits.length];
    int count = 0;
    for (int d = 0; d < byDigits.length; d++) {
      if (sizes[d] > 0) {
        Arrays.sort(byDigits[d], 0, sizes[d]);
        digits[count++] = d;
      }
    }
    return new Merge(Arrays.copyOf(digits, count));
  }

  /** Merges the sorted arrays of each digit count by sort key, skipping repeats. */
  private final class Merge implements PrimitiveIterator.OfLong {
    private final int[] digits;
    private final int[] next = new int[byDigits.length];

    Merge(int[] digits) {
      this.digits = digits;
    }

    @Override
    public boolean hasNext() {
      for (int d : digits) {
        if (next[d] < sizes[d]) {
          return true;
        }
      }
      return false;
    }

    @Override
    public long nextLong() {
      int best = -1;
      long bestPadded = 0;
      for (int d : digits) {
        if (next[d] < sizes[d]) {
          long padded = KeySpace.paddedDigits(byDigits[d][next[d]], d);
          if (best < 0 || KeySpace.compareSortKeys(padded, d, bestPadded, best) < 0) {
            best = d;
            bestPadded = padded;
          }
        }
      }
      if (best < 0) {
        throw new NoSuchElementException();
      }
      long keyNumber = byDigits[best][next[best]++];
      while (next[best] < sizes[best] && byDigits[best][next[best]] == keyNumber) {
        next[best]++; // a hash collision: the same key again
      }
      return keyNumber;
    }
  }
}
