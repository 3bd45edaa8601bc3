package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one-sided interference check on constructed lifetimes; its rates are in {@code PairedVerdictSimulationTest}. */
class OneSidedInterferenceTest {
  private static final int INTERVALS = 30;

  @Test
  void cleanLifetimesAndAConstantChangeAreNoFinding() {
    assertEquals(List.of(), OneSidedInterference.find(lifetimes(1, 3), lifetimes(1.3, 3)));
  }

  @Test
  void oneSideSlowedForPartOfTheWindowIsNamedWithItsIntervals() {
    double[][] a = lifetimes(1, 3);
    double[][] b = lifetimes(0.9, 3);
    for (int i = 10; i < 15; i++) {
      b[1][i] *= 0.6;
    }
    List<OneSidedInterference> found = OneSidedInterference.find(a, b);
    assertEquals(1, found.size(), found.toString());
    OneSidedInterference disturbed = found.get(0);
    assertEquals(1, disturbed.lifetime());
    assertEquals("B", disturbed.side());
    assertEquals(5, disturbed.intervals());
    assertEquals(10, disturbed.firstInterval());
    assertEquals(14, disturbed.lastInterval());
    assertEquals(40, disturbed.slowerPercent(), 3);
    assertTrue(disturbed.text().startsWith("lifetime 2: B ran 4"), disturbed.text());
    assertTrue(disturbed.text().endsWith("slower against A in 5 of its 30 intervals (11 to 15) than in the lifetime"
        + " as a whole"), disturbed.text());
  }

  @Test
  void intervalsWithoutOperationsOnOneSideAreBeyondAnyBound() {
    double[][] a = lifetimes(1, 2);
    double[][] b = lifetimes(1, 2);
    for (int i = 3; i < 6; i++) {
      a[0][i] = 0;
    }
    // Neither side did anything: no information, never a finding.
    b[1][7] = 0;
    a[1][7] = 0;
    List<OneSidedInterference> found = OneSidedInterference.find(a, b);
    assertEquals(1, found.size(), found.toString());
    assertEquals("A", found.get(0).side());
    assertEquals(3, found.get(0).intervals());
    assertEquals(100, found.get(0).slowerPercent(), 1e-9);
  }

  @Test
  void oneIntervalIsASpikeAndShortLifetimesAreNotJudged() {
    double[][] a = lifetimes(1, 2);
    double[][] b = lifetimes(1, 2);
    b[0][4] *= 0.5;
    assertEquals(List.of(), OneSidedInterference.find(a, b));
    double[][] shortA = {{100, 100, 100, 100, 100}};
    double[][] shortB = {{100, 10, 10, 10, 100}};
    assertEquals(List.of(), OneSidedInterference.find(shortA, shortB));
  }

  /** Lifetimes at {@code level} with a deterministic 2% wiggle, different on each side and in each lifetime. */
  private static double[][] lifetimes(double level, int count) {
    double[][] values = new double[count][INTERVALS];
    for (int l = 0; l < count; l++) {
      for (int i = 0; i < INTERVALS; i++) {
        values[l][i] = 1000 * level * (1 + 0.02 * Math.sin(1.7 * i + 0.9 * l + 3 * level));
      }
    }
    return values;
  }
}
