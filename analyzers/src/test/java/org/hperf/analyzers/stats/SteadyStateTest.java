package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hperf.core.run.RunSummary;
import org.junit.jupiter.api.Test;

/**
 * Warm-up and outlier-run detection on synthetic throughput series with known answers, and the
 * false alarms it must not raise: steady runs with seeded noise.
 */
class SteadyStateTest {
  private static final RunSummary.Latency LATENCY = new RunSummary.Latency(1, 1, 1, 1, 1, 1, 1, 1, 1);

  @Test
  void aRunRisingOverItsFirstIntervalsIsAWarmUpNamingThem() {
    double[] series = {6_100, 9_800, 13_900, 16_000, 17_800, 17_500, 17_900, 17_600, 17_400, 17_700, 17_800, 17_500};
    String text = SteadyState.warmUp(series, 10);
    // Later level: the median of the second half, 17,650; reached at 90% of it (15,885): interval 4 (16,000).
    assertEquals("throughput rose from 6,100 to 16,000 ops/s over its first 3 intervals of 10 s (the run's later"
        + " level: 17,650 ops/s, the median of its second half): not steady (warm-up)", text);
  }

  @Test
  void oneSlowFirstIntervalIsAWarmUpOfOneInterval() {
    double[] series = {7_000, 17_800, 17_500, 17_900, 17_600, 17_400};
    assertTrue(SteadyState.warmUp(series, 1).contains("over its first interval of 1 s"),
        SteadyState.warmUp(series, 1));
  }

  @Test
  void aSteadyRunWithSeededNoiseIsNeverAWarmUp() {
    // 2,000 runs of 20 intervals and 2,000 of 6 with 5% noise: none is a warm-up.
    SplittableRandom random = new SplittableRandom(42);
    for (int n : new int[] {20, 6}) {
      for (int trial = 0; trial < 2_000; trial++) {
        double[] series = noisy(random, n, 10_000, 0.05);
        assertNull(SteadyState.warmUp(series, 10), () -> java.util.Arrays.toString(series));
      }
    }
  }

  @Test
  void underHeavyNoiseFalseAlarmsStayRare() {
    // 20% noise (a busy client machine): simulated, 0.06% of steady runs of 20 intervals are
    // called a warm-up; of 2,000 seeded ones at most 10 (0.5%) may be.
    SplittableRandom random = new SplittableRandom(42);
    int called = 0;
    for (int trial = 0; trial < 2_000; trial++) {
      if (SteadyState.warmUp(noisy(random, 20, 10_000, 0.20), 10) != null) {
        called++;
      }
    }
    assertTrue(called <= 10, called + " of 2,000 steady runs called a warm-up");
  }

  /**
   * Three slow intervals (35%, 60% and 80% of the level) under 5% noise: each run is a warm-up of
   * those three intervals, or of up to two more when noise holds the next ones 10% below the level
   * (a 2-sigma draw), never fewer. The figures it names are the series' own: its first interval,
   * the first one after the warm-up, and the median of the second half, computed here.
   */
  @Test
  void aWarmUpUnderNoiseIsStillFoundWithItsIntervals() {
    Pattern finding = Pattern.compile("throughput rose from ([0-9,]+) to ([0-9,]+) ops/s over its first (\\d+)"
        + " intervals of 10 s \\(the run's later level: ([0-9,]+) ops/s, the median of its second half\\):"
        + " not steady \\(warm-up\\)");
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 200; trial++) {
      double[] series = noisy(random, 20, 10_000, 0.05);
      series[0] *= 0.35;
      series[1] *= 0.6;
      series[2] *= 0.8;
      String text = SteadyState.warmUp(series, 10);
      String context = text + " for " + Arrays.toString(series);
      assertNotNull(text, context);
      Matcher m = finding.matcher(text);
      assertTrue(m.matches(), context);
      int intervals = Integer.parseInt(m.group(3));
      assertTrue(intervals >= 3 && intervals <= 5, "the three slow intervals, at most two more: " + context);
      assertEquals(opsPerSec(series[0]), m.group(1), "from the first interval: " + context);
      assertEquals(opsPerSec(series[intervals]), m.group(2), "to the first one after the warm-up: " + context);
      double[] secondHalf = Arrays.copyOfRange(series, 10, 20);
      Arrays.sort(secondHalf);
      assertEquals(opsPerSec((secondHalf[4] + secondHalf[5]) / 2), m.group(4), "the second half's median: " + context);
    }
  }

  private static String opsPerSec(double value) {
    return String.format(Locale.ROOT, "%,.0f", value);
  }

  @Test
  void aFallingOrShortRunIsNoWarmUp() {
    assertNull(SteadyState.warmUp(new double[] {17_000, 17_000, 9_000, 8_000, 8_500, 8_000}, 10),
        "a fall is not a warm-up");
    assertNull(SteadyState.warmUp(new double[] {1_000, 17_000, 17_000, 17_000, 17_000}, 10),
        "fewer than 6 intervals: not judged");
    assertNull(SteadyState.warmUp(new double[6], 10), "no operations: not judged");
  }

  @Test
  void aRunFarBelowTheOthersIsAnOutlierAndOnlyIt() {
    double[] runs = {6_300, 17_200, 17_900};
    assertEquals("6,300 ops/s against 17,200-17,900 ops/s in the other 2 runs (2.8x slower than their mean of"
        + " 17,550): far from the others", SteadyState.outlier(runs, 0));
    assertNull(SteadyState.outlier(runs, 1), "the others' range includes the outlier: wide");
    assertNull(SteadyState.outlier(runs, 2));
    assertNull(SteadyState.outlier(new double[] {6_300, 17_200}, 0), "two runs: which one is off cannot be told");
  }

  @Test
  void closeRunsAreNoOutliersEvenWhenTwoAgreeByChance() {
    // Run 3 is 12% above two runs that agree exactly: beyond 3 times their (zero) range, but within
    // a quarter of their mean.
    assertNull(SteadyState.outlier(new double[] {10_000, 10_000, 11_200}, 2));
    SplittableRandom random = new SplittableRandom(11);
    for (int trial = 0; trial < 2_000; trial++) {
      double[] runs = noisy(random, 3, 10_000, 0.05);
      for (int i = 0; i < runs.length; i++) {
        assertNull(SteadyState.outlier(runs, i), java.util.Arrays.toString(runs));
      }
    }
  }

  @Test
  void findingsNameTheRunsOfASummary() {
    Map<String, RunSummary.Run> runs = new LinkedHashMap<>();
    runs.put("run-1", run(5_000, 2_000, 4_000, 5_500, 6_000, 6_100, 5_900, 6_000));
    runs.put("run-2", run(17_000, 17_100, 16_900, 17_000, 17_200, 16_800, 17_000, 17_100));
    runs.put("run-3", run(17_400, 17_300, 17_500, 17_400, 17_200, 17_600, 17_400, 17_300));
    List<RunSummary.Finding> found = SteadyState.findings(runs, 10);
    assertEquals(List.of("warm-up run-1", "run-outlier run-1"),
        found.stream().map(f -> f.kind() + " " + f.run()).toList(), found.toString());
    assertTrue(found.get(1).text().startsWith("5,000 ops/s against 17,000-17,400 ops/s in the other 2 runs"),
        found.get(1).text());
  }

  /** A run whose ALL throughput over its window is {@code throughput}, with these intervals. */
  private static RunSummary.Run run(double throughput, double... intervals) {
    List<RunSummary.Interval> series = new ArrayList<>();
    for (int i = 0; i < intervals.length; i++) {
      series.add(new RunSummary.Interval(i, intervals[i], 100, 900));
    }
    return new RunSummary.Run(2, List.of(), 0, 10_000L * intervals.length, Map.of("ALL",
        new RunSummary.RunOperation(throughput, LATENCY, series)), RunSummary.Placement.NONE);
  }

  private static double[] noisy(SplittableRandom random, int n, double mean, double relativeSigma) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = mean * (1 + relativeSigma * gaussian(random));
    }
    return values;
  }

  /** A standard normal variate (Box-Muller), from the seeded source. */
  private static double gaussian(SplittableRandom random) {
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
  }
}
