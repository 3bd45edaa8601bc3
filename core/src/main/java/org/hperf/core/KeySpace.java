package org.hperf.core;

import java.nio.charset.StandardCharsets;

/**
 * The one place that knows which row key belongs to which record number, exactly as YCSB's
 * {@code CoreWorkload.buildKeyName} builds it: {@code "user"} followed by the key number in decimal,
 * left-padded with zeros to {@code zeropadding} digits, where the key number is the record number
 * itself ({@code insertorder=ordered}) or its FNV-64 hash ({@code insertorder=hashed}).
 *
 * <p>Keys sort as byte strings in HBase. Because every key is the prefix followed by at most 19
 * decimal digits, the byte order of two keys equals the order of their <em>sort keys</em>: the
 * digits right-padded with zeros to 19 places read as an unsigned 64-bit number, ties broken by the
 * digit count (the shorter string is a prefix of the longer and sorts first). That lets the split
 * planner and the verifier order billions of keys without building strings.
 */
public final class KeySpace {
  public static final String KEY_PREFIX = "user";
  static final byte[] PREFIX_BYTES = KEY_PREFIX.getBytes(StandardCharsets.US_ASCII);
  /** A long has at most 19 decimal digits; wider padding would not fit a sort key. */
  public static final int MAX_DIGITS = 19;

  private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
  private static final long FNV_PRIME_64 = 1099511628211L;
  private static final long[] POW10 = new long[MAX_DIGITS + 1];

  static {
    POW10[0] = 1;
    for (int i = 1; i <= MAX_DIGITS; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private final InsertOrder insertOrder;
  private final int zeroPadding;

  public KeySpace(InsertOrder insertOrder, int zeroPadding) {
    if (zeroPadding < 1 || zeroPadding > MAX_DIGITS) {
      throw new IllegalArgumentException("zeropadding must be 1.." + MAX_DIGITS + ": " + zeroPadding);
    }
    this.insertOrder = insertOrder;
    this.zeroPadding = zeroPadding;
  }

  /** YCSB's {@code Utils.fnvhash64}, bit for bit, including its Math.abs. */
  public static long fnvhash64(long value) {
    long hash = FNV_OFFSET_BASIS_64;
    long rest = value;
    for (int i = 0; i < 8; i++) {
      long octet = rest & 0xff;
      rest = rest >> 8;
      hash = hash ^ octet;
      hash = hash * FNV_PRIME_64;
    }
    // Math.abs(Long.MIN_VALUE) stays negative; no record number below 2^40 hashes there.
    return Math.abs(hash);
  }

  /** The number written after the prefix for this record number. */
  public long keyNumber(long recordNumber) {
    return insertOrder == InsertOrder.HASHED ? fnvhash64(recordNumber) : recordNumber;
  }

  /** How many digits the key of this key number has, padding included. */
  public int digitCount(long keyNumber) {
    return Math.max(zeroPadding, decimalDigits(keyNumber));
  }

  /** The upper 64 bits of the sort key: the digits right-padded to 19 places, unsigned. */
  public static long paddedDigits(long keyNumber, int digitCount) {
    return keyNumber * POW10[MAX_DIGITS - digitCount];
  }

  /** Compares two keys given as (padded digits, digit count) in HBase's byte order. */
  public static int compareSortKeys(long paddedA, int digitsA, long paddedB, int digitsB) {
    int byDigits = Long.compareUnsigned(paddedA, paddedB);
    return byDigits != 0 ? byDigits : Integer.compare(digitsA, digitsB);
  }

  /** The row key of a record number. */
  public byte[] rowKey(long recordNumber) {
    return rowKeyOfKeyNumber(keyNumber(recordNumber));
  }

  /** The row key for a key number (the hashed or plain number that follows the prefix). */
  public byte[] rowKeyOfKeyNumber(long keyNumber) {
    int digits = digitCount(keyNumber);
    byte[] key = new byte[PREFIX_BYTES.length + digits];
    System.arraycopy(PREFIX_BYTES, 0, key, 0, PREFIX_BYTES.length);
    long rest = keyNumber;
    for (int i = key.length - 1; i >= PREFIX_BYTES.length; i--) {
      key[i] = (byte) ('0' + rest % 10);
      rest /= 10;
    }
    return key;
  }

  /** Rebuilds a row key from its sort key. */
  public static byte[] rowKeyOfSortKey(long paddedDigits, int digitCount) {
    String all = Long.toUnsignedString(paddedDigits);
    String padded = "0".repeat(MAX_DIGITS - all.length()) + all;
    return (KEY_PREFIX + padded.substring(0, digitCount)).getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * The key number a row key encodes, or -1 if the row key is not one this key space would build
   * (wrong prefix, a non-digit, too many digits, or padding other than {@code zeropadding}).
   */
  public long parseKeyNumber(byte[] row, int offset, int length) {
    int digits = length - PREFIX_BYTES.length;
    if (digits < 1 || digits > MAX_DIGITS) {
      return -1;
    }
    for (int i = 0; i < PREFIX_BYTES.length; i++) {
      if (row[offset + i] != PREFIX_BYTES[i]) {
        return -1;
      }
    }
    long value = 0;
    for (int i = offset + PREFIX_BYTES.length; i < offset + length; i++) {
      int digit = row[i] - '0';
      if (digit < 0 || digit > 9) {
        return -1;
      }
      if (value > (Long.MAX_VALUE - digit) / 10) {
        return -1;
      }
      value = value * 10 + digit;
    }
    return digitCount(value) == digits ? value : -1;
  }

  public long parseKeyNumber(byte[] row) {
    return parseKeyNumber(row, 0, row.length);
  }

  /**
   * The sort key of an arbitrary row key if it is the prefix plus 1..19 digits (any padding), so
   * it can be compared with {@link #compareSortKeys}; null for any other bytes.
   */
  public static long[] sortKeyOf(byte[] row) {
    int digits = row.length - PREFIX_BYTES.length;
    if (digits < 1 || digits > MAX_DIGITS) {
      return null;
    }
    for (int i = 0; i < PREFIX_BYTES.length; i++) {
      if (row[i] != PREFIX_BYTES[i]) {
        return null;
      }
    }
    long value = 0;
    for (int i = PREFIX_BYTES.length; i < row.length; i++) {
      int digit = row[i] - '0';
      if (digit < 0 || digit > 9) {
        return null;
      }
      value = value * 10 + digit; // at most 19 digits: fits unsigned
    }
    return new long[] {value * POW10[MAX_DIGITS - digits], digits};
  }

  static int decimalDigits(long value) {
    int digits = 1;
    while (digits < MAX_DIGITS && value >= POW10[digits]) {
      digits++;
    }
    return digits;
  }

  public InsertOrder insertOrder() {
    return insertOrder;
  }

  public int zeroPadding() {
    return zeroPadding;
  }
}
