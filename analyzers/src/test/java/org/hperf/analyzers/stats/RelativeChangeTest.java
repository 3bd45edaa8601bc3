package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The relative change and its interval on inputs with known answers: references computed
 * independently with SciPy ({@code scipy.stats.ttest_ind(log(b), log(a), equal_var=False)}, its
 * p-value and {@code confidence_interval(0.95)}, exponentiated), and coverage on seeded samples.
 */
class RelativeChangeTest {
  private static final double CONFIDENCE = 0.95;

  @Test
  void identicalSamplesAreNoChangeAndNoDifference() {
    RelativeChange same = RelativeChange.of(new double[] {100, 102, 98}, new double[] {100, 102, 98}, CONFIDENCE);
    assertEquals(0, same.changePercent(), 1e-12);
    assertTrue(same.lowPercent() < 0 && same.highPercent() > 0, same.toString());
    assertEquals(1.0, same.pValue(), 1e-12);
    assertEquals(1.0, same.permutationPValue(), 1e-12);
    assertFalse(same.significant());
    assertEquals(0, same.direction());

    // No spread at all: the interval is the point 0, which does not leave 0 out.
    RelativeChange constant = RelativeChange.of(new double[] {5, 5, 5}, new double[] {5, 5, 5}, CONFIDENCE);
    assertEquals(0, constant.lowPercent(), 1e-12);
    assertEquals(0, constant.highPercent(), 1e-12);
    assertFalse(constant.significant());
  }

  @Test
  void aClearDropIsSignificantAndNegativeAsSciPySays() {
    RelativeChange drop = RelativeChange.of(new double[] {100, 101, 99}, new double[] {70, 71, 69}, CONFIDENCE);
    assertEquals(99.99666656, drop.meanA(), 1e-6, "the geometric mean");
    assertEquals(-30.0024289, drop.changePercent(), 1e-6);
    assertEquals(-32.02326101, drop.lowPercent(), 1e-6);
    assertEquals(-27.9215209, drop.highPercent(), 1e-6);
    assertEquals(3.580442087, drop.degreesOfFreedom(), 1e-8);
    assertEquals(1.090171409e-05, drop.pValue(), 1e-12);
    assertTrue(drop.significant());
    assertEquals(-1, drop.direction());
    // 3 + 3 runs: the most extreme of 20 splits, either way, is the smallest p there is.
    assertEquals(0.1, drop.permutationPValue(), 1e-12);
  }

  @Test
  void aNoisyRiseIsSignificantAndPositiveAsSciPySays() {
    RelativeChange rise = RelativeChange.of(new double[] {1000, 1100, 950}, new double[] {1200, 1150, 1300},
        CONFIDENCE);
    assertEquals(19.73893271, rise.changePercent(), 1e-6);
    assertEquals(2.298375869, rise.lowPercent(), 1e-6);
    assertEquals(40.15288009, rise.highPercent(), 1e-6);
    assertEquals(0.03383363131, rise.pValue(), 1e-9);
    assertEquals(1, rise.direction());
  }

  @Test
  void anOverlapIsNoSignificantDifferenceAsSciPySays() {
    RelativeChange overlap = RelativeChange.of(new double[] {12000, 12500, 11800}, new double[] {12100, 11900, 12600},
        CONFIDENCE);
    assertEquals(0.8269283569, overlap.changePercent(), 1e-6);
    assertEquals(-5.699002075, overlap.lowPercent(), 1e-6);
    assertEquals(7.804474031, overlap.highPercent(), 1e-6);
    assertEquals(0.7497642363, overlap.pValue(), 1e-9);
    assertEquals(0, overlap.direction());

    // Unequal run counts, fractional degrees of freedom.
    RelativeChange uneven = RelativeChange.of(new double[] {10, 12}, new double[] {11, 13, 12, 14}, CONFIDENCE);
    assertEquals(13.65033149, uneven.changePercent(), 1e-6);
    assertEquals(-33.71889167, uneven.lowPercent(), 1e-6);
    assertEquals(94.87299129, uneven.highPercent(), 1e-5);
    assertEquals(1.694023974, uneven.degreesOfFreedom(), 1e-8);
    assertEquals(0.3653779522, uneven.pValue(), 1e-9);
  }

  /**
   * Scans on the embedded cluster, A drifting up threefold over its runs and B a tenth of it: on a
   * log scale the tenfold drop stands out (p = 0.027, as SciPy says).
   */
  @Test
  void aTenfoldDropStandsOutOfAMultiplicativeDrift() {
    RelativeChange scans = RelativeChange.of(new double[] {610.3, 1476.0, 2135.3}, new double[] {142.7, 145.0, 133.3},
        CONFIDENCE);
    assertEquals(-88.72340891, scans.changePercent(), 1e-6);
    assertEquals(-97.69559753, scans.lowPercent(), 1e-6);
    assertEquals(-44.81801313, scans.highPercent(), 1e-6);
    assertEquals(0.02729317533, scans.pValue(), 1e-9);
    assertEquals(-1, scans.direction());
  }

  @Test
  void oneRunPerSideGivesAChangeButNoIntervalAndNoVerdict() {
    RelativeChange single = RelativeChange.of(new double[] {100}, new double[] {50}, CONFIDENCE);
    assertEquals(-50, single.changePercent(), 1e-12);
    assertNull(single.lowPercent());
    assertNull(single.pValue());
    assertFalse(single.significant(), "one run per side never calls a difference");
  }

  @Test
  void aRunWithoutOperationsHasNoLogarithmAndGetsNoInterval() {
    RelativeChange zero = RelativeChange.of(new double[] {0, 100}, new double[] {50, 50}, CONFIDENCE);
    assertEquals(0, zero.changePercent(), 1e-12, "arithmetic means then: 50 vs 50");
    assertNull(zero.lowPercent());
    assertFalse(zero.significant());
  }

  /**
   * Log-normal runs (multiplicative noise), 3 a side, B a tenth of A: the 95% interval covers
   * -90% 93-97% of the time with equal or unequal spreads, and finds the drop in most samples even
   * when runs vary by 60%. Measured (seed 42, 4000 samples each): coverage 97.0%, 96.3%, 95.3%,
   * 94.4%; the drop found 100%, 100%, 88%, 88% of the time.
   */
  @Test
  void intervalsCoverTheTrueChangeOnLogNormalRuns() {
    Random random = new Random(42);
    // {sd of log A, sd of log B, least coverage, least power}
    double[][] cases = {{0.05, 0.05, 0.93, 0.99}, {0.3, 0.3, 0.93, 0.95}, {0.6, 0.05, 0.92, 0.8}, {0.05, 0.6, 0.92, 0.8}};
    for (double[] c : cases) {
      int trials = 4000;
      int covered = 0;
      int found = 0;
      for (int i = 0; i < trials; i++) {
        double[] a = logNormal(random, 3, 1000, c[0]);
        double[] b = logNormal(random, 3, 100, c[1]);
        RelativeChange change = RelativeChange.of(a, b, CONFIDENCE);
        covered += change.lowPercent() <= -90 && -90 <= change.highPercent() ? 1 : 0;
        found += change.direction() < 0 ? 1 : 0;
      }
      double coverage = (double) covered / trials;
      double power = (double) found / trials;
      String what = "sd " + c[0] + "/" + c[1] + ": coverage " + coverage + ", power " + power;
      assertTrue(coverage > c[2] && coverage < 0.98, what);
      assertTrue(power >= c[3], what);
    }
  }

  /**
   * Normal runs (additive noise, the seed's averages), 3 a side, A at 100 and B at 70: the
   * interval of the geometric means still covers the ratio of the means, -30%, 92-98% of the time
   * (measured: 96.8% with equal spreads, 93.9% with B's three times A's).
   */
  @Test
  void intervalsCoverTheChangeOfArithmeticMeansOnNormalRuns() {
    Random random = new Random(42);
    for (double[] spread : new double[][] {{5, 5}, {5, 15}}) {
      int trials = 4000;
      int covered = 0;
      for (int i = 0; i < trials; i++) {
        RelativeChange c = RelativeChange.of(normal(random, 3, 100, spread[0]), normal(random, 3, 70, spread[1]),
            CONFIDENCE);
        covered += c.lowPercent() <= -30 && -30 <= c.highPercent() ? 1 : 0;
      }
      double coverage = (double) covered / trials;
      assertTrue(coverage > 0.92 && coverage < 0.98, "coverage " + coverage + " with sd " + Arrays.toString(spread));
    }
  }

  /** Two identical setups: "a difference" at most about 5% of the time at 95%, as alpha says. */
  @Test
  void identicalSetupsAreCalledDifferentAtMostAlphaOfTheTime() {
    Random random = new Random(7);
    for (double sd : new double[] {0.05, 0.6}) {
      int trials = 4000;
      int called = 0;
      for (int i = 0; i < trials; i++) {
        called += RelativeChange.of(logNormal(random, 3, 100, sd), logNormal(random, 3, 100, sd), CONFIDENCE)
            .significant() ? 1 : 0;
      }
      double rate = (double) called / trials;
      // Welch's test is a little conservative with equal spreads (measured: 3.1% and 3.6%).
      assertTrue(rate > 0.02 && rate < 0.06, "false difference rate " + rate + " with sd " + sd);
    }
  }

  private static double[] logNormal(Random random, int n, double median, double sdOfLog) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = median * Math.exp(sdOfLog * random.nextGaussian());
    }
    return values;
  }

  @Test
  void permutationPValuesAreExactFractionsOfTheSplits() {
    // 2 + 2 runs: 6 splits; the observed one and its mirror are the most extreme.
    assertEquals(2.0 / 6, RelativeChange.permutationPValue(new double[] {1, 2}, new double[] {10, 11}), 1e-12);
    // 4 + 4 runs, fully separated: 2 of 70 splits.
    assertEquals(2.0 / 70, RelativeChange.permutationPValue(new double[] {1, 2, 3, 4}, new double[] {10, 11, 12, 13}),
        1e-12);
    // Large groups are sampled (seeded): still small for a clear shift, never 0.
    double[] a = new double[20];
    double[] b = new double[20];
    for (int i = 0; i < 20; i++) {
      a[i] = i;
      b[i] = 100 + i;
    }
    double sampled = RelativeChange.permutationPValue(a, b);
    assertTrue(sampled > 0 && sampled < 1e-4, "sampled p " + sampled);
  }

  private static double[] normal(Random random, int n, double mean, double sd) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = mean + sd * random.nextGaussian();
    }
    return values;
  }
}
