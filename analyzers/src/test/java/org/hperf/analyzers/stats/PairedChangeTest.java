package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The paired change on inputs with known answers, references computed independently with SciPy:
 * each lifetime's {@code log(sum b / sum a)}, then {@code scipy.stats.ttest_1samp(d, 0)}, its p-value
 * and {@code confidence_interval(0.95)} (and 0.90 for the equivalence interval), exponentiated; with
 * placements the mean of the two placements' means, the pooled spread within them and
 * {@code scipy.stats.t(n - 2)}; the projections by a linear scan over n with {@code scipy.stats.t}
 * and {@code chi2}.
 */
class PairedChangeTest {
  private static final double CONFIDENCE = 0.95;
  private static final double[][] A = {{1000, 1100, 900, 1050}, {2000, 1900, 2100, 2050}, {500, 550, 450, 520},
      {1500, 1400, 1600, 1450}};
  private static final double[][] B = {{1040, 1150, 930, 1090}, {2050, 1990, 2140, 2100}, {530, 560, 480, 530},
      {1540, 1480, 1630, 1500}};

  @Test
  void aSteadyRiseOnAMachineWhoseLevelVariesFourfoldIsFoundAsSciPySays() {
    PairedChange rise = PairedChange.of(A, B, CONFIDENCE);
    assertEquals(4, rise.lifetimes());
    assertEquals(3.531355733, rise.changePercent(), 1e-6);
    assertEquals(2.690352251, rise.lowPercent(), 1e-6);
    assertEquals(4.379246784, rise.highPercent(), 1e-6);
    assertEquals(3, rise.degreesOfFreedom(), 0);
    assertEquals(8.710879376e-4, rise.pValue(), 1e-12);
    assertEquals(0.002562918129, rise.standardErrorLog(), 1e-12);
    assertEquals(0.005125836258, rise.spreadLog(), 1e-12);
    assertTrue(rise.significant());
    assertEquals(1, rise.direction());
    assertNull(rise.placementPercent());
    double[] equivalence = rise.equivalenceInterval(CONFIDENCE);
    assertEquals(2.908788047, equivalence[0], 1e-6);
    assertEquals(4.157689769, equivalence[1], 1e-6);
    assertEquals(1.072115787, rise.detectablePercent(CONFIDENCE, 0.8), 1e-6);
    // What the machine did to both sides: each side's lifetimes 60% apart on the log scale, the ratios 0.5%.
    assertEquals(0.5967752792, rise.spreadLogA(), 1e-9);
    assertEquals(0.5923137595, rise.spreadLogB(), 1e-9);
    assertEquals((0.5967752792 * 0.5967752792 + 0.5923137595 * 0.5923137595) / (0.005125836258 * 0.005125836258),
        rise.serialLifetimesFactor(), 1e-2);
    assertTrue(rise.noiseText().matches("each side's own lifetimes varied by 82% \\(A\\) and 81% \\(B\\), their paired"
        + " ratios by 0.5%: a serial comparison would need 2690[89] times the lifetimes a side for this interval"),
        rise.noiseText());
  }

  @Test
  void withPlacementsTheChangeIsTheMeanOfThePlacementsMeansAsSciPySays() {
    PairedChange rise = PairedChange.of(A, B, new int[] {0, 1, 1, 0}, CONFIDENCE);
    assertEquals(3.531355733, rise.changePercent(), 1e-6, "balanced: the same mean");
    assertEquals(2.193777555, rise.lowPercent(), 1e-6);
    assertEquals(4.886440999, rise.highPercent(), 1e-6);
    assertEquals(2, rise.degreesOfFreedom(), 0);
    assertEquals(0.007498758198, rise.pValue(), 1e-11);
    assertEquals(0.006044517488, rise.spreadLog(), 1e-12);
    assertEquals(-0.1198261150, rise.placementPercent(), 1e-8);
    assertEquals(6, rise.lifetimesToDetect(2, CONFIDENCE, 0.8, 100));

    // Unbalanced placements: a faster CPU for B in placement 1 cancels all the same.
    double[][] a = {{100}, {100}, {100}};
    double[][] b = {{105}, {95}, {106}};
    PairedChange cancelled = PairedChange.of(a, b, new int[] {1, 0, 1}, CONFIDENCE);
    double expected = (Math.log(0.95) + (Math.log(1.05) + Math.log(1.06)) / 2) / 2;
    assertEquals(100 * Math.expm1(expected), cancelled.changePercent(), 1e-9);
    assertEquals(1, cancelled.degreesOfFreedom(), 0);
    // Placements named but only one of them: the plain one-sample interval.
    assertEquals(2, PairedChange.of(a, b, new int[] {1, 1, 1}, CONFIDENCE).degreesOfFreedom(), 0);
  }

  @Test
  void projectionsAreTheSmallestLifetimesThatWouldDecideAsALinearScanSays() {
    double[][] a = {{100}, {100}, {100}, {100}, {100}};
    double[][] b = {{101}, {97}, {104}, {100}, {102}};
    PairedChange change = PairedChange.of(a, b, CONFIDENCE);
    assertEquals(0.7732636364, change.changePercent(), 1e-8);
    assertEquals(-2.402635071, change.lowPercent(), 1e-6);
    assertEquals(4.052508705, change.highPercent(), 1e-6);
    assertEquals(0.5407812974, change.pValue(), 1e-9);
    assertEquals(8, change.lifetimesNeeded(CONFIDENCE, 5, 0.8, 100));
    assertEquals(70, change.lifetimesNeeded(CONFIDENCE, 2, 0.8, 100));
    assertEquals(35, change.lifetimesToDetect(2, CONFIDENCE, 0.8, 100));
    assertEquals(101, change.lifetimesToDetect(0.5, CONFIDENCE, 0.8, 100), "more than the cap: cap + 1");
  }

  @Test
  void tooFewLifetimesOrASideWithoutOperationsGiveNoInterval() {
    PairedChange one = PairedChange.of(new double[][] {{100, 100}}, new double[][] {{50, 50}}, CONFIDENCE);
    assertEquals(-50, one.changePercent(), 1e-9);
    assertNull(one.lowPercent());
    assertNull(one.lifetimesNeeded(CONFIDENCE, 5, 0.8, 100));
    assertFalse(one.significant());
    // Swapped CPUs need a third lifetime: 2 give no spread within placements.
    assertNull(PairedChange.of(new double[][] {{100}, {100}}, new double[][] {{90}, {95}}, new int[] {0, 1},
        CONFIDENCE).lowPercent());
    PairedChange idle = PairedChange.of(new double[][] {{100, 100}, {100, 100}}, new double[][] {{0, 0}, {50, 50}},
        CONFIDENCE);
    assertNull(idle.lowPercent());
    assertEquals(-75, idle.changePercent(), 1e-9, "of all operations: 200 against 400");
    // A stalled interval is not a missing lifetime: its operations count, no logarithm of 0 is taken.
    assertTrue(PairedChange.of(new double[][] {{100, 100}, {100, 100}}, new double[][] {{0, 100}, {100, 100}},
        CONFIDENCE).lowPercent() != null);
  }

  @Test
  void sidesMustBeMeasuredInTheSameIntervals() {
    assertThrows(IllegalArgumentException.class, () -> PairedChange.of(new double[][] {{1, 2}}, new double[][] {{1}},
        CONFIDENCE));
    assertThrows(IllegalArgumentException.class, () -> PairedChange.of(new double[][] {{1}}, new double[][] {{1},
        {2}}, CONFIDENCE));
    assertThrows(IllegalArgumentException.class, () -> PairedChange.of(new double[][] {{1}, {1}},
        new double[][] {{1}, {2}}, new int[] {0, 2}, CONFIDENCE));
    assertThrows(IllegalArgumentException.class, () -> PairedChange.of(new double[][] {{-1}}, new double[][] {{1}},
        CONFIDENCE));
  }

  @Test
  void swappingTheSidesInvertsTheChangeExactly() {
    PairedChange forth = PairedChange.of(A, B, new int[] {0, 1, 1, 0}, CONFIDENCE);
    PairedChange back = PairedChange.of(B, A, new int[] {0, 1, 1, 0}, CONFIDENCE);
    assertEquals(1 / (1 + forth.changePercent() / 100), 1 + back.changePercent() / 100, 1e-12);
    assertEquals(1 / (1 + forth.lowPercent() / 100), 1 + back.highPercent() / 100, 1e-12);
    assertEquals(forth.pValue(), back.pValue(), 1e-12);
  }
}
