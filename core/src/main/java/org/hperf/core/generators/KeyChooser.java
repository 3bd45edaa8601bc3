package org.hperf.core.generators;

import java.util.SplittableRandom;

/**
 * Picks which record to operate on, as YCSB's {@code requestdistribution} does. Implementations
 * keep per-thread state and are not thread-safe: each client thread owns one.
 */
public interface KeyChooser {
  /**
   * A record index in {@code [0, available)}, where {@code available} is the number of records
   * this thread may touch now (loaded records plus what it has inserted so far).
   */
  long next(SplittableRandom random, long available);
}
