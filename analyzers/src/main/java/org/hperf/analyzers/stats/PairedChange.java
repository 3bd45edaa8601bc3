package org.hperf.analyzers.stats;

import java.util.Locale;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How much side B's throughput differs from side A's in a paired ("duet") comparison, where both
 * sides run at the same time on one machine and are measured in the same wall-clock intervals: the
 * paired counterpart of {@link RelativeChange}. Input: per lifetime (start, warm-up, measure, stop of
 * both sides) each side's throughput in each of the lifetime's common intervals, all of one length.
 *
 * <p><b>The unit is the lifetime.</b> The intervals inside a lifetime are repeated measures,
 * autocorrelated and sharing what that start of the clusters gave each side (where regions and
 * blocks landed, what the JIT compiled), which pairing cannot remove; only lifetimes are
 * replicates. Treating the intervals as samples gives intervals far too narrow
 * ({@code PairedVerdictSimulationTest}: 8 lifetimes of 30 intervals, they covered the true change 42%
 * of the time, this interval 96%).
 *
 * <p><b>A lifetime's figure</b> is {@code log(sum b / sum a)}: the log of the ratio of the two sides'
 * throughputs over the lifetime's common window, the very figure the serial design compares (a
 * run's operations in its window over the window's length). What the machine does to both sides in
 * an interval (a neighbour, the hypervisor, the page cache) multiplies both sums' terms alike and
 * cancels in the ratio. Rejected, the mean of the intervals' log ratios: it counts an interval in
 * which one side stalled at the log of its ratio, so a 1 s interval in which B's GC paused for 0.9 s
 * moves a 30-interval lifetime by 7.4% where it cost B 3% of its operations, and an interval with no
 * operations on one side has no logarithm at all; the sum counts each operation once. Its price, that
 * intervals in which the machine was fast weigh more, is small: simulated with a shared effect of
 * 25% (AR(1), phi 0.9), the two had the same spread to 0.3% (1.2% with a shared effect of 50%).
 *
 * <p><b>The interval</b> is Student's one-sample t-interval over the lifetimes' figures ({@code n - 1}
 * degrees of freedom), turned back into a ratio, {@code exp(d +- t * se) - 1}, as for the serial
 * design. When the sides swap CPUs between lifetimes ({@code placement}), the design is a two-period
 * crossover, and a CPU faster than the other would add its difference to every lifetime of one
 * placement and take it from the other's: it would cancel in the mean only with equal numbers of
 * each, and it would inflate the spread (simulated, CPUs 2% apart and lifetimes spread by 4.3%:
 * intervals 10% wider). So with
 * placements, the change is the mean of the two placements' mean figures, its spread the pooled
 * spread within placements ({@code n - 2} degrees of freedom), and the CPUs' own difference is
 * reported apart ({@link #placementPercent}). The price is one degree of freedom.
 *
 * @param lifetimes the lifetimes compared
 * @param changePercent B against A, exp of the mean lifetime figure, minus 1, in percent
 * @param spreadLog the lifetimes' figures' standard deviation (within placements), on the log scale
 * @param spreadLogA the standard deviation of A's own lifetimes' log throughput: what the machine's
 *     noise would be in a serial comparison; null with fewer than 2 lifetimes
 * @param spreadLogB the same for B
 * @param placementPercent how much faster a side ran on the CPUs that B had in placement 1 than on
 *     those it had in placement 0, the difference the swap cancels; null without both placements
 */
public record PairedChange(int lifetimes, double changePercent, Double lowPercent, Double highPercent,
    Double degreesOfFreedom, Double pValue, boolean significant, Double standardErrorLog, Double spreadLog,
    Double spreadLogA, Double spreadLogB, Double placementPercent, double confidenceOfInterval) {

  /** Without placements (both sides on the same CPUs in every lifetime, or unpinned). */
  public static PairedChange of(double[][] a, double[][] b, double confidence) {
    return of(a, b, null, confidence);
  }

  /**
   * The change from {@code a} to {@code b}, each {@code [lifetime][interval]} throughputs (ops/s, or
   * operations: intervals of one length), with a two-sided interval at {@code confidence}.
   * {@code placement}, when not null, is each lifetime's CPU assignment, 0 or 1. No interval (and
   * never significant) with fewer than 2 lifetimes (3 when both placements occur), or a lifetime in
   * which a side did no operation: the change then is of all operations (NaN if A did none).
   */
  public static PairedChange of(double[][] a, double[][] b, int[] placement, double confidence) {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence " + confidence + " is not between 0 and 1");
    }
    int n = checkedLifetimes(a, b, placement);
    double[] d = new double[n];
    double[] logA = new double[n];
    double[] logB = new double[n];
    double totalA = 0;
    double totalB = 0;
    boolean everyLifetimeHasOperations = true;
    for (int l = 0; l < n; l++) {
      double sumA = sum(a[l]);
      double sumB = sum(b[l]);
      totalA += sumA;
      totalB += sumB;
      everyLifetimeHasOperations &= sumA > 0 && sumB > 0;
      d[l] = Math.log(sumB / sumA);
      logA[l] = Math.log(sumA / a[l].length);
      logB[l] = Math.log(sumB / b[l].length);
    }
    boolean blocked = placement != null && bothPlacements(placement);
    if (!everyLifetimeHasOperations || n < (blocked ? 3 : 2)) {
      double change = everyLifetimeHasOperations ? 100 * Math.expm1(RelativeChange.mean(d))
          : totalA > 0 ? 100 * (totalB / totalA - 1) : Double.NaN;
      return new PairedChange(n, change, null, null, null, null, false, null, null, null, null, null, confidence);
    }
    double difference;
    double spread;
    double standardError;
    double df;
    Double placementPercent = null;
    if (blocked) {
      Placements placements = Placements.of(d, placement);
      df = n - 2;
      spread = Math.sqrt(placements.variance());
      difference = (placements.mean0() + placements.mean1()) / 2;
      standardError = spread / 2 * Math.sqrt(1.0 / placements.count0() + 1.0 / placements.count1());
      placementPercent = 100 * Math.expm1((placements.mean1() - placements.mean0()) / 2);
    } else {
      df = n - 1;
      difference = RelativeChange.mean(d);
      spread = standardDeviation(d);
      standardError = spread / Math.sqrt(n);
    }
    TDistribution t = new TDistribution(null, df);
    double halfWidth = t.inverseCumulativeProbability(1 - (1 - confidence) / 2) * standardError;
    double low = 100 * Math.expm1(difference - halfWidth);
    double high = 100 * Math.expm1(difference + halfWidth);
    double p = standardError == 0 ? (difference == 0 ? 1 : 0)
        : 2 * t.cumulativeProbability(-Math.abs(difference) / standardError);
    return new PairedChange(n, 100 * Math.expm1(difference), low, high, df, p, low > 0 || high < 0, standardError,
        spread, standardDeviation(logA), standardDeviation(logB), placementPercent, confidence);
  }

  /**
   * The interval of the equivalence test, two one-sided tests at {@code 1 - confidence} each: the
   * {@code 2 confidence - 1} two-sided interval (90% for 95%), as {@link RelativeChange#equivalenceInterval}.
   */
  public double[] equivalenceInterval(double confidence) {
    if (standardErrorLog == null) {
      return null;
    }
    double d = Math.log1p(changePercent / 100);
    double halfWidth = new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(confidence)
        * standardErrorLog;
    return new double[] {100 * Math.expm1(d - halfWidth), 100 * Math.expm1(d + halfWidth)};
  }

  /** The change these lifetimes find with probability {@code power}: {@code (t(1 - alpha/2) + t(power)) * se}. */
  public Double detectablePercent(double confidence, double power) {
    if (standardErrorLog == null) {
      return null;
    }
    TDistribution t = new TDistribution(null, degreesOfFreedom);
    double quantiles = t.inverseCumulativeProbability(1 - (1 - confidence) / 2) + t.inverseCumulativeProbability(power);
    return 100 * Math.expm1(quantiles * standardErrorLog);
  }

  /**
   * How many lifetimes in all (placements balanced) would decide within {@code marginPercent} with
   * probability about {@code power} if the true change is the one measured: the interval leaves 0
   * out, or the equivalence interval lies inside the margin. The spread assumed is the measured one's
   * upper one-sided {@code power} bound (chi-square), as {@link RelativeChange#runsNeeded} and for the
   * same reason. Null without a spread; {@code cap + 1} beyond {@code cap}.
   */
  public Integer lifetimesNeeded(double confidence, double marginPercent, double power, int cap) {
    if (spreadLog == null) {
      return null;
    }
    return projected(Math.abs(Math.log1p(changePercent / 100)), Math.log1p(marginPercent / 100), confidence, power,
        cap);
  }

  /**
   * How many lifetimes in all would find a true change of {@code percent} (its interval leaving 0
   * out) with probability about {@code power}, from this comparison's spread (its upper bound, as in
   * {@link #lifetimesNeeded}): what a dimensioning A/A recommends. Null without a spread.
   */
  public Integer lifetimesToDetect(double percent, double confidence, double power, int cap) {
    if (spreadLog == null) {
      return null;
    }
    return projected(Math.abs(Math.log1p(percent / 100)), Double.NEGATIVE_INFINITY, confidence, power, cap);
  }

  private int projected(double change, double margin, double confidence, double power, int cap) {
    double spread = spreadLog * Math.sqrt(degreesOfFreedom
        / new ChiSquaredDistribution(null, degreesOfFreedom).inverseCumulativeProbability(1 - power));
    int least = placementPercent != null ? 3 : 2;
    if (cap < least || !decides(cap, change, margin, spread, confidence, power)) {
      return cap + 1;
    }
    // Deciding is monotone in n (the standard error and the t quantiles both fall), so bisect: a
    // comparison far from deciding would otherwise cost a hundred t-distributions.
    int low = least - 1;
    int high = cap;
    while (high - low > 1) {
      int n = (low + high) >>> 1;
      if (decides(n, change, margin, spread, confidence, power)) {
        high = n;
      } else {
        low = n;
      }
    }
    return high;
  }

  /** Whether n lifetimes of this spread would decide: the interval leaves 0 out, or the equivalence one is inside. */
  private boolean decides(int n, double change, double margin, double spread, double confidence, double power) {
    TDistribution t = new TDistribution(null, placementPercent != null ? n - 2 : n - 1);
    double se = spread / Math.sqrt(n);
    double toPower = t.inverseCumulativeProbability(power);
    boolean different = (t.inverseCumulativeProbability(1 - (1 - confidence) / 2) + toPower) * se <= change;
    boolean equivalent = (t.inverseCumulativeProbability(confidence) + toPower) * se <= margin - change;
    return different || equivalent;
  }

  /** +1 if B is significantly higher, -1 if significantly lower, 0 otherwise. */
  public int direction() {
    return !significant ? 0 : changePercent > 0 ? 1 : -1;
  }

  /**
   * How many times the lifetimes a side a serial comparison would need for this standard error, if
   * its lifetimes varied as these sides' own did: {@code (spreadA^2 + spreadB^2) / spread^2}. Null
   * without spreads or with a paired spread of 0.
   */
  public Double serialLifetimesFactor() {
    if (spreadLog == null || spreadLog == 0) {
      return null;
    }
    return (square(spreadLogA) + square(spreadLogB)) / square(spreadLog);
  }

  /**
   * How noisy the machine was and how much of it the pairing removed: "each side's own lifetimes
   * varied by 23% (A) and 25% (B), their paired ratios by 3.4%: a serial comparison would need 98
   * times the lifetimes a side for this interval". Null without spreads.
   */
  public String noiseText() {
    if (spreadLog == null) {
      return null;
    }
    String text = String.format(Locale.ROOT, "each side's own lifetimes varied by %s (A) and %s (B), their paired"
        + " ratios by %s", Comparison.magnitude(100 * Math.expm1(spreadLogA)),
        Comparison.magnitude(100 * Math.expm1(spreadLogB)), Comparison.magnitude(100 * Math.expm1(spreadLog)));
    Double factor = serialLifetimesFactor();
    return factor == null ? text : text + String.format(Locale.ROOT, ": a serial comparison would need %.0f times"
        + " the lifetimes a side for this interval", factor);
  }

  /** The lifetimes of a and b, checked to pair up interval by interval. */
  private static int checkedLifetimes(double[][] a, double[][] b, int[] placement) {
    if (a.length != b.length) {
      throw new IllegalArgumentException(a.length + " lifetimes of A but " + b.length + " of B");
    }
    if (placement != null && placement.length != a.length) {
      throw new IllegalArgumentException(placement.length + " placements for " + a.length + " lifetimes");
    }
    for (int l = 0; l < a.length; l++) {
      if (a[l].length != b[l].length || a[l].length == 0) {
        throw new IllegalArgumentException("lifetime " + (l + 1) + ": " + a[l].length + " intervals of A and "
            + b[l].length + " of B: the sides must be measured in the same intervals");
      }
      if (placement != null && placement[l] != 0 && placement[l] != 1) {
        throw new IllegalArgumentException("lifetime " + (l + 1) + ": placement " + placement[l] + " is not 0 or 1");
      }
    }
    return a.length;
  }

  /**
   * The lifetimes' figures {@code d} blocked by their placement: each placement's mean and count, and
   * the pooled variance within placements ({@code n - 2} degrees of freedom), which the CPUs' own
   * difference does not inflate.
   */
  record Placements(double mean0, double mean1, int count0, int count1, double variance) {
    static Placements of(double[] d, int[] placement) {
      double[] sums = new double[2];
      int[] counts = new int[2];
      for (int l = 0; l < d.length; l++) {
        sums[placement[l]] += d[l];
        counts[placement[l]]++;
      }
      double mean0 = sums[0] / counts[0];
      double mean1 = sums[1] / counts[1];
      double squares = 0;
      for (int l = 0; l < d.length; l++) {
        squares += square(d[l] - (placement[l] == 0 ? mean0 : mean1));
      }
      return new Placements(mean0, mean1, counts[0], counts[1], squares / (d.length - 2));
    }
  }

  static boolean bothPlacements(int[] placement) {
    boolean zero = false;
    boolean one = false;
    for (int p : placement) {
      zero |= p == 0;
      one |= p == 1;
    }
    return zero && one;
  }

  private static double sum(double[] values) {
    double sum = 0;
    for (double v : values) {
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new IllegalArgumentException("throughput " + v + " is not a finite figure of 0 or more");
      }
      sum += v;
    }
    return sum;
  }

  private static double standardDeviation(double[] values) {
    return Math.sqrt(RelativeChange.variance(values));
  }

  private static double square(double x) {
    return x * x;
  }
}
