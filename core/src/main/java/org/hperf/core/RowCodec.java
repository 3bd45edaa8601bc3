package org.hperf.core;

import java.nio.charset.StandardCharsets;

/**
 * Which bytes each row holds. A row has {@code fieldcount} columns {@code field0..field<n-1>} in one
 * family (YCSB's layout); every value is a pure function of (seed, key number, field, version), so
 * the verifier can check any cell it reads without a log of what was written.
 *
 * <p>Value layout, {@code fieldlength} bytes:
 * <pre>
 *   bytes 0..7   version, big-endian signed long (0 = written by load; workloads write others)
 *   bytes 8..n-1 payload: printable ASCII 0x20..0x5F from SplitMix64 seeded by
 *                mix(seed, key number, field, version), 8 bytes per 64-bit draw, low byte first
 * </pre>
 */
public final class RowCodec {
  public static final int VERSION_BYTES = 8;
  /** The version written by the load job. */
  public static final long LOADED_VERSION = 0;

  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private final long seed;
  private final int fieldLengthBytes;
  private final byte[][] qualifiers;

  public RowCodec(long seed, int fieldCount, int fieldLengthBytes) {
    if (fieldLengthBytes < VERSION_BYTES) {
      throw new IllegalArgumentException("fieldlength must be at least " + VERSION_BYTES);
    }
    this.seed = seed;
    this.fieldLengthBytes = fieldLengthBytes;
    this.qualifiers = new byte[fieldCount][];
    for (int i = 0; i < fieldCount; i++) {
      qualifiers[i] = ("field" + i).getBytes(StandardCharsets.US_ASCII);
    }
  }

  public static RowCodec of(DatasetSpec dataset) {
    return new RowCodec(dataset.seed(), dataset.fieldCount(), dataset.fieldLengthBytes());
  }

  public int fieldCount() {
    return qualifiers.length;
  }

  public int fieldLengthBytes() {
    return fieldLengthBytes;
  }

  /** The column qualifier of a field; shared, do not modify. */
  public byte[] qualifier(int field) {
    return qualifiers[field];
  }

  /** Field indexes sorted by their qualifier bytes, the order cells take in an HFile. */
  public int[] fieldsInQualifierOrder() {
    return java.util.stream.IntStream.range(0, qualifiers.length).boxed()
        .sorted((a, b) -> java.util.Arrays.compareUnsigned(qualifiers[a], qualifiers[b]))
        .mapToInt(Integer::intValue).toArray();
  }

  /** The field index of a qualifier, or -1 if it is not one of this dataset's fields. */
  public int fieldOf(byte[] array, int offset, int length) {
    int prefix = 5; // "field"
    if (length <= prefix || length > prefix + 10) {
      return -1;
    }
    int field = 0;
    for (int i = offset + prefix; i < offset + length; i++) {
      int digit = array[i] - '0';
      if (digit < 0 || digit > 9) {
        return -1;
      }
      field = field * 10 + digit;
    }
    if (field >= qualifiers.length
        || !java.util.Arrays.equals(array, offset, offset + length, qualifiers[field], 0, qualifiers[field].length)) {
      return -1;
    }
    return field;
  }

  /** A new value array for (key number, field, version). */
  public byte[] value(long keyNumber, int field, long version) {
    byte[] value = new byte[fieldLengthBytes];
    writeValue(value, 0, keyNumber, field, version);
    return value;
  }

  /** Writes the value for (key number, field, version) into {@code dest} at {@code offset}. */
  public void writeValue(byte[] dest, int offset, long keyNumber, int field, long version) {
    for (int i = 0; i < VERSION_BYTES; i++) {
      dest[offset + i] = (byte) (version >>> (56 - 8 * i));
    }
    long state = streamSeed(keyNumber, field, version);
    int pos = offset + VERSION_BYTES;
    int end = offset + fieldLengthBytes;
    while (pos < end) {
      state += GOLDEN_GAMMA;
      long draw = mix64(state);
      for (int b = 0; b < 8 && pos < end; b++, pos++) {
        dest[pos] = (byte) (' ' + (draw & 0x3F));
        draw >>>= 8;
      }
    }
  }

  /** The version stored in a value's header. */
  public static long versionOf(byte[] array, int offset) {
    long version = 0;
    for (int i = 0; i < VERSION_BYTES; i++) {
      version = (version << 8) | (array[offset + i] & 0xFF);
    }
    return version;
  }

  /**
   * True if the value is exactly what this dataset writes for (key number, field) at the version
   * the value itself records. Allocation-free: it regenerates the payload draw by draw.
   */
  public boolean isIntact(byte[] array, int offset, int length, long keyNumber, int field) {
    if (length != fieldLengthBytes) {
      return false;
    }
    long version = versionOf(array, offset);
    long state = streamSeed(keyNumber, field, version);
    int pos = offset + VERSION_BYTES;
    int end = offset + length;
    while (pos < end) {
      state += GOLDEN_GAMMA;
      long draw = mix64(state);
      for (int b = 0; b < 8 && pos < end; b++, pos++) {
        if (array[pos] != (byte) (' ' + (draw & 0x3F))) {
          return false;
        }
        draw >>>= 8;
      }
    }
    return true;
  }

  private long streamSeed(long keyNumber, int field, long version) {
    long h = mix64(seed ^ GOLDEN_GAMMA);
    h = mix64(h ^ keyNumber);
    h = mix64(h ^ ((long) field << 32) ^ field);
    return mix64(h ^ version);
  }

  /** SplitMix64's finalizer (Stafford variant 13). */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
