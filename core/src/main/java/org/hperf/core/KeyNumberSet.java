package org.hperf.core;

/**
 * An open-addressing set of key numbers (non-negative longs) with a "seen" mark per member: the
 * verifier holds a region's expected keys here (millions per task at full scale, 16 bytes each
 * instead of ~60 for a boxed HashSet entry) and marks each one the scan finds.
 */
public final class KeyNumberSet {
  private static final long EMPTY = Long.MIN_VALUE;

  private long[] slots;
  private boolean[] seen;
  private int size;

  public KeyNumberSet(int expectedSize) {
    int capacity = Integer.highestOneBit(Math.max(16, expectedSize * 2 - 1)) << 1;
    slots = new long[capacity];
    seen = new boolean[capacity];
    java.util.Arrays.fill(slots, EMPTY);
  }

  /** Adds a key number; returns false if it was already there. */
  public boolean add(long keyNumber) {
    if (keyNumber < 0) {
      throw new IllegalArgumentException("key numbers are non-negative: " + keyNumber);
    }
    if ((size + 1) * 2L > slots.length) {
      grow();
    }
    int slot = find(slots, keyNumber);
    if (slots[slot] == keyNumber) {
      return false;
    }
    slots[slot] = keyNumber;
    size++;
    return true;
  }

  public boolean contains(long keyNumber) {
    return keyNumber >= 0 && slots[find(slots, keyNumber)] == keyNumber;
  }

  /** Marks a member as seen; returns false if it is no member or was seen before. */
  public boolean markSeen(long keyNumber) {
    if (keyNumber < 0) {
      return false;
    }
    int slot = find(slots, keyNumber);
    if (slots[slot] != keyNumber || seen[slot]) {
      return false;
    }
    seen[slot] = true;
    return true;
  }

  public int size() {
    return size;
  }

  /** Calls {@code action} for every member not marked seen. */
  public void forEachUnseen(java.util.function.LongConsumer action) {
    for (int i = 0; i < slots.length; i++) {
      if (slots[i] != EMPTY && !seen[i]) {
        action.accept(slots[i]);
      }
    }
  }

  private static int find(long[] table, long keyNumber) {
    int mask = table.length - 1;
    int slot = (int) RowCodec.mix64(keyNumber) & mask;
    while (table[slot] != EMPTY && table[slot] != keyNumber) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private void grow() {
    long[] old = slots;
    boolean[] oldSeen = seen;
    slots = new long[old.length * 2];
    seen = new boolean[old.length * 2];
    java.util.Arrays.fill(slots, EMPTY);
    for (int i = 0; i < old.length; i++) {
      if (old[i] != EMPTY) {
        int slot = find(slots, old[i]);
        slots[slot] = old[i];
        seen[slot] = oldSeen[i];
      }
    }
  }
}
