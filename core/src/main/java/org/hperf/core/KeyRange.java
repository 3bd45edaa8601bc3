package org.hperf.core;

import java.util.Arrays;

/**
 * A half-open row-key range {@code [startRow, endRow)} as HBase regions and table splits use it,
 * with an empty array meaning unbounded. Tests whether a record's key falls inside without
 * building the key, so a task can walk millions of record numbers cheaply.
 */
public final class KeyRange {
  private final KeySpace keySpace;
  private final Bound start;
  private final Bound end;

  public KeyRange(KeySpace keySpace, byte[] startRow, byte[] endRow) {
    this.keySpace = keySpace;
    this.start = startRow.length == 0 ? null : new Bound(startRow);
    this.end = endRow.length == 0 ? null : new Bound(endRow);
  }

  /** True if the row key of this key number lies in {@code [startRow, endRow)}. */
  public boolean containsKeyNumber(long keyNumber) {
    int digits = keySpace.digitCount(keyNumber);
    long padded = KeySpace.paddedDigits(keyNumber, digits);
    return (start == null || start.compareKeyTo(keyNumber, padded, digits) >= 0)
        && (end == null || end.compareKeyTo(keyNumber, padded, digits) < 0);
  }

  /** A range boundary, compared by sort key when it has the key shape, by bytes otherwise. */
  private final class Bound {
    private final byte[] row;
    private final long[] sortKey;

    Bound(byte[] row) {
      this.row = row;
      this.sortKey = KeySpace.sortKeyOf(row);
    }

    int compareKeyTo(long keyNumber, long padded, int digits) {
      if (sortKey != null) {
        return KeySpace.compareSortKeys(padded, digits, sortKey[0], (int) sortKey[1]);
      }
      return Arrays.compareUnsigned(keySpace.rowKeyOfKeyNumber(keyNumber), row);
    }
  }
}
