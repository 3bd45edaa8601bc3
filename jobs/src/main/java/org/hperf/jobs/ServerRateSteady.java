package org.hperf.jobs;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The servers' throughput half of the warm-up's stop rule ({@link ServersWarm}): steady once the
 * region servers' summed request rate over the last window is within {@link #TOLERANCE} of its
 * rate over the window before. The clients' own rule ({@link SteadyStop}: 3 one-second intervals
 * within 10%) stopped on slow ramps: in duet A/As of workload updateonly, warm-ups ended after
 * 31-45 s while the servers' rate went on rising by 40-60% through the 60 s measured window that
 * followed, and where a window fell on that ramp decided more of the lifetimes' spread than the
 * releases did. Two means of several seconds see a ramp of a few percent that three single
 * intervals, each 10-30% apart from client noise, cannot.
 *
 * <p>The rate is the master's per-server request rate (refreshed at each server's report, every
 * few seconds), summed over a sampling round: what the cluster served, whatever the clients'
 * share of it. A round with no rate to read is not added; {@link ServersWarm} counts it unread.
 */
final class ServerRateSteady {
  static final double TOLERANCE = 0.03;

  private final long windowMs;
  /** (time, summed rate) of the rounds of the last two windows. */
  private final Deque<double[]> rounds = new ArrayDeque<>();
  private long firstMs = -1;

  /** {@code windowMs}: the length of each of the two windows compared. */
  ServerRateSteady(long windowMs) {
    if (windowMs <= 0) {
      throw new IllegalArgumentException("the rate's window must be above 0 ms, not " + windowMs);
    }
    this.windowMs = windowMs;
  }

  /**
   * Adds one round's summed rate at {@code timeMs}; true when two whole windows have been seen and
   * the last one's mean rate is above 0 and within the tolerance of the one before.
   */
  boolean steadyAfter(long timeMs, double requestsPerSecond) {
    if (firstMs < 0) {
      firstMs = timeMs;
    }
    rounds.addLast(new double[] {timeMs, requestsPerSecond});
    while (timeMs - rounds.peekFirst()[0] >= 2 * windowMs) {
      rounds.removeFirst();
    }
    if (timeMs - firstMs < 2 * windowMs) {
      return false;
    }
    double lastSum = 0;
    int lastCount = 0;
    double earlierSum = 0;
    int earlierCount = 0;
    for (double[] round : rounds) {
      if (timeMs - round[0] < windowMs) {
        lastSum += round[1];
        lastCount++;
      } else {
        earlierSum += round[1];
        earlierCount++;
      }
    }
    if (lastCount == 0 || earlierCount == 0) {
      return false;
    }
    double last = lastSum / lastCount;
    double earlier = earlierSum / earlierCount;
    return earlier > 0 && Math.abs(last / earlier - 1) <= TOLERANCE;
  }
}
