package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/**
 * The paired ("duet") verdict checked on simulated lifetimes whose truth is known, as
 * {@link VerdictSimulationTest} checks the serial one. The oracle is the simulation's own truth.
 *
 * <p>The model, on the log scale, of side s's throughput in interval i of lifetime l: the side's
 * level, plus what the machine does to both sides alike (a level per lifetime, sd 15%, and an
 * AR(1) over the intervals, phi 0.9, sd 25%: together the 11-41% apart that serial A/As saw on the
 * shared machine), plus what that start gave the side (sd 2.5%, the part pairing cannot remove),
 * plus the side's own interval noise (AR(1), phi 0.7, sd 4%), plus the CPUs' own difference (the
 * CPUs B has in placement 1 run 2% faster; the sides swap CPUs between lifetimes, ABBA). 30
 * intervals a lifetime. Each test's javadoc gives what it measured with its seed.
 */
class PairedVerdictSimulationTest {
  private static final int TRIALS = 4000;
  private static final int INTERVALS = 30;
  private static final double CONFIDENCE = 0.95;
  private static final VerdictRules RULES = new VerdictRules(CONFIDENCE, 5, "lifetimes", true);
  private static final double SHARED_LEVEL_SD = 0.15;
  private static final double SHARED_SD = 0.25;
  private static final double SHARED_PHI = 0.9;
  private static final double LIFETIME_SD = 0.025;
  private static final double NOISE_SD = 0.04;
  private static final double NOISE_PHI = 0.7;
  private static final double CPU_EFFECT = 0.02;
  /** The lifetimes of a dimensioning A/A, from which the tool projects how many a comparison needs. */
  private static final int DIMENSIONING_LIFETIMES = 6;

  @Test
  void intervalsCoverTheTrueChange93To97PercentOfTheTime() {
    Random random = new Random(21);
    for (int lifetimes : new int[] {4, 8}) {
      for (double effect : new double[] {0, -0.05, 0.10}) {
        int covered = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
          Duet duet = duet(random, lifetimes, effect);
          covered += covers(PairedChange.of(duet.a, duet.b, duet.placement, CONFIDENCE), effect) ? 1 : 0;
        }
        double coverage = (double) covered / TRIALS;
        assertTrue(coverage >= 0.93 && coverage <= 0.97, lifetimes + " lifetimes, effect " + effect + ": coverage "
            + coverage);
      }
    }
  }

  /**
   * The wrong oracle: the intervals taken as independent samples (a t-interval over every interval's
   * log ratio, 239 degrees of freedom) on the same lifetimes. It ignores what each start gave each
   * side and the intervals' autocorrelation, and covered the truth 42% of the time (the lifetimes'
   * interval: 96%): the coverage bound above is one such an implementation breaks.
   */
  @Test
  void intervalsTakenAsSamplesWouldMissTheTruthMostOfTheTime() {
    Random random = new Random(22);
    int trials = 2000;
    int naiveCovered = 0;
    int covered = 0;
    for (int trial = 0; trial < trials; trial++) {
      Duet duet = duet(random, 8, 0);
      naiveCovered += naiveCovers(duet, 0) ? 1 : 0;
      covered += covers(PairedChange.of(duet.a, duet.b, duet.placement, CONFIDENCE), 0) ? 1 : 0;
    }
    assertTrue(naiveCovered < 0.6 * trials, "intervals as samples covered " + naiveCovered + " of " + trials);
    assertTrue(covered >= 0.93 * trials, "lifetimes as samples covered " + covered + " of " + trials);
  }

  /**
   * The CPUs' own difference is estimated (2% in the model) and kept out of the spread: ignoring the
   * placements, the same lifetimes' intervals are wider (measured: median width 7.6% against 7.0%).
   */
  @Test
  void thePlacementsKeepTheCpusDifferenceOutOfTheSpread() {
    Random random = new Random(23);
    int trials = 2000;
    double[] widths = new double[trials];
    double[] unblockedWidths = new double[trials];
    double cpuPercent = 0;
    for (int trial = 0; trial < trials; trial++) {
      Duet duet = duet(random, 8, 0);
      PairedChange blocked = PairedChange.of(duet.a, duet.b, duet.placement, CONFIDENCE);
      PairedChange unblocked = PairedChange.of(duet.a, duet.b, CONFIDENCE);
      widths[trial] = blocked.highPercent() - blocked.lowPercent();
      unblockedWidths[trial] = unblocked.highPercent() - unblocked.lowPercent();
      cpuPercent += blocked.placementPercent() / trials;
    }
    assertTrue(cpuPercent > 1.5 && cpuPercent < 2.5, "the CPUs' difference estimated at " + cpuPercent + "%");
    assertTrue(median(widths) < 0.95 * median(unblockedWidths), median(widths) + "% wide with placements, "
        + median(unblockedWidths) + "% without");
  }

  /** Measured: 5.0% called faster or slower, 77% equivalent within +-5%, the rest inconclusive. */
  @Test
  void anAaComparisonCallsADifferenceAtMostSixPercentOfTheTime() {
    Map<Comparison.Verdict, Integer> verdicts = new EnumMap<>(Comparison.Verdict.class);
    Random random = new Random(24);
    for (int trial = 0; trial < TRIALS; trial++) {
      Duet duet = duet(random, 8, 0);
      verdicts.merge(PairedVerdict.of(duet.a, duet.b, duet.placement, RULES).verdict(), 1, Integer::sum);
    }
    int falseVerdicts = count(verdicts, Comparison.Verdict.B_IS_FASTER) + count(verdicts, Comparison.Verdict.B_IS_SLOWER);
    int equivalent = count(verdicts, Comparison.Verdict.EQUIVALENT);
    assertTrue(falseVerdicts <= 0.06 * TRIALS, falseVerdicts + " false verdicts in " + TRIALS);
    // And it says so: most A/As are shown equivalent within +-5%, not merely "not different".
    assertTrue(equivalent >= 0.6 * TRIALS, equivalent + " equivalent in " + TRIALS);
  }

  /**
   * The lifetimes the tool recommends from a dimensioning A/A of 6 lifetimes (its spread's upper
   * bound, {@link PairedChange#lifetimesToDetect}), then a comparison of that many at a true change
   * of +5% or -5%. Measured: found with its sign 91% of the time, never the wrong sign; 10, 15 and 22
   * lifetimes recommended at the quartiles.
   */
  @Test
  void aFivePercentEffectIsFoundWithTheLifetimesADimensioningRunRecommends() {
    Random random = new Random(25);
    int trials = 1000;
    int found = 0;
    int wrongSign = 0;
    for (int trial = 0; trial < trials; trial++) {
      Duet pilot = duet(random, DIMENSIONING_LIFETIMES, 0);
      int n = PairedChange.of(pilot.a, pilot.b, pilot.placement, CONFIDENCE)
          .lifetimesToDetect(5, CONFIDENCE, VerdictRules.POWER, VerdictRules.MAX_PROJECTED_RUNS);
      double effect = trial % 2 == 0 ? 0.05 : -0.05;
      Duet duet = duet(random, n, effect);
      Comparison.Verdict verdict = PairedVerdict.of(duet.a, duet.b, duet.placement, RULES).verdict();
      found += verdict == (effect > 0 ? Comparison.Verdict.B_IS_FASTER : Comparison.Verdict.B_IS_SLOWER) ? 1 : 0;
      wrongSign += verdict == (effect > 0 ? Comparison.Verdict.B_IS_SLOWER : Comparison.Verdict.B_IS_FASTER) ? 1 : 0;
    }
    assertTrue(found >= 0.8 * trials, "found " + found + " of " + trials);
    assertTrue(wrongSign == 0, "the wrong sign " + wrongSign + " times");
  }

  /**
   * 4 lifetimes at a true +2% rarely decide +-5%; when they do not, running the lifetimes the
   * verdict names decides in most cases (measured: 256 of 400 inconclusive, 253 of those decided
   * when followed).
   */
  @Test
  void anInconclusiveVerdictsProjectionDecidesWhenFollowed() {
    Random random = new Random(29);
    int inconclusive = 0;
    int decidedAfter = 0;
    for (int trial = 0; trial < 400; trial++) {
      Duet first = duet(random, 4, 0.02);
      PairedVerdict verdict = PairedVerdict.of(first.a, first.b, first.placement, RULES);
      if (verdict.verdict() != Comparison.Verdict.INCONCLUSIVE
          || verdict.lifetimesNeeded() > VerdictRules.MAX_PROJECTED_RUNS) {
        continue;
      }
      inconclusive++;
      Duet followed = duet(random, verdict.lifetimesNeeded(), 0.02);
      decidedAfter += PairedVerdict.of(followed.a, followed.b, followed.placement, RULES).verdict().decided() ? 1 : 0;
    }
    assertTrue(inconclusive >= 200, "4 lifetimes should rarely decide a 2% change: " + inconclusive);
    assertTrue(decidedAfter >= 0.75 * inconclusive, decidedAfter + " of " + inconclusive + " decided");
  }

  /**
   * B slowed by 30% (a busy loop on its CPUs) for a third of one lifetime's window, or A, at a true
   * change of -10% (which moves every interval and is never a finding). Measured: the disturbed
   * lifetime named, with its side and inside the disturbed intervals, 998 and 997 times of 1000;
   * clean lifetimes flagged 0.01% of the time.
   */
  @Test
  void oneSideSlowedForAThirdOfTheWindowIsFlaggedAndCleanLifetimesRarely() {
    Random random = new Random(26);
    int trials = 2000;
    int cleanFlagged = 0;
    int[] caught = new int[2];
    for (int trial = 0; trial < trials; trial++) {
      int side = trial % 2;
      int start = random.nextInt(INTERVALS - INTERVALS / 3 + 1);
      Duet duet = duet(random, 8, -0.10, new Disturbance(0, side, start, INTERVALS / 3, 0.7));
      for (OneSidedInterference found : OneSidedInterference.find(duet.a, duet.b)) {
        if (found.lifetime() == 0) {
          boolean right = found.side().equals(side == 0 ? "A" : "B") && found.firstInterval() >= start
              && found.lastInterval() < start + INTERVALS / 3;
          caught[side] += right ? 1 : 0;
        } else {
          cleanFlagged++;
        }
      }
    }
    assertTrue(caught[0] >= 0.97 * trials / 2 && caught[1] >= 0.97 * trials / 2, "caught on A " + caught[0]
        + " and on B " + caught[1] + " times of " + trials / 2);
    assertTrue(cleanFlagged <= 0.01 * 7 * trials, cleanFlagged + " of " + 7 * trials + " clean lifetimes flagged");
  }

  /**
   * An A/A of 6 lifetimes, 2 of them with B slowed by 30% for a third of the window, both while B had
   * the same CPUs (as a neighbour that runs now and then on one CPU would hit it). Folded into
   * the estimate they make B "slower" 14% of the time (measured), past the 6% an A/A allows; the
   * verdict names them (95% of comparisons name both) and stands only if it is the same without
   * them: B "slower" 2.5% of the time, nearly all the rest inconclusive.
   */
  @Test
  void disturbedLifetimesAreNamedAndDoNotDecideAlone() {
    Random random = new Random(27);
    int trials = 1000;
    int falseVerdicts = 0;
    int foldedFalseVerdicts = 0;
    int named = 0;
    for (int trial = 0; trial < trials; trial++) {
      Duet duet = duet(random, 6, 0, new Disturbance(3, 1, random.nextInt(21), INTERVALS / 3, 0.7),
          new Disturbance(4, 1, random.nextInt(21), INTERVALS / 3, 0.7));
      PairedVerdict verdict = PairedVerdict.of(duet.a, duet.b, duet.placement, RULES);
      falseVerdicts += isDifference(verdict.verdict()) ? 1 : 0;
      foldedFalseVerdicts += isDifference(PairedVerdict.decide(verdict.change(), RULES).verdict()) ? 1 : 0;
      named += verdict.text().contains("lifetime 4: B ran") && verdict.text().contains("lifetime 5: B ran") ? 1 : 0;
    }
    assertTrue(named >= 0.9 * trials, "both disturbed lifetimes named in " + named + " of " + trials);
    assertTrue(falseVerdicts <= 0.06 * trials, falseVerdicts + " false verdicts in " + trials);
    assertTrue(foldedFalseVerdicts > 0.06 * trials, "folded in, the disturbances gave only " + foldedFalseVerdicts
        + " false verdicts: this test no longer shows what the check is for");
  }

  /**
   * What the pairing removes: the same lifetimes compared as a serial comparison would (Welch over
   * each side's lifetime throughputs) give an interval 6.6 times as wide (measured medians: 46%
   * against 6.9%); a serial comparison would need 56 times the lifetimes a side.
   */
  @Test
  void pairingRemovesWhatTheMachineDoesToBothSides() {
    Random random = new Random(28);
    int trials = 1000;
    double[] paired = new double[trials];
    double[] serial = new double[trials];
    double[] factor = new double[trials];
    for (int trial = 0; trial < trials; trial++) {
      Duet duet = duet(random, 8, 0);
      PairedChange change = PairedChange.of(duet.a, duet.b, duet.placement, CONFIDENCE);
      RelativeChange unpaired = RelativeChange.of(lifetimeMeans(duet.a), lifetimeMeans(duet.b), CONFIDENCE);
      paired[trial] = change.highPercent() - change.lowPercent();
      serial[trial] = unpaired.highPercent() - unpaired.lowPercent();
      factor[trial] = change.serialLifetimesFactor();
    }
    assertTrue(median(paired) <= median(serial) / 4, "paired " + median(paired) + "% wide, serial " + median(serial));
    assertTrue(median(factor) >= 16, "a serial comparison would need " + median(factor) + " times the lifetimes");
  }

  private static boolean isDifference(Comparison.Verdict verdict) {
    return verdict == Comparison.Verdict.B_IS_FASTER || verdict == Comparison.Verdict.B_IS_SLOWER;
  }

  private static int count(Map<Comparison.Verdict, Integer> verdicts, Comparison.Verdict verdict) {
    return verdicts.getOrDefault(verdict, 0);
  }

  private static boolean covers(PairedChange change, double effect) {
    return change.lowPercent() <= 100 * effect && 100 * effect <= change.highPercent();
  }

  /** The t-interval over every interval's log ratio, each taken as a sample. */
  private static boolean naiveCovers(Duet duet, double effect) {
    List<Double> x = new ArrayList<>();
    for (int l = 0; l < duet.a.length; l++) {
      for (int i = 0; i < duet.a[l].length; i++) {
        x.add(Math.log(duet.b[l][i] / duet.a[l][i]));
      }
    }
    double mean = x.stream().mapToDouble(v -> v).average().orElseThrow();
    double squares = x.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    double se = Math.sqrt(squares / (x.size() - 1) / x.size());
    double t = new TDistribution(null, x.size() - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    double truth = Math.log1p(effect);
    return mean - t * se <= truth && truth <= mean + t * se;
  }

  private static double[] lifetimeMeans(double[][] side) {
    return Arrays.stream(side).mapToDouble(l -> Arrays.stream(l).average().orElseThrow()).toArray();
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /** One side (0 A, 1 B) of one lifetime slowed by {@code factor} over {@code length} intervals from {@code start}. */
  private record Disturbance(int lifetime, int side, int start, int length, double factor) {
  }

  private record Duet(double[][] a, double[][] b, int[] placement) {
  }

  /** {@code lifetimes} lifetimes of A at 1000 ops/s and B at {@code 1000 (1 + effect)}, placements ABBA. */
  private static Duet duet(Random random, int lifetimes, double effect, Disturbance... disturbances) {
    double[][] a = new double[lifetimes][INTERVALS];
    double[][] b = new double[lifetimes][INTERVALS];
    int[] placement = new int[lifetimes];
    for (int l = 0; l < lifetimes; l++) {
      placement[l] = new int[] {0, 1, 1, 0}[l % 4];
      double cpuB = (placement[l] == 1 ? 0.5 : -0.5) * CPU_EFFECT;
      double level = SHARED_LEVEL_SD * random.nextGaussian();
      double startA = LIFETIME_SD * random.nextGaussian();
      double startB = LIFETIME_SD * random.nextGaussian();
      double shared = SHARED_SD * random.nextGaussian();
      double noiseA = NOISE_SD * random.nextGaussian();
      double noiseB = NOISE_SD * random.nextGaussian();
      for (int i = 0; i < INTERVALS; i++) {
        if (i > 0) {
          shared = ar(random, shared, SHARED_PHI, SHARED_SD);
          noiseA = ar(random, noiseA, NOISE_PHI, NOISE_SD);
          noiseB = ar(random, noiseB, NOISE_PHI, NOISE_SD);
        }
        double machine = level + shared;
        a[l][i] = 1000 * Math.exp(machine + startA + noiseA - cpuB);
        b[l][i] = 1000 * (1 + effect) * Math.exp(machine + startB + noiseB + cpuB);
        for (Disturbance disturbance : disturbances) {
          if (disturbance.lifetime == l && i >= disturbance.start && i < disturbance.start + disturbance.length) {
            (disturbance.side == 0 ? a : b)[l][i] *= disturbance.factor;
          }
        }
      }
    }
    return new Duet(a, b, placement);
  }

  /** The next value of a stationary AR(1) of standard deviation {@code sd}. */
  private static double ar(Random random, double previous, double phi, double sd) {
    return phi * previous + sd * Math.sqrt(1 - phi * phi) * random.nextGaussian();
  }
}
