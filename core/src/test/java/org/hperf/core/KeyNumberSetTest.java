package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyNumberSetTest {
  @Test
  void behavesLikeASetWithSeenMarksThroughGrowth() {
    KeyNumberSet set = new KeyNumberSet(4);
    Set<Long> reference = new HashSet<>();
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 50_000; i++) {
      long value = random.nextLong(0, 100_000);
      assertEquals(reference.add(value), set.add(value));
    }
    assertEquals(reference.size(), set.size());
    Set<Long> seen = new HashSet<>();
    for (long value : reference) {
      if (value % 3 == 0) {
        assertTrue(set.markSeen(value));
        assertFalse(set.markSeen(value), "second mark");
        seen.add(value);
      }
    }
    assertFalse(set.markSeen(100_001), "not a member");
    assertTrue(set.contains(0) == reference.contains(0L));
    Set<Long> unseen = new HashSet<>();
    set.forEachUnseen(unseen::add);
    Set<Long> expected = new HashSet<>(reference);
    expected.removeAll(seen);
    assertEquals(expected, unseen);
  }
}
