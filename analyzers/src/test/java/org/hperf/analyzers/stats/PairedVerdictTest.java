package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The paired verdict's words on constructed lifetimes; its rates are in {@code PairedVerdictSimulationTest}. */
class PairedVerdictTest {
  private static final VerdictRules RULES = new VerdictRules(0.95, 5, "lifetimes", true);
  private static final double[][] FLAT = {{100}, {100}, {100}, {100}, {100}};
  private static final double[][] NEAR = {{101}, {97}, {104}, {100}, {102}};

  @Test
  void theFourOutcomesAreSaidAsInTheSerialDesign() {
    PairedVerdict equivalent = PairedVerdict.of(FLAT, NEAR, null, RULES);
    assertEquals(Comparison.Verdict.EQUIVALENT, equivalent.verdict());
    assertEquals("equivalent within +-5% (90% interval [-1.7%, +3.3%])", equivalent.text());
    assertEquals(8, equivalent.lifetimesNeeded());

    PairedVerdict inconclusive = PairedVerdict.of(FLAT, NEAR, null, RULES.withMargin(2));
    assertEquals(Comparison.Verdict.INCONCLUSIVE, inconclusive.verdict());
    assertTrue(inconclusive.text().matches("inconclusive: these 5 lifetimes could detect a change of [0-9.]+%; 65 more"
        + " lifetimes \\(70 in all\\) would likely decide within \\+-2%"), inconclusive.text());

    double[][] faster = {{110}, {107}, {114}, {110}, {112}};
    PairedVerdict found = PairedVerdict.of(FLAT, faster, null, RULES);
    assertEquals(Comparison.Verdict.B_IS_FASTER, found.verdict());
    assertTrue(found.text().matches("B is 11% faster \\[[0-9.]+%, [0-9.]+%\\]"), found.text());
    assertNull(found.withoutDisturbed());

    PairedVerdict none = PairedVerdict.of(new double[][] {{100}}, new double[][] {{90}}, null, RULES);
    assertEquals(Comparison.Verdict.NO_VERDICT, none.verdict());
  }

  /** A lifetime whose B was slowed by half for a third of it: named, and here it decides alone. */
  @Test
  void aDisturbedLifetimeThatDecidesAloneMakesTheVerdictInconclusive() {
    double[][] a = new double[6][30];
    double[][] b = new double[6][30];
    for (int l = 0; l < 6; l++) {
      for (int i = 0; i < 30; i++) {
        a[l][i] = 1000 * (1 + 0.02 * Math.sin(1.7 * i + l));
        b[l][i] = 1000 * (1 + 0.003 * l) * (1 + 0.02 * Math.cos(1.3 * i + l)) * (l == 2 && i >= 10 && i < 20 ? 0.5 : 1);
      }
    }
    PairedVerdict verdict = PairedVerdict.of(a, b, null, RULES);
    assertEquals(1, verdict.disturbed().size());
    assertEquals(Comparison.Verdict.INCONCLUSIVE, verdict.verdict(), verdict.text());
    assertTrue(verdict.text().startsWith("inconclusive: disturbed on one side: lifetime 3: B ran 49% slower against A in 10 of its 30 intervals (11 to 20)"), verdict.text());
    assertTrue(verdict.text().endsWith("; without: B is 0.8% faster [0.0%, 1.5%]"), verdict.text());
    assertEquals(5, verdict.withoutDisturbed().lifetimes());
  }
}
