package org.hperf.analyzers.render;

import java.util.ArrayList;
import java.util.List;

/**
 * A duet's B/A over time ({@code hperf ab --duet}): for one workload, each lifetime's B/A - 1 in
 * percent over each step of its common window, one line per lifetime. A verdict reads a lifetime as
 * one figure; this shows whether the ratio held through the window or one side drifted or stalled in
 * part of it (the one-sided interference the verdict flags, the drift the noise split reports).
 *
 * @param title what is compared, e.g. "workloadc: B (.../b/workloadc) against A (.../a/workloadc)"
 * @param lifetimes the lifetimes' run indexes
 * @param ratioPercent each lifetime's B/A - 1 per step, NaN where A did nothing
 * @param stepSeconds the length of a step
 */
public record PairedRatioChart(String title, List<Integer> lifetimes, List<double[]> ratioPercent, long stepSeconds) {

  /** The chart's SVG: x the seconds into the common window (a step's start), y B/A - 1 in percent. */
  public String svg() {
    SvgChart chart = new SvgChart(title, "seconds into the window both sides measured",
        "B/A - 1, % (every " + stepSeconds + " s)", false);
    for (int l = 0; l < lifetimes.size(); l++) {
      List<double[]> points = new ArrayList<>();
      double[] ratios = ratioPercent.get(l);
      for (int step = 0; step < ratios.length; step++) {
        if (!Double.isNaN(ratios[step])) {
          points.add(new double[] {step * stepSeconds, ratios[step]});
        }
      }
      chart.add("lifetime " + lifetimes.get(l), points.stream().mapToDouble(p -> p[0]).toArray(),
          points.stream().mapToDouble(p -> p[1]).toArray());
    }
    return chart.render();
  }
}
