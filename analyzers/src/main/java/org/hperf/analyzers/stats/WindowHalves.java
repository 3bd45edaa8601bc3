package org.hperf.analyzers.stats;

import java.util.Locale;

/**
 * Where a duet's noise lies: inside the measured windows, or between lifetimes. Kalibera and Jones
 * ("Rigorous Benchmarking in Reasonable Time", ISMM 2013) dimension an experiment by splitting its
 * variance into levels, because each level is shrunk by repeating that level only: noise inside a
 * window by longer (or steadier) windows, noise between lifetimes by more lifetimes alone.
 *
 * <p>Each lifetime's window is split in two halves (an odd middle interval left out) and the
 * lifetime's figure, {@code log(sum b / sum a)} as {@link PairedChange} takes it, is taken over each
 * half. If a window's noise were its only noise, the whole window's figure would vary around the
 * lifetime's true one by a quarter of the variance of the halves' difference (two halves of
 * variance s2 each: their difference 2 s2, their mean s2 / 2); the share of the lifetimes' variance
 * that this accounts for is {@link #insideShare}, the rest lies between lifetimes. Halves, not
 * intervals, so that the intervals' autocorrelation (a GC, a flush spans several) stays inside each
 * half instead of shrinking an interval-by-interval estimate. The halves' difference is centred on
 * its mean over the lifetimes: a ramp that every lifetime shares does not spread the lifetimes; it is
 * reported apart as each side's drift, the second half against the first: beyond 5% either way, the
 * sides were not steady over their windows (a warm-up ended too soon, or something slowed them).
 * Where the sides swapped CPUs between lifetimes, the lifetimes' variance is taken within
 * placements, as {@link PairedChange} takes its spread: a CPU faster than the other moves every
 * lifetime of one placement, which is not noise between lifetimes, since the swap cancels it.
 *
 * @param lifetimes the lifetimes split
 * @param insideShare the share, 0 to 1, of the paired figures' variance that the windows' own noise accounts for
 * @param halvesSpreadLog the standard deviation of the halves' paired difference, on the log scale
 * @param driftLogA side A's mean log of its second half's operations over its first half's
 * @param driftLogB the same for side B
 */
public record WindowHalves(int lifetimes, double insideShare, double halvesSpreadLog, double driftLogA,
    double driftLogB) {

  /** A drift beyond this (either side, either way) says the windows were not steady. */
  static final double DRIFT_NOT_STEADY = Math.log(1.05);

  /** As {@link #of(double[][], double[][], int[])}, the sides on the same CPUs in every lifetime. */
  public static WindowHalves of(double[][] a, double[][] b) {
    return of(a, b, null);
  }

  /**
   * The split of {@code [lifetime][interval]} throughputs of both sides, measured in the same
   * intervals, {@code placement} each lifetime's CPU assignment (0 or 1; null when unpinned); null
   * with fewer than 3 lifetimes (4 when both placements occur: a variance between lifetimes needs 2
   * degrees of freedom to mean anything beside the halves'), a window shorter than 4 intervals or a
   * half with no operations.
   */
  public static WindowHalves of(double[][] a, double[][] b, int[] placement) {
    int n = a.length;
    boolean blocked = placement != null && placement.length == n && PairedChange.bothPlacements(placement);
    if (n < (blocked ? 4 : 3) || b.length != n) {
      return null;
    }
    double[] whole = new double[n];
    double[] difference = new double[n];
    double driftA = 0;
    double driftB = 0;
    for (int l = 0; l < n; l++) {
      int intervals = a[l].length;
      if (intervals < 4 || b[l].length != intervals) {
        return null;
      }
      int half = intervals / 2;
      double firstA = sum(a[l], 0, half);
      double secondA = sum(a[l], intervals - half, intervals);
      double firstB = sum(b[l], 0, half);
      double secondB = sum(b[l], intervals - half, intervals);
      if (firstA <= 0 || secondA <= 0 || firstB <= 0 || secondB <= 0) {
        return null;
      }
      whole[l] = Math.log(sum(b[l], 0, intervals) / sum(a[l], 0, intervals));
      difference[l] = Math.log(secondB / secondA) - Math.log(firstB / firstA);
      driftA += Math.log(secondA / firstA) / n;
      driftB += Math.log(secondB / firstB) / n;
    }
    double lifetimesVariance = blocked ? PairedChange.Placements.of(whole, placement).variance()
        : RelativeChange.variance(whole);
    double differenceVariance = RelativeChange.variance(difference);
    double insideVariance = differenceVariance / 4;
    double share = lifetimesVariance > 0 ? Math.min(1, insideVariance / lifetimesVariance) : 1;
    return new WindowHalves(n, share, Math.sqrt(differenceVariance), driftA, driftB);
  }

  /**
   * "inside the windows: a window's halves differed by 13% (B/A), about 67% of the paired ratios'
   * variance (longer or steadier windows shrink it), 33% between lifetimes (more lifetimes alone
   * shrink it); the second half against the first: A +6.1%, B +12%: the sides were not steady over
   * their windows".
   */
  public String text() {
    String text = String.format(Locale.ROOT, "inside the windows: a window's halves differed by %.1f%% (B/A), about"
        + " %.0f%% of the paired ratios' variance (longer or steadier windows shrink it), %.0f%% between lifetimes"
        + " (more lifetimes alone shrink it); the second half against the first: A %+.1f%%, B %+.1f%%",
        100 * Math.expm1(halvesSpreadLog), 100 * insideShare, 100 * (1 - insideShare), 100 * Math.expm1(driftLogA),
        100 * Math.expm1(driftLogB));
    return notSteady() ? text + ": the sides were not steady over their windows" : text;
  }

  /** True when either side's second halves ran more than 5% off its first on average. */
  public boolean notSteady() {
    return Math.abs(driftLogA) > DRIFT_NOT_STEADY || Math.abs(driftLogB) > DRIFT_NOT_STEADY;
  }

  private static double sum(double[] values, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += values[i];
    }
    return sum;
  }
}
