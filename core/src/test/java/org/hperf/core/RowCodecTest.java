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
  private final RowCodec codec = new RowCodec(1, 10, 100);

  @Test
  void sameInputsGiveTheSameBytesInAnyInstance() {
    assertArrayEquals(codec.value(42, 3, 0), new RowCodec(1, 10, 100).value(42, 3, 0));
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
    byte[] value = codec.value(42, 3, 123456789L);
    assertEquals(100, value.length);
    assertEquals(123456789L, RowCodec.versionOf(value, 0));
    for (int i = RowCodec.VERSION_BYTES; i < value.length; i++) {
      assertTrue(value[i] >= 0x20 && value[i] <= 0x5F, "byte " + i + " = " + value[i]);
    }
  }

  @Test
  void intactValuesPassAndAnyDamageFails() {
    byte[] padded = new byte[120];
    codec.writeValue(padded, 7, 42, 3, 5);
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
}
