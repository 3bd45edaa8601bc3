package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hperf.core.OperationType;
import org.hperf.core.run.RunRecord;
import org.hperf.core.run.RunSummary;

/**
 * A duet's measurements as its paired verdict reads them ({@link
 * org.hperf.analyzers.stats.PairedVerdict}): per lifetime, side A's and side B's ALL throughput in
 * each interval both measured, matched by the interval's wall-clock start. Run k of each side's run
 * directory is lifetime k. A lifetime whose two runs share fewer than two intervals was not measured
 * at the same time (or not at all on one side): it is left out and said why.
 *
 * @param lifetimes the run indexes of the lifetimes kept, in order
 * @param a side A's ops/s per common interval, {@code [lifetime][interval]}
 * @param b side B's, the same intervals
 * @param leftOut a line per lifetime left out, saying why
 */
public record PairedLifetimes(List<Integer> lifetimes, double[][] a, double[][] b, List<String> leftOut) {

  /** Pairs the runs of two aggregated run directories, side A's and side B's, of one workload. */
  public static PairedLifetimes of(RunSummary sideA, RunSummary sideB) {
    Map<Integer, RunSummary.Run> runsA = byIndex(sideA);
    Map<Integer, RunSummary.Run> runsB = byIndex(sideB);
    List<Integer> kept = new ArrayList<>();
    List<double[]> a = new ArrayList<>();
    List<double[]> b = new ArrayList<>();
    List<String> leftOut = new ArrayList<>();
    java.util.TreeSet<Integer> all = new java.util.TreeSet<>(runsA.keySet());
    all.addAll(runsB.keySet());
    for (int k : all) {
      if (!runsA.containsKey(k) || !runsB.containsKey(k)) {
        leftOut.add("lifetime " + k + ": measured on side " + (runsA.containsKey(k) ? "A" : "B") + " only");
        continue;
      }
      Map<Long, Double> intervalsA = bySecond(runsA.get(k), sideA.intervalSeconds());
      Map<Long, Double> intervalsB = bySecond(runsB.get(k), sideB.intervalSeconds());
      List<Long> common = new ArrayList<>(intervalsA.keySet());
      common.retainAll(intervalsB.keySet());
      if (common.size() < 2) {
        leftOut.add("lifetime " + k + ": its two runs share " + common.size() + " interval" + (common.size() == 1 ? ""
            : "s") + ": they were not measured at the same time");
        continue;
      }
      kept.add(k);
      a.add(common.stream().mapToDouble(intervalsA::get).toArray());
      b.add(common.stream().mapToDouble(intervalsB::get).toArray());
    }
    return new PairedLifetimes(List.copyOf(kept), a.toArray(double[][]::new), b.toArray(double[][]::new),
        List.copyOf(leftOut));
  }

  /**
   * A run's ALL throughput per whole interval of its window, keyed by the interval's wall-clock start
   * in whole seconds: two runs that measured the same seconds share keys, whatever their windows' own starts.
   */
  public static Map<Long, Double> bySecond(RunSummary.Run run, long intervalSeconds) {
    Map<Long, Double> byStart = new TreeMap<>();
    RunSummary.RunOperation all = run.operations().get(OperationType.ALL_TAG);
    if (all == null) {
      return byStart;
    }
    for (RunSummary.Interval interval : all.intervals()) {
      long startMs = run.windowStartMs() + interval.index() * intervalSeconds * 1000;
      // The operations that ended after the window's end, a few milliseconds' worth, make an interval
      // of their own, whose rate per second says nothing: only whole intervals inside the window.
      if (startMs + intervalSeconds * 1000 <= run.windowEndMs()) {
        byStart.put(Math.round(startMs / 1000.0), interval.opsPerSec());
      }
    }
    return byStart;
  }

  private static Map<Integer, RunSummary.Run> byIndex(RunSummary summary) {
    Map<Integer, RunSummary.Run> runs = new TreeMap<>();
    summary.perRun().forEach((name, run) -> runs.put(RunRecord.runIndex(name), run));
    return runs;
  }
}
