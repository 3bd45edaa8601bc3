package org.hperf.analyzers;

import java.util.Arrays;
import java.util.Random;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How much one figure (a throughput, a p50, a p99) of side B's runs differs from side A's: the
 * relative change of the means over runs, {@code mean(B) / mean(A) - 1}, with a confidence interval
 * and a p-value for "no change". Each run is one observation: its throughput over its window, or
 * the percentile of its merged histogram (percentiles are never averaged inside a run).
 *
 * <p>The interval is Fieller's for a ratio of two independent means, with Welch's standard errors
 * and Welch-Satterthwaite degrees of freedom: the set of ratios r for which
 * {@code (mean(B) - r mean(A))^2 <= t^2 (varB/nB + r^2 varA/nA)}. It is the seed's own estimate
 * (the ratio of the averages) with an interval that is exact for normal run-to-run variation of
 * equal variance and close to nominal with unequal variances, and it needs only two runs a side.
 * A percentile bootstrap over runs does not: with 3 runs a side it resamples only 10 distinct
 * means per side, its spread is the plug-in one (too small by a factor sqrt((n-1)/n)) and it
 * ignores Student's tails, so its 95% interval covers the truth only about 80% of the time
 * ({@code RelativeChangeTest} measures it). A distribution-free permutation test cannot help
 * either: 3 + 3 runs split into two groups in only 20 ways, so its smallest two-sided p is 0.1. Its
 * exact p is still given, as a check that assumes nothing about the distribution.
 *
 * <p>At ratio 1 Fieller's inequality is Welch's t-test of equal means, with the same t quantile:
 * the interval leaves out 0 exactly when Welch's p is below 1 - confidence, so the interval and
 * the p-value never disagree. When A's mean is itself indistinguishable from 0 the set is
 * unbounded (no interval is given) and only the test decides.
 */
public record RelativeChange(double meanA, double meanB, double changePercent, Double lowPercent, Double highPercent,
    Double degreesOfFreedom, Double pValue, Double permutationPValue, boolean significant) {

  /** Exact enumeration of the permutation test up to this many splits, a seeded sample beyond. */
  private static final int EXACT_PERMUTATIONS = 200_000;
  private static final int SAMPLED_PERMUTATIONS = 100_000;

  /**
   * The change from {@code a} to {@code b} with a two-sided interval of {@code confidence} (0.95).
   * With fewer than two values on a side there is no spread to judge a difference by: the change is
   * given, with no interval, no p-value and never significant.
   */
  public static RelativeChange of(double[] a, double[] b, double confidence) {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence " + confidence + " is not between 0 and 1");
    }
    double meanA = mean(a);
    double meanB = mean(b);
    double change = meanA == 0 ? Double.NaN : 100 * (meanB / meanA - 1);
    if (a.length < 2 || b.length < 2 || !(meanA > 0)) {
      return new RelativeChange(meanA, meanB, change, null, null, null, null, null, false);
    }
    double varMeanA = variance(a, meanA) / a.length;
    double varMeanB = variance(b, meanB) / b.length;
    double df = varMeanA + varMeanB == 0 ? a.length + b.length - 2
        : square(varMeanA + varMeanB) / (square(varMeanA) / (a.length - 1) + square(varMeanB) / (b.length - 1));
    TDistribution t = new TDistribution(null, df);
    double quantile = t.inverseCumulativeProbability(1 - (1 - confidence) / 2);
    double q = quantile * quantile;
    double standardError = Math.sqrt(varMeanA + varMeanB);
    double p = standardError == 0 ? (meanA == meanB ? 1 : 0)
        : 2 * t.cumulativeProbability(-Math.abs(meanB - meanA) / standardError);
    // Fieller: r^2 (mA^2 - q vA) - 2 r mA mB + (mB^2 - q vB) <= 0.
    double qa = meanA * meanA - q * varMeanA;
    double qb = -2 * meanA * meanB;
    double qc = meanB * meanB - q * varMeanB;
    Double low = null;
    Double high = null;
    boolean significant = p < 1 - confidence;
    if (qa > 0) {
      // The ratio of the means satisfies the inequality, so the roots are real (up to rounding).
      double root = Math.sqrt(Math.max(0, qb * qb - 4 * qa * qc));
      low = 100 * ((-qb - root) / (2 * qa) - 1);
      high = 100 * ((-qb + root) / (2 * qa) - 1);
      // Decided by the interval, as reported; equal to the test's decision but for rounding.
      significant = low > 0 || high < 0;
    }
    return new RelativeChange(meanA, meanB, change, low, high, df, p, permutationPValue(a, b), significant);
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

  static double mean(double[] values) {
    return values.length == 0 ? Double.NaN : Arrays.stream(values).sum() / values.length;
  }

  private static double variance(double[] values, double mean) {
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
