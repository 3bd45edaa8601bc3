package org.hperf.analyzers.stats;

import org.hperf.core.UsageException;

/**
 * The rules a comparison is judged by, fixed before its runs and the same for both sides.
 *
 * @param confidence of the primary figure's interval (0.95); each other operation's is corrected
 *     for their number (Bonferroni), so that a workload's verdicts together keep about this level
 * @param marginPercent "equivalent" means B's change is shown to lie inside +-this (an
 *     equivalence test: the interval inside the margin); it is also the change an inconclusive
 *     run's projection aims to decide
 * @param unit what one observation of a side is: "lifetimes" when each run is a cluster lifetime
 *     of its own (start, warm-up, measure, stop), "runs" otherwise
 * @param steadyLifetimesRequired more than {@link #MAX_NOT_STEADY_SHARE} of a side's lifetimes not
 *     steady (its warm-up reached its cap, or a server still JIT-compiling in the measured window)
 *     make the verdict inconclusive
 */
public record VerdictRules(double confidence, double marginPercent, String unit, boolean steadyLifetimesRequired) {
  public static final double DEFAULT_MARGIN_PERCENT = 5;
  /** A third: with 3 lifetimes a side one cold one is tolerated, with 6 two. */
  public static final double MAX_NOT_STEADY_SHARE = 1.0 / 3;
  /** The power an inconclusive verdict's projections are for. */
  public static final double POWER = 0.8;
  /** More runs than this a side are not projected: "more than 100". */
  public static final int MAX_PROJECTED_RUNS = 100;

  public VerdictRules {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence " + confidence + " is not between 0 and 1");
    }
    if (!(marginPercent > 0 && marginPercent < 100)) {
      throw new IllegalArgumentException("margin " + marginPercent + "% is not between 0 and 100%");
    }
  }

  /** Plain runs compared (hperf compare): the default margin, no steadiness rule. */
  public static VerdictRules ofRuns(double confidence) {
    return new VerdictRules(confidence, DEFAULT_MARGIN_PERCENT, "runs", false);
  }

  public VerdictRules withMargin(double percent) {
    return new VerdictRules(confidence, percent, unit, steadyLifetimesRequired);
  }

  /** A percent option (--margin, --fail-if-slower): above 0 and below 100, e.g. 5 or 5%. */
  public static double parsePercent(String option, String value) throws UsageException {
    String number = value.endsWith("%") ? value.substring(0, value.length() - 1) : value;
    double percent;
    try {
      percent = Double.parseDouble(number);
    } catch (NumberFormatException e) {
      throw new UsageException(option + " " + value + " is not a percent: give one such as 5 (for 5%)");
    }
    if (!(percent > 0 && percent < 100)) {
      throw new UsageException(option + " " + value + " is not above 0% and below 100%: give a change such as 5"
          + " (for 5%)");
    }
    return percent;
  }

  /** The confidence of one of {@code others} secondary figures: Bonferroni over them. */
  double secondaryConfidence(int others) {
    return others <= 1 ? confidence : 1 - (1 - confidence) / others;
  }
}
