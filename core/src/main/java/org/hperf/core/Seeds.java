package org.hperf.core;

/**
 * Derives independent, reproducible seeds from the run's seed: every random source in hperf is
 * seeded from (seed, run, client, thread, ...), so any run can be reproduced exactly.
 */
public final class Seeds {
  private Seeds() {
  }

  public static long derive(long seed, long... parts) {
    long h = RowCodec.mix64(seed ^ 0x9E3779B97F4A7C15L);
    for (long part : parts) {
      h = RowCodec.mix64(h ^ part);
    }
    return h;
  }
}
