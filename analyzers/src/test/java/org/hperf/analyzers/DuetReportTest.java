package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A duet's ratio over time: B's operations over A's in each 10 s step of each lifetime's common window. */
class DuetReportTest {
  @Test
  void eachStepIsTheRatioOfItsSumsAndAShortLastStepCountsFromHalfAStep() {
    double[] a = new double[25];
    double[] b = new double[25];
    for (int i = 0; i < 25; i++) {
      a[i] = i % 2 == 0 ? 100 : 300;
      // +10% for the first 10 s, -10% for the next 10, B stalled for the last 5.
      b[i] = i < 10 ? a[i] * 1.1 : i < 20 ? a[i] * 0.9 : 0;
    }
    List<double[]> ratios = DuetReport.ratioOverTime(new double[][] {a, java.util.Arrays.copyOf(a, 24)},
        new double[][] {b, java.util.Arrays.copyOf(b, 24)}, DuetReport.overTimeIntervals(1));
    assertArrayEquals(new double[] {10, -10, -100}, ratios.get(0), 1e-9, "25 s: the last 5 s are half a step");
    assertArrayEquals(new double[] {10, -10}, ratios.get(1), 1e-9, "24 s: 4 s are less than half a step");
    assertEquals(1, DuetReport.overTimeIntervals(30), "an interval longer than a step is a step");
    assertEquals(5, DuetReport.overTimeIntervals(2));
  }

  @Test
  void aWindowShorterThanAStepIsOneStepAndAnIdleASaysNotApplicable() {
    List<double[]> ratios = DuetReport.ratioOverTime(new double[][] {{100, 100, 100}, {0, 0}},
        new double[][] {{120, 120, 120}, {5, 5}}, 10);
    assertArrayEquals(new double[] {20}, ratios.get(0), 1e-9);
    assertTrue(Double.isNaN(ratios.get(1)[0]));
    String text = DuetReport.overTimeText(List.of(1, 2), ratios, 10);
    assertEquals("  B/A over the window, every 10 s:\n    lifetime 1: +20.0%\n    lifetime 2: n/a\n", text);
  }
}
