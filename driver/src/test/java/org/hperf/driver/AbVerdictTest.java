package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hperf.analyzers.stats.Comparison;
import org.hperf.analyzers.stats.ComparisonReport;
import org.hperf.analyzers.stats.RelativeChange;
import org.hperf.analyzers.stats.ServerSide;
import org.junit.jupiter.api.Test;

/** The exit code a CI job or an Oozie action gates an upgrade on, from the workloads' primary verdicts. */
class AbVerdictTest {

  @Test
  void withoutAGateEveryVerdictExitsZero() {
    assertEquals(0, AbVerdict.of(List.of(report("workloadc", Comparison.Verdict.B_IS_SLOWER, -40)), null).exitCode());
    assertEquals(0, AbVerdict.of(List.of(report("workloadc", Comparison.Verdict.INCONCLUSIVE, -40)), null).exitCode());
  }

  @Test
  void slowerBeyondTheGateExitsOneAndWithinItPasses() {
    AbVerdict beyond = AbVerdict.of(List.of(report("workloada", Comparison.Verdict.EQUIVALENT, 1),
        report("workloadc", Comparison.Verdict.B_IS_SLOWER, -12)), 10.0);
    assertEquals(1, beyond.exitCode());
    assertTrue(beyond.summary().contains("gate --fail-if-slower 10%: B is slower beyond it (exit 1)"),
        beyond.summary());
    // Slower, but by less than the gate; faster; equivalent: the gate passes.
    AbVerdict within = AbVerdict.of(List.of(report("workloadc", Comparison.Verdict.B_IS_SLOWER, -8),
        report("workloada", Comparison.Verdict.B_IS_FASTER, 20), report("updateonly", Comparison.Verdict.EQUIVALENT,
        -2)), 10.0);
    assertEquals(0, within.exitCode(), within.summary());
  }

  @Test
  void aWorkloadThatCouldNotBeDecidedExitsThree() {
    for (Comparison.Verdict undecided : List.of(Comparison.Verdict.INCONCLUSIVE, Comparison.Verdict.NO_VERDICT)) {
      AbVerdict verdict = AbVerdict.of(List.of(report("workloada", Comparison.Verdict.EQUIVALENT, 0),
          report("workloadc", undecided, -3)), 10.0);
      assertEquals(AbVerdict.UNDECIDED, verdict.exitCode(), undecided.name());
    }
    // A slowdown beyond the gate fails the gate even when another workload is undecided.
    assertEquals(1, AbVerdict.of(List.of(report("workloada", Comparison.Verdict.INCONCLUSIVE, 0),
        report("workloadc", Comparison.Verdict.B_IS_SLOWER, -30)), 10.0).exitCode());
  }

  /** A workload whose ALL row has this verdict and a throughput change of {@code changePercent}. */
  private static ComparisonReport report(String workload, Comparison.Verdict verdict, double changePercent) {
    double b = 1000 * (1 + changePercent / 100);
    RelativeChange change = RelativeChange.of(new double[] {1000, 1001, 999}, new double[] {b, b + 1, b - 1}, 0.95);
    Comparison all = new Comparison("ALL", true, 0.95, change, change, change, null, verdict, verdict.name(), null,
        null);
    ServerSide none = new ServerSide(List.of(), List.of());
    return new ComparisonReport(workload, "a", "b", "", "", 3, 3, 0.95, 5, "lifetimes", "", List.of(), List.of(),
        List.of(), List.of(all), none, none);
  }
}
