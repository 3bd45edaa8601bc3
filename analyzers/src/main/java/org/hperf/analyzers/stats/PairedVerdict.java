package org.hperf.analyzers.stats;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The verdict of a paired ("duet") comparison's throughput: the four outcomes of the serial design
 * ({@link Comparison.Verdict}, the same margin and confidence, see docs/method.md) from a
 * {@link PairedChange}, with the lifetimes disturbed on one side ({@link OneSidedInterference}).
 *
 * <p>A disturbed lifetime stays in the estimate, as a lifetime that is not steady does: the rule
 * that finds it is fixed before the run, but leaving it out would still change the estimate after
 * seeing it. It is named in the verdict, and the verdict stands only if the lifetimes without it give
 * the same one; otherwise it is inconclusive, saying both. This costs nothing when a disturbance
 * does not matter, and keeps a large one from deciding alone, whichever way it leans. When more than
 * {@link VerdictRules#MAX_NOT_STEADY_SHARE} of the lifetimes are disturbed, the machine (or a side's
 * own stalls) is not one that duet can judge on: inconclusive.
 *
 * @param withoutDisturbed the change without the disturbed lifetimes; null when none was
 * @param lifetimesNeeded lifetimes in all that would likely decide within the margin; null without an interval
 */
public record PairedVerdict(PairedChange change, List<OneSidedInterference> disturbed, PairedChange withoutDisturbed,
    Comparison.Verdict verdict, String text, Double detectablePercent, Integer lifetimesNeeded) {

  public PairedVerdict {
    Objects.requireNonNull(change, "change");
    disturbed = List.copyOf(disturbed);
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(text, "text");
  }

  /** {@code a} and {@code b} as {@link PairedChange#of(double[][], double[][], int[], double)} takes them. */
  public static PairedVerdict of(double[][] a, double[][] b, int[] placement, VerdictRules rules) {
    PairedChange change = PairedChange.of(a, b, placement, rules.confidence());
    Comparison.Decision decision = decide(change, rules);
    List<OneSidedInterference> disturbed = OneSidedInterference.find(a, b);
    TreeSet<Integer> lifetimes = disturbed.stream().map(OneSidedInterference::lifetime)
        .collect(Collectors.toCollection(TreeSet::new));
    if (lifetimes.isEmpty() || decision.verdict() == Comparison.Verdict.NO_VERDICT) {
      return new PairedVerdict(change, disturbed, null, decision.verdict(), decision.text(),
          decision.detectablePercent(), decision.runsNeeded());
    }
    int[] kept = IntStream.range(0, a.length).filter(l -> !lifetimes.contains(l)).toArray();
    PairedChange without = PairedChange.of(select(a, kept), select(b, kept),
        placement == null ? null : IntStream.of(kept).map(l -> placement[l]).toArray(), rules.confidence());
    Comparison.Decision withoutDecision = decide(without, rules);
    String named = disturbed.stream().map(OneSidedInterference::text).collect(Collectors.joining("; "));
    String text;
    Comparison.Verdict verdict;
    if (lifetimes.size() > VerdictRules.MAX_NOT_STEADY_SHARE * a.length) {
      verdict = Comparison.Verdict.INCONCLUSIVE;
      text = "inconclusive: " + lifetimes.size() + " of " + a.length + " lifetimes disturbed on one side (" + named
          + "); it would have been: " + decision.text();
    } else if (withoutDecision.verdict() == decision.verdict()) {
      verdict = decision.verdict();
      text = decision.text() + "; disturbed on one side: " + named + "; the same verdict without "
          + (lifetimes.size() == 1 ? "it" : "them");
    } else {
      verdict = Comparison.Verdict.INCONCLUSIVE;
      text = "inconclusive: disturbed on one side: " + named + "; with " + (lifetimes.size() == 1 ? "it" : "them")
          + ": " + decision.text() + "; without: " + withoutDecision.text();
    }
    return new PairedVerdict(change, disturbed, without, verdict, text, decision.detectablePercent(),
        decision.runsNeeded());
  }

  /** What a paired change says against the rules' margin, in the words of {@link Comparison.Decision}. */
  static Comparison.Decision decide(PairedChange change, VerdictRules rules) {
    double confidence = change.confidenceOfInterval();
    if (change.lowPercent() == null) {
      return new Comparison.Decision(Comparison.Verdict.NO_VERDICT, "no verdict: no interval (" + change.lifetimes()
          + " lifetimes: 2 are needed, 3 when the sides swap CPUs; or a lifetime in which a side did nothing)", null,
          null);
    }
    if (change.spreadLog() == 0) {
      return new Comparison.Decision(Comparison.Verdict.NO_VERDICT, "no verdict: every lifetime gave the same ratio: no"
          + " spread to judge by", null, null);
    }
    Double detectable = change.detectablePercent(confidence, VerdictRules.POWER);
    Integer needed = change.lifetimesNeeded(confidence, rules.marginPercent(), VerdictRules.POWER,
        VerdictRules.MAX_PROJECTED_RUNS);
    if (change.significant()) {
      boolean faster = change.changePercent() > 0;
      String text = "B is " + Comparison.magnitude(change.changePercent()) + (faster ? " faster [" : " slower [")
          + Comparison.magnitude(faster ? change.lowPercent() : change.highPercent()) + ", "
          + Comparison.magnitude(faster ? change.highPercent() : change.lowPercent()) + "]";
      return new Comparison.Decision(faster ? Comparison.Verdict.B_IS_FASTER : Comparison.Verdict.B_IS_SLOWER, text,
          detectable, needed);
    }
    double[] equivalence = change.equivalenceInterval(confidence);
    String margin = Comparison.margin(rules.marginPercent());
    if (equivalence[0] > -rules.marginPercent() && equivalence[1] < rules.marginPercent()) {
      return new Comparison.Decision(Comparison.Verdict.EQUIVALENT, "equivalent within +-" + margin + " ("
          + Comparison.confidenceText(2 * confidence - 1) + " interval [" + Comparison.percent(equivalence[0]) + ", "
          + Comparison.percent(equivalence[1]) + "])", detectable, needed);
    }
    int n = change.lifetimes();
    String more = needed > VerdictRules.MAX_PROJECTED_RUNS
        ? "more than " + VerdictRules.MAX_PROJECTED_RUNS + " lifetimes would be needed"
        : Math.max(1, needed - n) + (needed - n > 1 ? " more lifetimes (" : " more lifetime (") + Math.max(needed, n + 1)
            + " in all) would likely decide";
    return new Comparison.Decision(Comparison.Verdict.INCONCLUSIVE, "inconclusive: these " + n + " lifetimes could"
        + " detect a change of " + Comparison.magnitude(detectable) + "; " + more + " within +-" + margin, detectable,
        needed);
  }

  private static double[][] select(double[][] values, int[] kept) {
    return IntStream.of(kept).mapToObj(l -> values[l]).toArray(double[][]::new);
  }
}
