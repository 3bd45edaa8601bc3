package org.hperf.core;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Computes region split keys that give every region an equal share (to one key) of the keys the
 * loader will write, for hashed and ordered keys alike.
 *
 * <p>Sampling cannot promise 1% per region (a 1,000,000-row sample has a 1.6% standard error per
 * region at 250 regions), so this is an exact selection in two passes over the record numbers:
 * pass one counts keys into 2^20 buckets by the top bits of their sort key, pass two keeps only the
 * keys of the buckets that hold a split rank and sorts those. Memory stays at a few MB plus the
 * kept keys; time is two hash evaluations per record (about 10 s per pass at 10^9 records).
 */
public final class SplitPlanner {
  /** Sort keys are below 10^19 &lt; 2^64, so shifting by 44 leaves fewer than 2^20 buckets. */
  private static final int BUCKET_SHIFT = 44;
  private static final int BUCKETS = 1 << 20;

  private final KeySpace keySpace;

  public SplitPlanner(KeySpace keySpace) {
    this.keySpace = keySpace;
  }

  /**
   * Split keys for {@code regions} regions over the keys of record numbers
   * {@code [firstRecord, firstRecord + recordCount)}: region i holds the keys of sorted rank
   * {@code [i*count/regions, (i+1)*count/regions)}. Returns {@code regions - 1} keys.
   */
  public byte[][] splitKeys(long firstRecord, long recordCount, int regions) throws UsageException {
    if (regions < 1) {
      throw new UsageException("--regions must be at least 1, got " + regions);
    }
    if (regions > recordCount) {
      throw new UsageException("--regions " + regions + " is more than the " + recordCount
          + " records of the dataset: use at most one region per record");
    }
    long[] ranks = new long[regions - 1];
    for (int i = 1; i < regions; i++) {
      ranks[i - 1] = BigInteger.valueOf(i).multiply(BigInteger.valueOf(recordCount))
          .divide(BigInteger.valueOf(regions)).longValueExact();
    }
    int[] counts = countPerBucket(firstRecord, recordCount);
    long[] bucketStart = new long[BUCKETS + 1];
    for (int b = 0; b < BUCKETS; b++) {
      bucketStart[b + 1] = bucketStart[b] + counts[b];
    }
    int[] bucketOfRank = new int[ranks.length];
    boolean[] wanted = new boolean[BUCKETS];
    int bucket = 0;
    for (int i = 0; i < ranks.length; i++) {
      while (bucketStart[bucket + 1] <= ranks[i]) {
        bucket++;
      }
      bucketOfRank[i] = bucket;
      wanted[bucket] = true;
    }
    SortKeyList[] kept = collect(firstRecord, recordCount, wanted, counts);
    byte[][] splits = new byte[ranks.length][];
    for (int i = 0; i < ranks.length; i++) {
      SortKeyList keys = kept[bucketOfRank[i]];
      keys.sort();
      int within = (int) (ranks[i] - bucketStart[bucketOfRank[i]]);
      splits[i] = KeySpace.rowKeyOfSortKey(keys.padded[within], keys.digits[within]);
      if (i > 0 && Arrays.equals(splits[i], splits[i - 1])) {
        throw new UsageException("--regions " + regions + " is too many: the dataset has too few"
            + " distinct keys to give every region one; use fewer regions");
      }
    }
    return splits;
  }

  private int[] countPerBucket(long firstRecord, long recordCount) {
    int[] counts = new int[BUCKETS];
    for (long n = firstRecord; n < firstRecord + recordCount; n++) {
      long keyNumber = keySpace.keyNumber(n);
      long padded = KeySpace.paddedDigits(keyNumber, keySpace.digitCount(keyNumber));
      counts[(int) (padded >>> BUCKET_SHIFT)]++;
    }
    return counts;
  }

  private SortKeyList[] collect(long firstRecord, long recordCount, boolean[] wanted, int[] counts) {
    SortKeyList[] kept = new SortKeyList[BUCKETS];
    for (int b = 0; b < BUCKETS; b++) {
      if (wanted[b]) {
        kept[b] = new SortKeyList(counts[b]);
      }
    }
    for (long n = firstRecord; n < firstRecord + recordCount; n++) {
      long keyNumber = keySpace.keyNumber(n);
      int digits = keySpace.digitCount(keyNumber);
      long padded = KeySpace.paddedDigits(keyNumber, digits);
      SortKeyList list = kept[(int) (padded >>> BUCKET_SHIFT)];
      if (list != null) {
        list.add(padded, digits);
      }
    }
    return kept;
  }

  /** The sort keys of one bucket, as parallel primitive arrays. */
  private static final class SortKeyList {
    final long[] padded;
    final int[] digits;
    int size;
    boolean sorted;

    SortKeyList(int capacity) {
      padded = new long[capacity];
      digits = new int[capacity];
    }

    void add(long paddedDigits, int digitCount) {
      padded[size] = paddedDigits;
      digits[size] = digitCount;
      size++;
    }

    void sort() {
      if (sorted) {
        return;
      }
      List<Integer> order = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        order.add(i);
      }
      order.sort((a, b) -> KeySpace.compareSortKeys(padded[a], digits[a], padded[b], digits[b]));
      long[] p = new long[size];
      int[] d = new int[size];
      for (int i = 0; i < size; i++) {
        p[i] = padded[order.get(i)];
        d[i] = digits[order.get(i)];
      }
      System.arraycopy(p, 0, padded, 0, size);
      System.arraycopy(d, 0, digits, 0, size);
      sorted = true;
    }
  }
}
