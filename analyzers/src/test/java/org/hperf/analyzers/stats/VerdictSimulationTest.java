package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The verdict's method checked on simulated cluster lifetimes whose truth is known: the 95%
 * intervals cover the true change 93-97% of the time, an A/A comparison calls a difference at
 * most 6% of the time, a 10% effect is found at least 80% of the time, a change at the margin is
 * called equivalent at most 6% of the time, and an inconclusive
 * verdict's projection ("N lifetimes a side would decide") decides most of the time when N are
 * run. The oracle is the simulation's own truth, computed apart from the code under test.
 *
 * <p>A lifetime's throughput, as a run measures it: the level of the setup, times a lifetime
 * effect (what one start of the cluster gives: where regions and blocks landed, how the JIT
 * compiled; log-normal, 3%), times an occasional cold lifetime (1 in 20 is 12% slower), times the
 * mean of its measured intervals, which are autocorrelated (AR(1), rho 0.7, 2.5% innovations) and
 * still carry the tail of a warm-up transient (the first interval 8% low, halving every interval).
 * The intervals are repeated measures of their lifetime: only their mean reaches the comparison.
 * 5 lifetimes a side, as an operator's upgrade comparison would run for a 10% question.
 */
class VerdictSimulationTest {
  private static final int TRIALS = 4000;
  private static final int LIFETIMES = 5;
  private static final int INTERVALS = 12;
  private static final double CONFIDENCE = 0.95;
  private static final VerdictRules RULES = new VerdictRules(CONFIDENCE, 10, "lifetimes", true);

  @Test
  void intervalsCoverTheTrueChange93To97PercentOfTheTime() {
    Random random = new Random(11);
    for (double effect : new double[] {0, -0.10, 0.25}) {
      int covered = 0;
      double truePercent = 100 * effect;
      for (int trial = 0; trial < TRIALS; trial++) {
        RelativeChange change = RelativeChange.of(side(random, 1, LIFETIMES), side(random, 1 + effect, LIFETIMES),
            CONFIDENCE);
        covered += change.lowPercent() <= truePercent && truePercent <= change.highPercent() ? 1 : 0;
      }
      double coverage = (double) covered / TRIALS;
      assertTrue(coverage >= 0.93 && coverage <= 0.97, "effect " + effect + ": coverage " + coverage);
    }
  }

  @Test
  void anAaComparisonCallsADifferenceAtMostSixPercentOfTheTime() {
    Map<Comparison.Verdict, Integer> verdicts = verdicts(new Random(12), 1);
    int falseVerdicts = count(verdicts, Comparison.Verdict.B_IS_FASTER)
        + count(verdicts, Comparison.Verdict.B_IS_SLOWER);
    int equivalent = count(verdicts, Comparison.Verdict.EQUIVALENT);
    assertTrue(falseVerdicts <= 0.06 * TRIALS, falseVerdicts + " false verdicts in " + TRIALS);
    // And it says so: with this noise (a total spread of about 4.5% a lifetime) most A/A runs are shown
    // equivalent within +-10%, not just "not different"; the rest are inconclusive.
    assertTrue(equivalent >= 0.6 * TRIALS, equivalent + " equivalent in " + TRIALS);
  }

  @Test
  void aTenPercentEffectIsFoundWithItsSignAtLeastEightyPercentOfTheTime() {
    Map<Comparison.Verdict, Integer> verdicts = verdicts(new Random(13), 0.90);
    int slower = count(verdicts, Comparison.Verdict.B_IS_SLOWER);
    int faster = count(verdicts, Comparison.Verdict.B_IS_FASTER);
    assertTrue(slower >= 0.8 * TRIALS, "B 10% slower found in " + slower + " of " + TRIALS);
    assertTrue(faster == 0, "the wrong sign " + faster + " times");
  }

  /**
   * The equivalence test's error bound: with B truly 10% slower, exactly at the margin, "equivalent
   * within +-10%" is said at most 5% of the time (two one-sided tests at 5%; 6% for the simulation's
   * own sampling error), and never with a true change of 15%.
   */
  @Test
  void aChangeAtTheMarginIsCalledEquivalentAtMostFivePercentOfTheTime() {
    Random random = new Random(15);
    // B's level 0.9 of A's: B/A - 1 = -10%, the margin's edge.
    int atMargin = count(verdicts(random, 0.90), Comparison.Verdict.EQUIVALENT);
    int beyond = count(verdicts(random, 0.85), Comparison.Verdict.EQUIVALENT);
    assertTrue(atMargin <= 0.06 * TRIALS, "equivalent " + atMargin + " times in " + TRIALS + " at the margin");
    assertTrue(beyond == 0, "equivalent " + beyond + " times with B 15% slower");
  }

  /**
   * Three lifetimes a side on a noisier machine (lifetime effect 8%) rarely decide +-10%; when
   * they do not, running the number of lifetimes the verdict names decides in most cases.
   */
  @Test
  void anInconclusiveVerdictsProjectionDecidesWhenFollowed() {
    Random random = new Random(14);
    int inconclusive = 0;
    int decidedAfter = 0;
    for (int trial = 0; trial < 600; trial++) {
      double[] a = side(random, 1, 3, 0.08);
      double[] b = side(random, 1.03, 3, 0.08);
      Comparison.Decision first = decide(a, b);
      if (first.verdict() != Comparison.Verdict.INCONCLUSIVE || first.runsNeeded() > VerdictRules.MAX_PROJECTED_RUNS) {
        continue;
      }
      inconclusive++;
      int n = first.runsNeeded();
      decidedAfter += decide(side(random, 1, n, 0.08), side(random, 1.03, n, 0.08)).verdict().decided() ? 1 : 0;
    }
    assertTrue(inconclusive >= 300, "3 noisy lifetimes a side should rarely decide: " + inconclusive);
    // The projection aims at 80% power from an upper bound of the spread: at least 75% decided.
    assertTrue(decidedAfter >= 0.75 * inconclusive, decidedAfter + " of " + inconclusive + " decided");
  }

  /** The verdicts of {@link #TRIALS} comparisons of A at level 1 against B at {@code levelB}, by kind. */
  private static Map<Comparison.Verdict, Integer> verdicts(Random random, double levelB) {
    Map<Comparison.Verdict, Integer> counts = new EnumMap<>(Comparison.Verdict.class);
    for (int trial = 0; trial < TRIALS; trial++) {
      counts.merge(decide(side(random, 1, LIFETIMES), side(random, levelB, LIFETIMES)).verdict(), 1, Integer::sum);
    }
    return counts;
  }

  private static int count(Map<Comparison.Verdict, Integer> verdicts, Comparison.Verdict verdict) {
    return verdicts.getOrDefault(verdict, 0);
  }

  private static Comparison.Decision decide(double[] a, double[] b) {
    return Comparison.Decision.of(RelativeChange.of(a, b, CONFIDENCE), Math.min(a.length, b.length), RULES);
  }

  private static double[] side(Random random, double level, int lifetimes) {
    return side(random, level, lifetimes, 0.03);
  }

  /** Each lifetime's throughput over its measured window, in ops/s. */
  private static double[] side(Random random, double level, int lifetimes, double lifetimeSpread) {
    double[] throughputs = new double[lifetimes];
    for (int l = 0; l < lifetimes; l++) {
      double lifetime = level * Math.exp(lifetimeSpread * random.nextGaussian());
      if (random.nextDouble() < 0.05) {
        lifetime *= 0.88;
      }
      double sum = 0;
      double ar = 0;
      for (int i = 0; i < INTERVALS; i++) {
        ar = 0.7 * ar + 0.025 * random.nextGaussian();
        double warmingUp = 1 - 0.08 * Math.pow(0.5, i);
        sum += 1000 * lifetime * warmingUp * Math.exp(ar);
      }
      throughputs[l] = sum / INTERVALS;
    }
    return throughputs;
  }
}
