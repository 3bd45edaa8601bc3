package org.hperf.analyzers.stats;

import java.util.Arrays;
import java.util.Random;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How much one figure (a throughput, a p50, a p99) of side B's runs differs from side A's: the
 * relative change of the runs' geometric means, {@code gm(B) / gm(A) - 1}, with a confidence
 * interval and a p-value for "no change". Each run is one observation: its throughput over its
 * window, or the percentile of its merged histogram (percentiles are never averaged inside a run).
 *
 * <p>The interval is Welch's t-interval for the difference of the mean logarithms, with
 * Welch-Satterthwaite degrees of freedom, turned back into a ratio: {@code exp(d +- t * se) - 1}.
 * Why logarithms: run-to-run variation of throughput and latency is multiplicative (a neighbour
 * that takes half the CPU halves the throughput, whatever it was), so on a log scale it is
 * additive and of one size on both sides, as the t-interval assumes; a ratio is what is reported,
 * and its interval is then always bounded and above -100%, and swapping A and B inverts it
 * exactly. With small run-to-run spreads the geometric mean is the arithmetic one (the seed's)
 * to well under a percent. Simulated (3 runs a side, see {@code RelativeChangeTest}): on
 * log-normal runs it covers the true change 94-97% of the time, and on normal runs the ratio of
 * the arithmetic means 94-97%; Fieller's interval for the ratio of arithmetic means, the other
 * candidate, is unbounded in 60% of samples once one side's runs vary by 60%, and then finds a
 * tenfold difference only a third of the time (this one: 88%).
 *
 * <p>Why not a percentile bootstrap over runs: with 3 runs a side it resamples only 10 distinct
 * means per side, its spread is the plug-in one (too small by a factor sqrt((n-1)/n)) and it
 * ignores Student's tails, so its 95% interval covers the truth only about 80% of the time. Why
 * not a permutation test: 3 + 3 runs split into two groups in only 20 ways, so its smallest
 * two-sided p is 0.1 and it can never call a difference at 5%. Its exact p is still given, as a
 * check that assumes nothing about the distribution. Welch's test with 3 runs a side has 2 to 4
 * degrees of freedom (t = 2.8 to 4.3 at 95%): a difference is called when it is about 3 to 4 of
 * its standard errors. The interval leaves out 0 exactly when Welch's p is below 1 - confidence.
 */
public record RelativeChange(double meanA, double meanB, double changePercent, Double lowPercent, Double highPercent,
    Double degreesOfFreedom, Double pValue, Double permutationPValue, boolean significant, Double standardErrorLog,
    Double spreadLog, double confidenceOfInterval) {

  /** Exact enumeration of the permutation test up to this many splits, a seeded sample beyond. */
  private static final int EXACT_PERMUTATIONS = 200_000;
  private static final int SAMPLED_PERMUTATIONS = 100_000;

  /**
   * The change from {@code a} to {@code b} with a two-sided interval of {@code confidence} (0.95);
   * {@code meanA} and {@code meanB} are geometric means. With fewer than two values on a side there
   * is no spread to judge a difference by, and a value of 0 or less has no logarithm: the change is
   * given (of arithmetic means if a value is 0), with no interval, no p-value and never significant.
   */
  public static RelativeChange of(double[] a, double[] b, double confidence) {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence " + confidence + " is not between 0 and 1");
    }
    if (!allPositive(a) || !allPositive(b)) {
      double meanA = mean(a);
      double meanB = mean(b);
      return new RelativeChange(meanA, meanB, meanA > 0 ? 100 * (meanB / meanA - 1) : Double.NaN, null, null, null,
          null, null, false, null, null, confidence);
    }
    double[] logA = logs(a);
    double[] logB = logs(b);
    double difference = mean(logB) - mean(logA);
    double meanA = Math.exp(mean(logA));
    double meanB = Math.exp(mean(logB));
    double change = 100 * Math.expm1(difference);
    if (a.length < 2 || b.length < 2) {
      return new RelativeChange(meanA, meanB, change, null, null, null, null, null, false, null, null, confidence);
    }
    double varMeanA = variance(logA) / a.length;
    double varMeanB = variance(logB) / b.length;
    double df = varMeanA + varMeanB == 0 ? a.length + b.length - 2
        : square(varMeanA + varMeanB) / (square(varMeanA) / (a.length - 1) + square(varMeanB) / (b.length - 1));
    TDistribution t = new TDistribution(null, df);
    double halfWidth = t.inverseCumulativeProbability(1 - (1 - confidence) / 2) * Math.sqrt(varMeanA + varMeanB);
    double low = 100 * Math.expm1(difference - halfWidth);
    double high = 100 * Math.expm1(difference + halfWidth);
    double standardError = Math.sqrt(varMeanA + varMeanB);
    double p = standardError == 0 ? (difference == 0 ? 1 : 0)
        : 2 * t.cumulativeProbability(-Math.abs(difference) / standardError);
    // Decided by the interval, as reported; the same as p < 1 - confidence but for rounding.
    boolean significant = low > 0 || high < 0;
    // Each side's run-to-run spread on the log scale, pooled: what a projection to more runs assumes stays.
    double spread = Math.sqrt((variance(logA) + variance(logB)) / 2);
    return new RelativeChange(meanA, meanB, change, low, high, df, p, permutationPValue(logA, logB), significant,
        standardError, spread, confidence);
  }

  /**
   * The interval of the equivalence test at {@code confidence}: two one-sided tests (Schuirmann's
   * TOST), each at {@code alpha = 1 - confidence}, which is the {@code 1 - 2 alpha} two-sided
   * interval ({@code exp(d +- t(1 - alpha) * se) - 1}, 90% for a 95% comparison): B is shown
   * equivalent within +-M when it lies inside +-M. A comparison that says "equivalent" is then wrong
   * at most alpha of the time when the true change is M, as one that says "slower" is wrong at
   * most alpha (two-sided, alpha/2 each way) of the time when there is none. Null without an interval.
   */
  public double[] equivalenceInterval(double confidence) {
    if (standardErrorLog == null || degreesOfFreedom == null) {
      return null;
    }
    double d = Math.log1p(changePercent / 100);
    double halfWidth = new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(confidence)
        * standardErrorLog;
    return new double[] {100 * Math.expm1(d - halfWidth), 100 * Math.expm1(d + halfWidth)};
  }

  /**
   * The smallest change, in percent of A, that a comparison with this standard error and these
   * degrees of freedom finds (its interval leaves 0 out) with probability {@code power}:
   * {@code (t(1 - alpha/2) + t(power)) * se} on the log scale, the usual sample-size relation
   * with Student's t for the normal's quantiles. Null without an interval.
   */
  public Double detectablePercent(double confidence, double power) {
    if (standardErrorLog == null || degreesOfFreedom == null) {
      return null;
    }
    TDistribution t = new TDistribution(null, degreesOfFreedom);
    double quantiles = t.inverseCumulativeProbability(1 - (1 - confidence) / 2) + t.inverseCumulativeProbability(power);
    return 100 * Math.expm1(quantiles * standardErrorLog);
  }

  /**
   * How many runs a side (balanced) would decide within {@code marginPercent} with probability
   * about {@code power}, if the true change is the one measured: enough that the interval either
   * leaves 0 out (a change at least as large as this one) or lies inside +-margin (a change this
   * small). The spread assumed is not the one measured but its upper one-sided {@code power}
   * confidence bound (chi-square): from 3 runs a side the measured spread is often too small, and
   * a projection from it, followed, then decided only 6 times in 10 in simulation.
   * Null without a spread; {@code cap + 1} when more than {@code cap} would be needed.
   */
  public Integer runsNeeded(double confidence, double marginPercent, double power, int cap) {
    if (spreadLog == null || degreesOfFreedom == null) {
      return null;
    }
    double margin = Math.log1p(marginPercent / 100);
    double measured = Math.abs(Math.log1p(changePercent / 100));
    double spread = spreadLog * Math.sqrt(degreesOfFreedom
        / new ChiSquaredDistribution(null, degreesOfFreedom).inverseCumulativeProbability(1 - power));
    for (int n = 2; n <= cap; n++) {
      TDistribution t = new TDistribution(null, 2.0 * n - 2);
      double se = spread * Math.sqrt(2.0 / n);
      double toPower = t.inverseCumulativeProbability(power);
      // Decided when the two-sided interval leaves 0 out (|d| beyond its half-width), or when the
      // equivalence test's one-sided intervals lie inside the margin (margin - |d| beyond theirs).
      boolean different = (t.inverseCumulativeProbability(1 - (1 - confidence) / 2) + toPower) * se <= measured;
      boolean equivalent = (t.inverseCumulativeProbability(confidence) + toPower) * se <= margin - measured;
      if (different || equivalent) {
        return n;
      }
    }
    return cap + 1;
  }

  /** +1 if B is significantly higher, -1 if significantly lower, 0 if no significant difference. */
  public int direction() {
    return !significant ? 0 : changePercent > 0 ? 1 : -1;
  }

  /**
   * The exact two-sided permutation p-value of the difference of means: the share of all ways to
   * split the pooled runs into groups of A's and B's sizes whose difference is at least as large as
   * the observed one (a seeded sample of splits when there are very many).
   */
  static double permutationPValue(double[] a, double[] b) {
    int n = a.length + b.length;
    double[] pooled = Arrays.copyOf(a, n);
    System.arraycopy(b, 0, pooled, a.length, b.length);
    double total = Arrays.stream(pooled).sum();
    double observed = Math.abs(mean(b) - mean(a));
    // Differences equal to the observed one up to rounding count as at least as large.
    double tolerance = 1e-9 * Math.max(1, Math.abs(total));
    double splits = binomial(n, a.length);
    long atLeast = 0;
    long counted = 0;
    if (splits <= EXACT_PERMUTATIONS) {
      int[] chosen = new int[a.length];
      for (int i = 0; i < chosen.length; i++) {
        chosen[i] = i;
      }
      do {
        atLeast += difference(pooled, chosen, total, b.length) >= observed - tolerance ? 1 : 0;
        counted++;
      } while (nextCombination(chosen, n));
      return (double) atLeast / counted;
    }
    Random random = new Random(1);
    int[] indices = new int[n];
    for (int i = 0; i < n; i++) {
      indices[i] = i;
    }
    for (int s = 0; s < SAMPLED_PERMUTATIONS; s++) {
      for (int i = 0; i < a.length; i++) {
        int j = i + random.nextInt(n - i);
        int swap = indices[i];
        indices[i] = indices[j];
        indices[j] = swap;
      }
      atLeast += difference(pooled, Arrays.copyOf(indices, a.length), total, b.length) >= observed - tolerance ? 1 : 0;
    }
    // The observed split counts as one of the sampled ones, so p is never 0.
    return (atLeast + 1.0) / (SAMPLED_PERMUTATIONS + 1.0);
  }

  private static double difference(double[] pooled, int[] chosenForA, double total, int sizeB) {
    double sumA = 0;
    for (int index : chosenForA) {
      sumA += pooled[index];
    }
    return Math.abs((total - sumA) / sizeB - sumA / chosenForA.length);
  }

  /** Advances {@code c} (ascending indices below n) to the next combination; false after the last. */
  private static boolean nextCombination(int[] c, int n) {
    int k = c.length;
    int i = k - 1;
    while (i >= 0 && c[i] == n - k + i) {
      i--;
    }
    if (i < 0) {
      return false;
    }
    c[i]++;
    for (int j = i + 1; j < k; j++) {
      c[j] = c[j - 1] + 1;
    }
    return true;
  }

  private static double binomial(int n, int k) {
    double result = 1;
    for (int i = 1; i <= k; i++) {
      result = result * (n - k + i) / i;
    }
    return result;
  }

  private static boolean allPositive(double[] values) {
    return Arrays.stream(values).allMatch(v -> v > 0);
  }

  private static double[] logs(double[] values) {
    return Arrays.stream(values).map(Math::log).toArray();
  }

  static double mean(double[] values) {
    return values.length == 0 ? Double.NaN : Arrays.stream(values).sum() / values.length;
  }

  /** The sample variance (n - 1), shared by the paired figures ({@link PairedChange}, {@link WindowHalves}). */
  static double variance(double[] values) {
    double mean = mean(values);
    double sum = 0;
    for (double v : values) {
      sum += square(v - mean);
    }
    return sum / (values.length - 1);
  }

  private static double square(double x) {
    return x * x;
  }
}
