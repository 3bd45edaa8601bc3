package org.hperf.jobs;

import java.util.SplittableRandom;

/**
 * When a paced client thread intends to start its k-th operation: {@code first + k * pace}, with
 * the first start at a random phase within one pace of the thread's start. All threads of all
 * tasks start together at the barrier; without the phase they would all fire at the same instant
 * of every tick and measure the bursts they make themselves (YCSB spreads its threads the same way).
 */
final class PaceSchedule {
  private final long paceNanos;
  private final long firstNanos;

  /** {@code paceNanos} 0: unthrottled, no intended start times. */
  PaceSchedule(long paceNanos, long startNanos, SplittableRandom random) {
    this.paceNanos = paceNanos;
    this.firstNanos = startNanos + (paceNanos > 0 ? (long) (random.nextDouble() * paceNanos) : 0);
  }

  boolean paced() {
    return paceNanos > 0;
  }

  /** The intended start (nano time) of operation {@code k} (0-based), or 0 when unthrottled. */
  long intendedStart(long k) {
    return paceNanos > 0 ? firstNanos + k * paceNanos : 0;
  }
}
