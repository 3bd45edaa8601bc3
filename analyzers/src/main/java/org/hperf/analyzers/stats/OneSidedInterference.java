package org.hperf.analyzers.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A lifetime of a paired comparison in which one side was disturbed for part of the window and the
 * other not: a neighbour busy on one side's CPUs, one side's own stall. Pairing cancels what hits
 * both sides; this is what it cannot cancel, and a large one would move its lifetime's figure far
 * from the others', which Student's interval, made for normal spreads, would take as a real
 * difference or as noise. So it is found and named, not folded into the verdict silently.
 *
 * <p><b>The rule.</b> Each interval's log ratio {@code x = log(b / a)} is compared with the median
 * of its lifetime's: a constant change of B, or what one start gave one side, moves the whole
 * lifetime and so never counts. An interval is beyond the bound when it lies more than
 * {@link #BOUND_ROBUST_SDS} robust standard deviations from that median, the standard deviation
 * being 1.4826 times the median absolute deviation from their lifetime's median of every interval
 * of the comparison: pooled, since one lifetime's 30 autocorrelated intervals give a scale that
 * varies by a fifth and that a disturbance inflates, and the interval noise is the same in every
 * lifetime but for disturbances. A lifetime is disturbed on one side when at least
 * {@link #MIN_SHARE} of its intervals, and at least {@link #MIN_INTERVALS}, lie beyond the bound on
 * the same side: one interval is a single spike's, or chance's. An interval in which one side did no
 * operation is beyond any bound; one in which neither did says nothing.
 *
 * <p><b>Why 4.</b> Interval noise is autocorrelated, so beyond-bound intervals come in runs and a
 * bound of 3 counts runs of chance excursions: simulated, per-side AR(1) interval noise with phi 0.5
 * to 0.9, 12 to 60 intervals a lifetime, 8 lifetimes: a bound of 3 flagged 0.1-3% of clean
 * lifetimes, 4 at most 0.6% (phi 0.9 and 12 intervals; 0.03% at phi 0.7 and 30), while one side's
 * intervals slowed by 30% for a third of the window, at 4% per-side interval noise, were flagged in
 * at least 99.5% of the lifetimes either way. What it cannot see: a slowdown smaller than about 4
 * times the interval ratios' noise: with that noise (5.7% a ratio), B slowed by 20% for a third of
 * the window in 2 of 6 lifetimes was named in only 16% of A/A comparisons, which then called B
 * slower 8% of the time (30%: named in 95%, slower 2.5%). Such a disturbance, when it hits either
 * side at random, is lifetime-to-lifetime noise that the interval carries; one that keeps hitting
 * one side is what an A/A of the machine is for. Nor one lasting more than half the window, which
 * moves the median: the undisturbed part is then named, on the other side, still flagged.
 * Lifetimes of fewer than {@link #MIN_JUDGED_INTERVALS} intervals are not judged.
 *
 * @param lifetime the lifetime's index, from 0
 * @param side "A" or "B": the side whose throughput fell against the other's in those intervals
 * @param intervals how many of its intervals lay beyond the bound on that side
 * @param firstInterval the first of them, from 0
 * @param lastInterval the last of them, from 0
 * @param ofIntervals the lifetime's intervals
 * @param slowerPercent how much slower the side ran against the other in those intervals than in its
 *     lifetime as a whole (the median of their ratios against the lifetime's): 30 for 30% slower
 */
public record OneSidedInterference(int lifetime, String side, int intervals, int firstInterval, int lastInterval,
    int ofIntervals, double slowerPercent) {
  static final double BOUND_ROBUST_SDS = 4;
  static final double MIN_SHARE = 0.1;
  static final int MIN_INTERVALS = 2;
  static final int MIN_JUDGED_INTERVALS = 6;
  private static final double MAD_TO_SIGMA = 1.4826;

  /** Every lifetime disturbed on one side, by lifetime (both sides of one lifetime may be), {@code [lifetime][interval]}. */
  public static List<OneSidedInterference> find(double[][] a, double[][] b) {
    int n = a.length;
    double[][] x = new double[n][];
    double[] medians = new double[n];
    List<Double> deviations = new ArrayList<>();
    for (int l = 0; l < n; l++) {
      x[l] = logRatios(a[l], b[l]);
      medians[l] = median(Arrays.stream(x[l]).filter(Double::isFinite).toArray());
      for (double v : x[l]) {
        if (Double.isFinite(v)) {
          deviations.add(Math.abs(v - medians[l]));
        }
      }
    }
    double bound = BOUND_ROBUST_SDS * MAD_TO_SIGMA * median(deviations.stream().mapToDouble(v -> v).toArray());
    List<OneSidedInterference> found = new ArrayList<>();
    for (int l = 0; l < n; l++) {
      if (x[l].length < MIN_JUDGED_INTERVALS) {
        continue;
      }
      int needed = Math.max(MIN_INTERVALS, (int) Math.ceil(MIN_SHARE * x[l].length));
      // B's throughput fell against A's: the ratio below the lifetime's; A's: above.
      addIfDisturbed(found, l, "B", x[l], medians[l], -1, bound, needed);
      addIfDisturbed(found, l, "A", x[l], medians[l], 1, bound, needed);
    }
    return found;
  }

  private static void addIfDisturbed(List<OneSidedInterference> found, int lifetime, String side, double[] x,
      double median, int sign, double bound, int needed) {
    List<Double> beyond = new ArrayList<>();
    int first = -1;
    int last = -1;
    for (int i = 0; i < x.length; i++) {
      // NaN (neither side did anything) compares false: never beyond.
      if (sign * (x[i] - median) > bound) {
        beyond.add(sign * (x[i] - median));
        first = first < 0 ? i : first;
        last = i;
      }
    }
    if (beyond.size() >= needed) {
      double typical = median(beyond.stream().mapToDouble(v -> v).toArray());
      found.add(new OneSidedInterference(lifetime, side, beyond.size(), first, last, x.length,
          100 * -Math.expm1(-typical)));
    }
  }

  /** "lifetime 3: B ran 29% slower against A in 10 of its 30 intervals (11 to 20) than in the rest of it". */
  public String text() {
    String other = side.equals("A") ? "B" : "A";
    return String.format(Locale.ROOT, "lifetime %d: %s ran %s slower against %s in %d of its %d intervals (%d to %d)"
        + " than in the lifetime as a whole", lifetime + 1, side, Comparison.magnitude(slowerPercent), other, intervals,
        ofIntervals, firstInterval + 1, lastInterval + 1);
  }

  /** Each interval's log(b / a): -infinity when only B did no operation, +infinity when only A, NaN when neither. */
  private static double[] logRatios(double[] a, double[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException(a.length + " intervals of A but " + b.length + " of B");
    }
    double[] x = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      x[i] = a[i] <= 0 && b[i] <= 0 ? Double.NaN : Math.log(Math.max(b[i], 0) / Math.max(a[i], 0));
    }
    return x;
  }

  /** The median; 0 of nothing (a lifetime in which one side never did anything: every interval is beyond). */
  private static double median(double[] values) {
    if (values.length == 0) {
      return 0;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
