package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Values are a pure function of (seed, key, field, version) and checkable from their own bytes. */
class RowCodecTest {
  /**
   * The payload (bytes 8..99) of seed 1, key 42, field 3 at version 123456789 and at the loaded
   * version 0, fieldlength 100: computed outside hperf, by a Python script written from the layout
   * in RowCodec's javadoc alone (SplitMix64 with Stafford's variant 13 finalizer, streams seeded by
   * mix(mix(mix(mix(seed ^ gamma) ^ key) ^ (field << 32 ^ field)) ^ version)), so that the loader,
   * the workloads and the verifier of any hperf build are held to the same bytes, not to each other.
   */
  private static final String PAYLOAD_V123456789 = ".NI!&;+LNM'BJ@7/#6)'H?68]A9Q3G^=7M]&%#478/[>2X2"
      + "71W-FBB\"4R^E:_19?TF=<Z<6Q5GLN\"0),#^<9Y[U;*2 E";
  private static final String PAYLOAD_LOADED = "BY_ZTU&ZP_&2+>@2Q7)!KQ5/HT#6=A&OXF'EEMS0CU/+'\\5T)TI4\"R"
      + "H9HKH $G^%/G'.O7^E.AW\"(!&RU]DWM&V&%<1H";
  /** 123456789 = 0x075BCD15, big-endian in the first 8 bytes. */
  private static final byte[] HEADER_V123456789 = {0, 0, 0, 0, 0x07, 0x5B, (byte) 0xCD, 0x15};

  private final RowCodec codec = new RowCodec(1, 10, 100);

  @Test
  void valuesAreTheCheckedInBytesInAnyInstance() {
    assertArrayEquals(expected(HEADER_V123456789, PAYLOAD_V123456789), codec.value(42, 3, 123456789L));
    assertArrayEquals(expected(HEADER_V123456789, PAYLOAD_V123456789),
        new RowCodec(1, 10, 100).value(42, 3, 123456789L));
    assertArrayEquals(expected(new byte[8], PAYLOAD_LOADED), codec.value(42, 3, RowCodec.LOADED_VERSION));
  }

  @Test
  void everyInputChangesTheBytes() {
    byte[] base = codec.value(42, 3, 0);
    assertFalse(Arrays.equals(base, new RowCodec(2, 10, 100).value(42, 3, 0)), "seed");
    assertFalse(Arrays.equals(base, codec.value(43, 3, 0)), "key");
    assertFalse(Arrays.equals(base, codec.value(42, 4, 0)), "field");
    assertFalse(Arrays.equals(base, codec.value(42, 3, 1)), "version");
  }

  @Test
  void valuesCarryTheirVersionAndPrintablePayload() {
    assertEquals(123456789L, RowCodec.versionOf(expected(HEADER_V123456789, PAYLOAD_V123456789), 0));
    byte[] minusTwo = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
        (byte) 0xFE};
    assertEquals(-2, RowCodec.versionOf(minusTwo, 0), "a signed long");
    byte[] value = codec.value(42, 3, 123456789L);
    assertEquals(100, value.length);
    for (int i = RowCodec.VERSION_BYTES; i < value.length; i++) {
      assertTrue(value[i] >= 0x20 && value[i] <= 0x5F, "byte " + i + " = " + value[i]);
    }
  }

  @Test
  void intactValuesPassAndAnyDamageFails() {
    byte[] padded = new byte[120];
    codec.writeValue(padded, 7, 42, 3, 123456789L);
    assertArrayEquals(expected(HEADER_V123456789, PAYLOAD_V123456789), Arrays.copyOfRange(padded, 7, 107),
        "written at an offset");
    byte[] checkedIn = new byte[120];
    System.arraycopy(expected(HEADER_V123456789, PAYLOAD_V123456789), 0, checkedIn, 7, 100);
    assertTrue(codec.isIntact(checkedIn, 7, 100, 42, 3), "the checked-in value");
    assertTrue(codec.isIntact(padded, 7, 100, 42, 3));
    assertFalse(codec.isIntact(padded, 7, 99, 42, 3), "length");
    assertFalse(codec.isIntact(padded, 7, 100, 43, 3), "other key");
    assertFalse(codec.isIntact(padded, 7, 100, 42, 2), "other field");
    for (int i = 7; i < 107; i++) {
      padded[i] ^= 1;
      assertFalse(codec.isIntact(padded, 7, 100, 42, 3), "flipped byte " + i);
      padded[i] ^= 1;
    }
  }

  @Test
  void qualifiersAreYcsbFieldNames() {
    assertEquals("field0", new String(codec.qualifier(0), StandardCharsets.US_ASCII));
    assertEquals("field9", new String(codec.qualifier(9), StandardCharsets.US_ASCII));
    byte[] q = "field7".getBytes(StandardCharsets.US_ASCII);
    assertEquals(7, codec.fieldOf(q, 0, q.length));
    byte[] bad = "field10".getBytes(StandardCharsets.US_ASCII);
    assertEquals(-1, codec.fieldOf(bad, 0, bad.length));
    byte[] padded = "field07".getBytes(StandardCharsets.US_ASCII);
    assertEquals(-1, codec.fieldOf(padded, 0, padded.length));
  }

  /** A value of fieldlength 100 from its 8 header bytes and its payload's characters. */
  private static byte[] expected(byte[] header, String payload) {
    byte[] value = new byte[100];
    System.arraycopy(header, 0, value, 0, 8);
    byte[] ascii = payload.getBytes(StandardCharsets.US_ASCII);
    assertEquals(92, ascii.length, "the checked-in payload's length");
    System.arraycopy(ascii, 0, value, 8, 92);
    return value;
  }
}
