package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The split against simulated duets whose two variance levels are known: each side's lifetime
 * effect (log-normal, sd tau, constant over the window) and each interval's own noise (log-normal,
 * sd sigma, independent). With n intervals a window's paired figure varies by 2 sigma^2 / n from its
 * intervals and by 2 tau^2 from its lifetimes, the oracle for the share.
 */
class WindowHalvesTest {
  private static final int INTERVALS = 20;

  @Test
  void lifetimeEffectsAloneLieBetweenLifetimes() {
    double[][][] duet = simulated(400, 0.10, 0.01, 0, 1);
    WindowHalves split = WindowHalves.of(duet[0], duet[1]);
    // Expected share: 2 * 0.01^2 / 20 over 2 * 0.10^2 = 0.05%.
    assertTrue(split.insideShare() < 0.02, split.text());
    assertFalse(split.notSteady(), split.text());
  }

  @Test
  void intervalNoiseAloneLiesInsideTheWindows() {
    double[][][] duet = simulated(400, 0, 0.10, 0, 2);
    WindowHalves split = WindowHalves.of(duet[0], duet[1]);
    assertTrue(split.insideShare() > 0.85, split.text());
  }

  @Test
  void equalLevelsSplitAboutEvenly() {
    // Inside: 2 * 0.1^2 / 20 = 0.001; between: 2 * tau^2 = 0.001.
    double[][][] duet = simulated(400, Math.sqrt(0.0005), 0.10, 0, 3);
    WindowHalves split = WindowHalves.of(duet[0], duet[1]);
    assertEquals(0.5, split.insideShare(), 0.12, split.text());
  }

  /** A ramp every lifetime shares is the windows' unsteadiness, not spread: reported as drift, not as a share. */
  @Test
  void aRampEveryLifetimeSharesIsDriftNotSpread() {
    double[][][] duet = simulated(400, 0.10, 0.01, Math.log(1.10), 4);
    WindowHalves split = WindowHalves.of(duet[0], duet[1]);
    assertTrue(split.insideShare() < 0.02, split.text());
    assertEquals(0, Math.expm1(split.driftLogA()), 0.01, split.text());
    assertEquals(0.10, Math.expm1(split.driftLogB()), 0.01, split.text());
    assertTrue(split.notSteady(), split.text());
    assertTrue(split.text().endsWith("the sides were not steady over their windows"), split.text());
  }

  /**
   * Interval noise alone, and B's CPU 8% faster than A's in placement 1, slower in placement 0: the
   * swap cancels that in the change, so it is not noise between lifetimes either. Unblocked it
   * would read as between-lifetime variance (log 1.08 squared, 0.006, against 0.001 inside).
   */
  @Test
  void theCpusOwnDifferenceIsNotNoiseBetweenLifetimes() {
    double[][][] duet = simulated(400, 0, 0.10, 0, 6);
    int[] placement = new int[400];
    for (int l = 0; l < 400; l++) {
      placement[l] = l % 2;
      double cpu = Math.log(1.08) * (placement[l] == 1 ? 1 : -1);
      for (int i = 0; i < INTERVALS; i++) {
        duet[1][l][i] *= Math.exp(cpu);
      }
    }
    assertTrue(WindowHalves.of(duet[0], duet[1]).insideShare() < 0.25, "unblocked");
    WindowHalves blocked = WindowHalves.of(duet[0], duet[1], placement);
    // Expected 1 (all of it inside), against 0.15 unblocked; 400 lifetimes estimate it within about 15%.
    assertTrue(blocked.insideShare() > 0.7, blocked.text());
    int[] threeOfBoth = {0, 1, 0};
    assertNull(WindowHalves.of(java.util.Arrays.copyOf(duet[0], 3), java.util.Arrays.copyOf(duet[1], 3), threeOfBoth),
        "one degree of freedom within placements is too few");
  }

  @Test
  void tooFewLifetimesOrIntervalsHaveNoSplit() {
    double[][][] two = simulated(2, 0.1, 0.1, 0, 5);
    assertNull(WindowHalves.of(two[0], two[1]));
    double[][] short3 = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
    assertNull(WindowHalves.of(short3, short3));
    double[][] idleHalf = {{0, 0, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
    assertNull(WindowHalves.of(idleHalf, short4()));
  }

  private static double[][] short4() {
    return new double[][] {{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
  }

  /**
   * {@code [side][lifetime][interval]} throughputs around 1000 ops/s; B's second half of every
   * window {@code rampLog} above its first.
   */
  private static double[][][] simulated(int lifetimes, double tau, double sigma, double rampLog, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[][][] duet = new double[2][lifetimes][INTERVALS];
    for (int l = 0; l < lifetimes; l++) {
      for (int side = 0; side < 2; side++) {
        double level = tau * random.nextGaussian();
        for (int i = 0; i < INTERVALS; i++) {
          double ramp = side == 1 && i >= INTERVALS / 2 ? rampLog : 0;
          duet[side][l][i] = 1000 * Math.exp(level + ramp + sigma * random.nextGaussian());
        }
      }
    }
    return duet;
  }
}
