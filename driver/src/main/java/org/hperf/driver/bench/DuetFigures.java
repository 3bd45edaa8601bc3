package org.hperf.driver.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hperf.analyzers.AggregatedDir;
import org.hperf.analyzers.PairedLifetimes;
import org.hperf.analyzers.stats.PairedChange;
import org.hperf.analyzers.stats.PairedVerdict;
import org.hperf.analyzers.stats.RelativeChange;
import org.hperf.analyzers.stats.VerdictRules;
import org.hperf.core.run.RunSummary;

/**
 * The figures of a duet probe ({@code scripts/bench-duet-probe}): per lifetime, the two sides' runs
 * measured at the same time, their intervals matched by wall-clock second; then the paired change
 * over the lifetimes ({@link PairedVerdict}), and beside it what the same lifetimes say when
 * compared unpaired, as the serial design compares its lifetimes ({@link RelativeChange}): the ratio
 * of the two intervals' widths is what the pairing bought on this machine.
 *
 * <p>Arguments: per lifetime {@code <placement 0|1>:<side A's aggregated run dir>:<side B's>}.
 */
public final class DuetFigures {
  private static final double CONFIDENCE = 0.95;

  private DuetFigures() {
  }

  public static void main(String[] args) {
    BenchmarkMain.exitAfter(DuetFigures::run, args);
  }

  private static void run(String[] args) throws Exception {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: DuetFigures <placement>:<A run dir>:<B run dir>... (2 lifetimes or more)");
    }
    Configuration conf = new Configuration();
    int n = args.length;
    double[][] a = new double[n][];
    double[][] b = new double[n][];
    int[] placement = new int[n];
    double[] lifetimeA = new double[n];
    double[] lifetimeB = new double[n];
    for (int l = 0; l < n; l++) {
      String[] parts = args[l].split(":", 3);
      placement[l] = Integer.parseInt(parts[0]);
      Map<Long, Double> sideA = intervals(conf, parts[1]);
      Map<Long, Double> sideB = intervals(conf, parts[2]);
      List<Long> common = new ArrayList<>(sideA.keySet());
      common.retainAll(sideB.keySet());
      if (common.size() < 2) {
        throw new IllegalStateException("lifetime " + (l + 1) + ": the two runs share " + common.size()
            + " wall-clock seconds: they were not measured at the same time");
      }
      a[l] = common.stream().mapToDouble(sideA::get).toArray();
      b[l] = common.stream().mapToDouble(sideB::get).toArray();
      lifetimeA[l] = mean(a[l]);
      lifetimeB[l] = mean(b[l]);
      System.out.printf(Locale.ROOT, "lifetime %d (placement %d): %d common 1 s intervals; A %,.0f ops/s, B %,.0f ops/s,"
          + " B/A %+.1f%%; interval ratios' spread %.1f%%%n", l + 1, placement[l], common.size(), lifetimeA[l],
          lifetimeB[l], 100 * (lifetimeB[l] / lifetimeA[l] - 1), 100 * logRatioSpread(a[l], b[l]));
    }
    boolean bothPlacements = java.util.Arrays.stream(placement).distinct().count() == 2;
    PairedChange paired = PairedChange.of(a, b, bothPlacements ? placement : null, CONFIDENCE);
    PairedVerdict verdict = PairedVerdict.of(a, b, bothPlacements ? placement : null,
        VerdictRules.ofRuns(CONFIDENCE).withMargin(VerdictRules.DEFAULT_MARGIN_PERCENT));
    RelativeChange unpaired = RelativeChange.of(lifetimeA, lifetimeB, CONFIDENCE);
    System.out.printf(Locale.ROOT, "paired (duet): %s; %+.1f%% [%s, %s], width %s%n", verdict.text(),
        paired.changePercent(), percent(paired.lowPercent()), percent(paired.highPercent()),
        width(paired.lowPercent(), paired.highPercent()));
    System.out.printf(Locale.ROOT, "the same lifetimes unpaired (as the serial design compares them): %+.1f%% [%s, %s],"
        + " width %s%n", unpaired.changePercent(), percent(unpaired.lowPercent()), percent(unpaired.highPercent()),
        width(unpaired.lowPercent(), unpaired.highPercent()));
    System.out.printf(Locale.ROOT, "spread of a side's own lifetimes: A %s, B %s; of the paired lifetime ratios %s%n",
        logPercent(paired.spreadLogA()), logPercent(paired.spreadLogB()), logPercent(paired.spreadLog()));
    if (paired.placementPercent() != null) {
      System.out.printf(Locale.ROOT, "placement 1 against 0 (the CPUs' difference the swap cancels): %+.1f%%%n",
          paired.placementPercent());
    }
  }

  /** A one-run directory's ALL throughput per interval, keyed by the interval's wall-clock start in whole seconds. */
  private static Map<Long, Double> intervals(Configuration conf, String dir) throws Exception {
    RunSummary summary = AggregatedDir.read(conf, new Path(dir)).summary();
    if (summary.perRun().size() != 1) {
      throw new IllegalArgumentException(dir + ": " + summary.perRun().size() + " runs, a lifetime has 1");
    }
    return PairedLifetimes.bySecond(summary.perRun().values().iterator().next(), summary.intervalSeconds());
  }

  private static double logRatioSpread(double[] a, double[] b) {
    double[] x = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      x[i] = Math.log(b[i] / a[i]);
    }
    double mean = mean(x);
    double sum = 0;
    for (double v : x) {
      sum += (v - mean) * (v - mean);
    }
    return Math.sqrt(sum / (x.length - 1));
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }

  private static String percent(Double value) {
    return value == null ? "none" : String.format(Locale.ROOT, "%+.1f%%", value);
  }

  private static String width(Double low, Double high) {
    return low == null ? "none" : String.format(Locale.ROOT, "%.1f points", high - low);
  }

  private static String logPercent(Double spreadLog) {
    return spreadLog == null ? "none" : String.format(Locale.ROOT, "%.1f%%", 100 * (Math.exp(spreadLog) - 1));
  }
}
