package org.hperf.core.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The placement tags' exact spelling, and that they read back as written. */
class TaskLogFormatTest {
  @Test
  void serverTagsNameTheOperationAndTheServer() {
    String tag = TaskLogFormat.serverTag("READ", "host-1:16020");
    assertEquals("READ@rs=host-1:16020", tag);
    assertEquals(new TaskLogFormat.ServerTag("READ", "host-1:16020"), TaskLogFormat.parseServerTag(tag));
    assertEquals(new TaskLogFormat.ServerTag("ALL", "unlocated"),
        TaskLogFormat.parseServerTag(TaskLogFormat.serverTag("ALL", TaskLogFormat.UNLOCATED)));
    assertTrue(TaskLogFormat.isPlacementTag(tag));
    assertNull(TaskLogFormat.parseRegionTag(tag));
  }

  @Test
  void regionTagsCarryTheKeysInHexAndReadBackExactly() {
    byte[] start = "user5\u0000".getBytes(StandardCharsets.ISO_8859_1);
    byte[] end = {(byte) 0xff, 0x01};
    String tag = TaskLogFormat.regionTag("UPDATE", "abc123", start, end);
    assertEquals("UPDATE@region=abc123:7573657235" + "00:ff01", tag);
    TaskLogFormat.RegionTag parsed = TaskLogFormat.parseRegionTag(tag);
    assertEquals("UPDATE", parsed.tag());
    assertEquals("abc123", parsed.encodedName());
    assertArrayEquals(start, parsed.startKey());
    assertArrayEquals(end, parsed.endKey());
    TaskLogFormat.RegionTag first = TaskLogFormat.parseRegionTag(TaskLogFormat.regionTag("READ", "e", new byte[0],
        new byte[0]));
    assertEquals(0, first.startKey().length);
    assertEquals("user5\\x00", TaskLogFormat.printableKey(start));
    assertThrows(IllegalArgumentException.class, () -> TaskLogFormat.parseRegionTag("READ@region=abc:00"));
  }

  @Test
  void operationTagsAreNotPlacementTags() {
    for (String tag : new String[] {"READ", "ALL", "ALL.intended", "READ_MODIFY_WRITE.intended"}) {
      assertFalse(TaskLogFormat.isPlacementTag(tag), tag);
      assertNull(TaskLogFormat.parseServerTag(tag), tag);
    }
  }

  @Test
  void hexOrderIsKeyOrder() {
    byte[][] keys = {{}, {0x00}, {0x01}, {0x7f}, {(byte) 0x80}, {(byte) 0x80, 0x00}, {(byte) 0xff}};
    for (int i = 1; i < keys.length; i++) {
      assertTrue(TaskLogFormat.hex(keys[i - 1]).compareTo(TaskLogFormat.hex(keys[i])) < 0, "key " + i);
    }
  }

  @Test
  void jvmLineIsExactAndReadBack() {
    TaskLogFormat.JvmInterval jvm = new TaskLogFormat.JvmInterval(1000, 11000, 3, 45, 8200, false);
    assertEquals("[hperf jvm startMs=1000 endMs=11000 gcCount=3 gcTimeMs=45 cpuMs=8200 sharedJvm=false]", jvm.comment());
    assertEquals(jvm, TaskLogFormat.JvmInterval.parse("#" + jvm.comment()));
    TaskLogFormat.JvmInterval unknownCpu = new TaskLogFormat.JvmInterval(0, 1, 0, 0, -1, true);
    assertEquals(unknownCpu, TaskLogFormat.JvmInterval.parse("#" + unknownCpu.comment() + "\n"));
    assertEquals(null, TaskLogFormat.JvmInterval.parse("#" + TaskLogFormat.windowComment(1, 2)));
  }
}
