package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hperf.analyzers.render.PairedRatioChart;
import org.hperf.analyzers.stats.Comparison;
import org.hperf.analyzers.stats.PairedChange;
import org.hperf.analyzers.stats.PairedVerdict;
import org.hperf.analyzers.stats.VerdictRules;
import org.hperf.analyzers.stats.WindowHalves;
import org.hperf.core.run.RunSummary;

/**
 * One workload of a duet ({@code hperf ab --duet}), paired lifetime by lifetime: in each lifetime
 * both sides were measured in the same wall-clock intervals ({@link PairedLifetimes}), and the
 * verdict is the paired one ({@link PairedVerdict}): the lifetime is the unit, its figure the log of
 * B's operations over A's in their common window, the sides' swap of CPUs a crossover. Beside it,
 * how noisy the machine was and how much of that the pairing removed: the spread of each side's own
 * lifetimes (what a serial comparison of these lifetimes would judge by) and the spread of the
 * paired ratios, and where the paired ratios' noise lies, inside the windows or between lifetimes
 * ({@link WindowHalves}): what a next run should lengthen.
 *
 * @param lifetimes the lifetimes paired (run indexes), in order
 * @param placements each paired lifetime's placement (0: A on the first half of the CPUs), or empty where unpinned
 * @param ratioPercent each paired lifetime's B/A - 1 over its common window, in percent
 * @param intervals each paired lifetime's common intervals
 * @param opsPerSecA side A's throughput over each paired lifetime's common window
 * @param opsPerSecB side B's
 * @param leftOut lifetimes that could not be paired, and why
 * @param windowHalves the noise split between the windows and the lifetimes; null with too few of either
 * @param intervalSeconds the length of an interval
 * @param intervalOpsPerSecA side A's throughput in each common interval, {@code [lifetime][interval]}: the ratio over time
 * @param intervalOpsPerSecB side B's, the same intervals
 */
public record DuetReport(String workload, List<Integer> lifetimes, List<Integer> placements, List<Double> ratioPercent,
    List<Integer> intervals, List<Double> opsPerSecA, List<Double> opsPerSecB, List<String> leftOut,
    PairedVerdict paired, WindowHalves windowHalves, long intervalSeconds, double[][] intervalOpsPerSecA,
    double[][] intervalOpsPerSecB) {

  /** The stretch of a window over which the ratio over time is taken: a single interval's is mostly its noise. */
  public static final int OVER_TIME_SECONDS = 10;

  public static final String METHOD = "per lifetime: log of B's operations over A's in the intervals both measured;"
      + " Student's t over the lifetimes, the sides' swap of CPUs a crossover; faster or slower when the interval"
      + " leaves 0 out, equivalent when the two one-sided tests' interval lies inside +-margin, else inconclusive";

  private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = new com.fasterxml.jackson.databind.ObjectMapper()
      .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
      .configure(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);

  /** Several workloads' paired sections as one JSON array (paired.json); the stream stays open. */
  public static void writeAll(java.io.OutputStream out, List<DuetReport> reports) throws java.io.IOException {
    MAPPER.writeValue(out, reports);
    out.write('\n');
    out.flush();
  }

  /**
   * Pairs the two sides' aggregated run directories of a workload; {@code placementOf} gives each
   * lifetime's placement (run index to 0 or 1), empty where the sides were not pinned.
   */
  public static DuetReport of(AggregatedDir a, AggregatedDir b, Map<Integer, Integer> placementOf, VerdictRules rules) {
    PairedLifetimes pairs = PairedLifetimes.of(a.summary(), b.summary());
    List<Integer> placements = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    List<Integer> intervals = new ArrayList<>();
    List<Double> meanA = new ArrayList<>();
    List<Double> meanB = new ArrayList<>();
    for (int l = 0; l < pairs.lifetimes().size(); l++) {
      if (placementOf.containsKey(pairs.lifetimes().get(l))) {
        placements.add(placementOf.get(pairs.lifetimes().get(l)));
      }
      double sumA = sum(pairs.a()[l]);
      double sumB = sum(pairs.b()[l]);
      ratios.add(100 * (sumB / sumA - 1));
      intervals.add(pairs.a()[l].length);
      meanA.add(sumA / pairs.a()[l].length);
      meanB.add(sumB / pairs.b()[l].length);
    }
    // Both placements must occur for the crossover; a duet of one lifetime, or unpinned, has none.
    boolean crossover = placements.size() == pairs.lifetimes().size() && placements.stream().distinct().count() == 2;
    int[] placement = crossover ? placements.stream().mapToInt(Integer::intValue).toArray() : null;
    PairedVerdict verdict = PairedVerdict.of(pairs.a(), pairs.b(), placement, rules);
    return new DuetReport(a.workload(), pairs.lifetimes(), placements, ratios, intervals, meanA, meanB,
        pairs.leftOut(), verdict, WindowHalves.of(pairs.a(), pairs.b(), placement), a.summary().intervalSeconds(),
        pairs.a(), pairs.b());
  }

  /** The workload's paired section of the verdict: a line per lifetime, the change, the noise, the verdict. */
  public String text() {
    StringBuilder out = new StringBuilder();
    out.append(workload).append(", paired lifetime by lifetime (both sides measured in the same intervals):\n");
    out.append(String.format(Locale.ROOT, "  %-8s %-10s %9s %12s %12s %8s%n", "lifetime", "placement", "intervals",
        "A ops/s", "B ops/s", "B/A"));
    for (int l = 0; l < lifetimes.size(); l++) {
      out.append(String.format(Locale.ROOT, "  %-8d %-10s %9d %,12.1f %,12.1f %+7.1f%%%n", lifetimes.get(l),
          placements.size() > l ? (placements.get(l) == 0 ? "A first" : "B first") : "unpinned", intervals.get(l),
          opsPerSecA.get(l), opsPerSecB.get(l), ratioPercent.get(l)));
    }
    leftOut.forEach(line -> out.append("  NOT PAIRED: ").append(line).append('\n'));
    PairedChange change = paired.change();
    out.append(String.format(Locale.ROOT, "  paired change of ALL ops/s: %s [%s, %s] (%s interval over %d lifetimes%s)%n",
        percent(change.changePercent()), percent(change.lowPercent()), percent(change.highPercent()),
        Comparison.confidenceText(change.confidenceOfInterval()), change.lifetimes(), change.placementPercent() == null
            ? "" : String.format(Locale.ROOT, ", the sides' swap of CPUs a crossover: the first CPUs %s against the"
                + " second", percent(change.placementPercent()))));
    out.append("  ").append(noiseLine()).append('\n');
    if (windowHalves != null) {
      out.append("  ").append(windowHalves.text()).append('\n');
    }
    return out.append(overTimeText()).toString();
  }

  /** How many intervals make one step of the ratio over time: {@link #OVER_TIME_SECONDS}, at least one interval. */
  public int overTimeIntervals() {
    return overTimeIntervals(intervalSeconds);
  }

  /**
   * Each lifetime's B/A - 1, in percent, over each step of {@link #overTimeIntervals} intervals of its
   * common window (a last, shorter step kept when it holds at least half a step, a window shorter
   * than a step its one step): whether the sides
   * kept their ratio through the window, or one of them drifted or stalled in part of it.
   */
  public List<double[]> ratioOverTime() {
    return ratioOverTime(intervalOpsPerSecA, intervalOpsPerSecB, overTimeIntervals());
  }

  /** As {@link #ratioOverTime()}, of {@code [lifetime][interval]} throughputs paired interval by interval. */
  public static List<double[]> ratioOverTime(double[][] a, double[][] b, int step) {
    List<double[]> ratios = new ArrayList<>();
    for (int l = 0; l < a.length; l++) {
      List<Double> steps = new ArrayList<>();
      for (int from = 0; from < a[l].length && (from == 0 || a[l].length - from >= Math.max(1, step / 2));
          from += step) {
        int to = Math.min(a[l].length, from + step);
        double sumA = 0;
        double sumB = 0;
        for (int i = from; i < to; i++) {
          sumA += a[l][i];
          sumB += b[l][i];
        }
        steps.add(sumA > 0 ? 100 * (sumB / sumA - 1) : Double.NaN);
      }
      ratios.add(steps.stream().mapToDouble(Double::doubleValue).toArray());
    }
    return ratios;
  }

  /**
   * B's ratio to A over time where the two summaries' runs were measured at the same time (a duet's
   * sides); null where no run of one shares intervals with the other's of the same index.
   */
  public static PairedRatioChart overTime(RunSummary a, RunSummary b, String title) {
    PairedLifetimes pairs = PairedLifetimes.of(a, b);
    if (pairs.lifetimes().isEmpty()) {
      return null;
    }
    long interval = Math.max(1, a.intervalSeconds());
    int step = overTimeIntervals(interval);
    return new PairedRatioChart(title, pairs.lifetimes(), ratioOverTime(pairs.a(), pairs.b(), step),
        step * interval);
  }

  /** How many intervals of {@code intervalSeconds} make a step of {@link #OVER_TIME_SECONDS}: at least one. */
  public static int overTimeIntervals(long intervalSeconds) {
    return (int) Math.max(1, OVER_TIME_SECONDS / Math.max(1, intervalSeconds));
  }

  /** "  B/A over the window, every 10 s:\n    lifetime 1: -3.1% -5.0% ...\n", one line per lifetime. */
  public String overTimeText() {
    return overTimeText(lifetimes, ratioOverTime(), overTimeIntervals() * Math.max(1, intervalSeconds));
  }

  /** As {@link #overTimeText()}, of each lifetime's ratios over steps of {@code stepSeconds}. */
  public static String overTimeText(List<Integer> lifetimes, List<double[]> ratios, long stepSeconds) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "  B/A over the window, every %d s:%n",
        stepSeconds));
    for (int l = 0; l < ratios.size(); l++) {
      out.append(String.format(Locale.ROOT, "    lifetime %d:", lifetimes.get(l)));
      for (double ratio : ratios.get(l)) {
        out.append(Double.isNaN(ratio) ? " n/a" : String.format(Locale.ROOT, " %+.1f%%", ratio));
      }
      out.append('\n');
    }
    return out.toString();
  }

  /**
   * How noisy the machine was and what the pairing removed: "a side's own lifetimes spread by 6.1%
   * (A) and 4.8% (B), the paired ratios by 1.2%: the pairing removed 78% of the noise".
   */
  public String noiseLine() {
    PairedChange change = paired.change();
    if (change.spreadLogA() == null || change.spreadLog() == null) {
      return "noise: too few lifetimes to measure a spread";
    }
    double own = Math.sqrt((change.spreadLogA() * change.spreadLogA() + change.spreadLogB() * change.spreadLogB()) / 2);
    String removed = own > 0 ? String.format(Locale.ROOT, ": the pairing removed %.0f%% of it",
        100 * Math.max(0, 1 - change.spreadLog() / own)) : "";
    return String.format(Locale.ROOT, "noise: a side's own lifetimes spread by %s (A) and %s (B), what a serial"
        + " comparison of them would judge by; the paired ratios by %s%s", spread(change.spreadLogA()),
        spread(change.spreadLogB()), spread(change.spreadLog()), removed);
  }

  /** "workloadc ALL ops/s (paired): equivalent within +-5% ...", for the verdicts' list. */
  public String verdictLine() {
    return workload + " ALL ops/s (paired): " + paired.text();
  }

  private static String spread(double log) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * (Math.exp(log) - 1));
  }

  private static String percent(Double value) {
    return value == null ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", value);
  }

  private static double sum(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum;
  }
}
