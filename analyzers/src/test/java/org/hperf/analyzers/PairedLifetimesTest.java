package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hperf.core.OperationType;
import org.hperf.core.run.RunSummary;
import org.junit.jupiter.api.Test;

/**
 * A duet's pairing of the two sides' runs: run k with run k, interval by wall-clock second, only
 * whole intervals inside the window (the few operations that end after it make a last interval of
 * their own whose rate means nothing), and a lifetime whose runs did not overlap left out, saying so.
 */
class PairedLifetimesTest {
  private static final long T0 = 1_700_000_000_000L;

  @Test
  void pairsRunKWithRunKOverTheWholeIntervalsBothMeasured() {
    // Run 1: one window, 3 whole intervals and a stray fourth. Run 2: B started one second later.
    // Run 3: on A only.
    RunSummary a = summary(Map.of(1, run(T0, 3, 100, 110, 120, 4000), 2, run(T0 + 60_000, 3, 200, 210, 220),
        3, run(T0 + 120_000, 3, 1, 1, 1)));
    RunSummary b = summary(Map.of(1, run(T0, 3, 90, 99, 108, 0), 2, run(T0 + 61_000, 3, 300, 310, 320)));
    PairedLifetimes pairs = PairedLifetimes.of(a, b);
    assertEquals(List.of(1, 2), pairs.lifetimes());
    assertArrayEquals(new double[] {100, 110, 120}, pairs.a()[0], "the stray interval after the window is not one");
    assertArrayEquals(new double[] {90, 99, 108}, pairs.b()[0]);
    assertArrayEquals(new double[] {210, 220}, pairs.a()[1], "only the seconds both measured");
    assertArrayEquals(new double[] {300, 310}, pairs.b()[1]);
    assertEquals(List.of("lifetime 3: measured on side A only"), pairs.leftOut());

    RunSummary late = summary(Map.of(1, run(T0 + 10_000, 3, 1, 1, 1)));
    PairedLifetimes apart = PairedLifetimes.of(a, late);
    assertTrue(apart.lifetimes().isEmpty());
    assertTrue(apart.leftOut().contains("lifetime 1: its two runs share 0 intervals: they were not measured at the same"
        + " time"), apart.leftOut().toString());
  }

  /** A run of a window of {@code seconds} 1 s intervals from {@code startMs}, one throughput per interval. */
  private static RunSummary.Run run(long startMs, int seconds, double... opsPerSec) {
    List<RunSummary.Interval> intervals = new ArrayList<>();
    for (int i = 0; i < opsPerSec.length; i++) {
      intervals.add(new RunSummary.Interval(i, opsPerSec[i], 100, 1000));
    }
    RunSummary.RunOperation all = new RunSummary.RunOperation(opsPerSec[0],
        new RunSummary.Latency(1, 100, 100, 100, 100, 100, 100, 100, 100), intervals);
    return new RunSummary.Run(1, List.of(), startMs, startMs + seconds * 1000L, Map.of(OperationType.ALL_TAG, all),
        RunSummary.Placement.NONE);
  }

  private static RunSummary summary(Map<Integer, RunSummary.Run> runs) {
    Map<String, RunSummary.Run> perRun = new LinkedHashMap<>();
    runs.forEach((k, run) -> perRun.put("run-" + k, run));
    return new RunSummary("workloadc", runs.size(), 1, Map.of(), perRun, Map.of(), List.of());
  }
}
