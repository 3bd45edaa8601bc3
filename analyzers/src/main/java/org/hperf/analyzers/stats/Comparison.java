package org.hperf.analyzers.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.hperf.core.run.RunSummary;

/**
 * One operation of a workload measured on two setups, B against A: the change of the runs'
 * (geometric) mean throughput, p50 and p99, each with its interval (see {@link RelativeChange}), the
 * region servers' CPU per operation where it was sampled, and the verdict, which the throughput
 * decides. Each run counts once: its throughput over its common window and the percentiles of its
 * merged histogram; the intervals inside a run are repeated measures of that run, never samples.
 *
 * @param primary the workload's one primary figure (ALL, or its only operation), judged at the
 *     rules' confidence; every other operation at a Bonferroni-corrected one
 * @param confidence the confidence this row's throughput interval and verdict are at
 * @param serverCpuMicrosPerOp the region servers' process CPU over each run's window per operation
 *     of the run (ALL's row only), null where a run's servers did not expose it
 * @param verdictText the verdict as a person reads it: "B is 12% slower [8%, 16%]", "equivalent
 *     within +-5%", "inconclusive: ..." or "no verdict: ..."
 * @param detectablePercent the smallest change this comparison found 80% of the time, null without
 *     an interval
 * @param runsNeeded runs a side that would decide within the margin (80% power, the spread and the
 *     change as measured), null without an interval; {@link VerdictRules#MAX_PROJECTED_RUNS} + 1 for more
 */
public record Comparison(String operation, boolean primary, double confidence, RelativeChange throughputOpsPerSec,
    RelativeChange p50Micros, RelativeChange p99Micros, RelativeChange serverCpuMicrosPerOp, Verdict verdict,
    String verdictText, Double detectablePercent, Integer runsNeeded) {

  public Comparison {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(verdictText, "verdictText");
  }

  /** What the throughput's interval says, against the margin; or why there is no verdict. */
  public enum Verdict {
    /** The interval leaves 0 out, above it. */
    B_IS_FASTER,
    /** The interval leaves 0 out, below it. */
    B_IS_SLOWER,
    /** The interval lies inside +-margin. */
    EQUIVALENT,
    /** Neither: the runs could not tell, or too many of them were not steady. */
    INCONCLUSIVE,
    /** The runs cannot be judged: too few, disturbed, without operations, or without spread. */
    NO_VERDICT;

    /** Faster, slower or equivalent: a run that could tell. */
    public boolean decided() {
      return this == B_IS_FASTER || this == B_IS_SLOWER || this == EQUIVALENT;
    }
  }

  /**
   * Every operation of A that B has too, in A's order: the primary one (ALL, or the only one) at
   * the rules' confidence, the others at a Bonferroni-corrected one. {@code noVerdict}, when not
   * null, is why no row gets a verdict (a disturbed run); {@code notSteady}, when not null, why the
   * rows that would be decided are inconclusive.
   */
  static List<Comparison> of(RunSummary a, RunSummary b, VerdictRules rules, String noVerdict, String notSteady) {
    List<String> tags = a.overall().keySet().stream().filter(b.overall()::containsKey).toList();
    String primary = tags.contains("ALL") ? "ALL" : tags.isEmpty() ? null : tags.get(0);
    double secondary = rules.secondaryConfidence(tags.size() - 1);
    List<Comparison> rows = new ArrayList<>();
    for (String tag : tags) {
      boolean isPrimary = tag.equals(primary);
      rows.add(of(tag, isPrimary, isPrimary ? rules.confidence() : secondary, a, b, rules, noVerdict, notSteady));
    }
    return rows;
  }

  static Comparison of(String tag, boolean primary, double confidence, RunSummary a, RunSummary b, VerdictRules rules,
      String noVerdict, String notSteady) {
    double[] throughputsA = throughputs(a, tag);
    double[] throughputsB = throughputs(b, tag);
    RelativeChange throughput = RelativeChange.of(throughputsA, throughputsB, confidence);
    RelativeChange p50 = RelativeChange.of(latencies(a, tag, l -> l.p50Micros()),
        latencies(b, tag, l -> l.p50Micros()), rules.confidence());
    RelativeChange p99 = RelativeChange.of(latencies(a, tag, l -> l.p99Micros()),
        latencies(b, tag, l -> l.p99Micros()), rules.confidence());
    RelativeChange cpu = null;
    if (tag.equals("ALL")) {
      double[] cpuA = ServerCost.microsPerOperation(a);
      double[] cpuB = ServerCost.microsPerOperation(b);
      cpu = cpuA == null || cpuB == null ? null : RelativeChange.of(cpuA, cpuB, rules.confidence());
    }
    String zeroInA = zeroRun(a, "A", tag);
    String zeroRun = zeroInA != null ? zeroInA : zeroRun(b, "B", tag);
    String invalid = noVerdict != null ? noVerdict
        : a.runs() < 2 || b.runs() < 2 ? "fewer than 2 " + rules.unit() + " on a side (" + a.runs() + " and "
            + b.runs() + "): no spread to judge a difference by; give 3 or more"
        : zeroRun;
    Decision decision = invalid != null ? new Decision(Verdict.NO_VERDICT, "no verdict: " + invalid, null, null)
        : Decision.of(throughput, Math.min(a.runs(), b.runs()), rules);
    if (notSteady != null && decision.verdict() != Verdict.NO_VERDICT) {
      decision = new Decision(Verdict.INCONCLUSIVE, "inconclusive: " + notSteady + " ("
          + (decision.verdict().decided() ? "it would have been: " + decision.text()
              : decision.text().replaceFirst("^inconclusive: ", "and ")) + ")",
          decision.detectablePercent(), decision.runsNeeded());
    }
    return new Comparison(tag, primary, confidence, throughput, p50, p99, cpu, decision.verdict(), decision.text(),
        decision.detectablePercent(), decision.runsNeeded());
  }

  /**
   * What one throughput change says against the rules' margin, with what an inconclusive one
   * could have detected and the runs a side that would decide it.
   */
  record Decision(Verdict verdict, String text, Double detectablePercent, Integer runsNeeded) {
    /** The change of two sides of at least {@code runs} runs each, every run with operations. */
    static Decision of(RelativeChange change, int runs, VerdictRules rules) {
      String unit = rules.unit();
      if (change.lowPercent() == null) {
        return new Decision(Verdict.NO_VERDICT, "no verdict: no interval (fewer than 2 " + unit + " on a side, or a"
            + " figure of 0)", null, null);
      }
      if (change.spreadLog() == 0) {
        return new Decision(Verdict.NO_VERDICT, "no verdict: every one of the " + unit + " on both sides gave the same"
            + " figure: no spread to judge by", null, null);
      }
      Double detectable = change.detectablePercent(change.confidenceOfInterval(), VerdictRules.POWER);
      Integer needed = change.runsNeeded(change.confidenceOfInterval(), rules.marginPercent(), VerdictRules.POWER,
          VerdictRules.MAX_PROJECTED_RUNS);
      if (change.significant()) {
        boolean faster = change.changePercent() > 0;
        String text = faster
            ? "B is " + magnitude(change.changePercent()) + " faster [" + magnitude(change.lowPercent()) + ", "
                + magnitude(change.highPercent()) + "]"
            : "B is " + magnitude(change.changePercent()) + " slower [" + magnitude(change.highPercent()) + ", "
                + magnitude(change.lowPercent()) + "]";
        return new Decision(faster ? Verdict.B_IS_FASTER : Verdict.B_IS_SLOWER, text, detectable, needed);
      }
      double[] equivalence = change.equivalenceInterval(change.confidenceOfInterval());
      if (equivalence[0] > -rules.marginPercent() && equivalence[1] < rules.marginPercent()) {
        return new Decision(Verdict.EQUIVALENT, "equivalent within +-" + margin(rules.marginPercent()) + " ("
            + confidenceText(2 * change.confidenceOfInterval() - 1) + " interval [" + percent(equivalence[0]) + ", "
            + percent(equivalence[1]) + "])", detectable, needed);
      }
      String more = needed > VerdictRules.MAX_PROJECTED_RUNS
          ? "more than " + VerdictRules.MAX_PROJECTED_RUNS + " " + unit + " a side would be needed"
          : Math.max(1, needed - runs) + " more " + (needed - runs > 1 ? unit : singular(unit)) + " a side ("
              + Math.max(needed, runs + 1) + " in all) would likely decide";
      return new Decision(Verdict.INCONCLUSIVE, "inconclusive: these " + unit + " could detect a change of "
          + magnitude(detectable) + "; " + more + " within +-" + margin(rules.marginPercent()), detectable, needed);
    }
  }

  /** "B2 did no READ" for the first run of the side without the tag's operations; null if every run has some. */
  private static String zeroRun(RunSummary s, String side, String tag) {
    for (var run : s.perRun().entrySet()) {
      RunSummary.RunOperation op = run.getValue().operations().get(tag);
      if (op == null || op.throughputOpsPerSec() <= 0) {
        return side + org.hperf.core.run.RunRecord.runIndex(run.getKey()) + " did no " + tag + " operation";
      }
    }
    return null;
  }

  /** Each run's throughput of the tag; a run without the tag did none of it: 0. */
  private static double[] throughputs(RunSummary s, String tag) {
    return s.perRun().values().stream().mapToDouble(run -> {
      RunSummary.RunOperation op = run.operations().get(tag);
      return op == null ? 0 : op.throughputOpsPerSec();
    }).toArray();
  }

  /** Each run's percentile of the tag, from the runs that did any of it. */
  private static double[] latencies(RunSummary s, String tag, ToDoubleFunction<RunSummary.Latency> percentile) {
    return s.perRun().values().stream().map(run -> run.operations().get(tag))
        .filter(op -> op != null && op.latency().operations() > 0)
        .mapToDouble(op -> percentile.applyAsDouble(op.latency())).toArray();
  }

  /** "lifetime" for "lifetimes". */
  private static String singular(String unit) {
    return unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit;
  }

  /** A margin as given: "5%", "2.5%". */
  public static String margin(double percent) {
    return percent == Math.rint(percent) ? String.format(Locale.ROOT, "%.0f%%", percent)
        : String.format(Locale.ROOT, "%s%%", percent);
  }

  /** An unsigned percent: "12%", "4.5%". */
  static String magnitude(Double percent) {
    return percent == null ? "n/a" : percent(Math.abs(percent)).substring(1);
  }

  /**
   * The verdict as a sentence: "B is 38% slower [31%, 45%]: ops/s -38% [95% CI -45%, -31%], p50 +61%
   * [+50%, +72%], p99 +120% [+80%, +170%]", then which latencies differ and the servers' CPU per operation.
   */
  public String sentence() {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s: ops/s %s [%s CI %s], p50 %s, p99 %s",
        verdictText, percent(throughputOpsPerSec.changePercent()), confidenceText(confidence),
        interval(throughputOpsPerSec, ", "), change(p50Micros), change(p99Micros)));
    if (serverCpuMicrosPerOp != null) {
      out.append(", server CPU/op ").append(change(serverCpuMicrosPerOp));
    }
    latencyNote(out, "p50", p50Micros);
    latencyNote(out, "p99", p99Micros);
    return out.toString();
  }

  /** "95%", "99.2%": one decimal when the level is not a whole percent (a corrected one). */
  public static String confidenceText(double confidence) {
    double percent = 100 * confidence;
    return Math.abs(percent - Math.rint(percent)) < 0.05 ? String.format(Locale.ROOT, "%.0f%%", percent)
        : String.format(Locale.ROOT, "%.1f%%", percent);
  }

  private static void latencyNote(StringBuilder out, String name, RelativeChange change) {
    if (change.direction() != 0) {
      out.append("; ").append(name).append(change.direction() > 0 ? " higher" : " lower");
    }
  }

  /** "+120% [+80%, +170%]", or the change alone without an interval (fewer than 2 runs a side). */
  public static String change(RelativeChange change) {
    return change.lowPercent() == null ? percent(change.changePercent())
        : percent(change.changePercent()) + " [" + interval(change, ", ") + "]";
  }

  /** "-45%, -31%", or "no interval" (fewer than 2 runs a side, or a run with a value of 0). */
  static String interval(RelativeChange change, String separator) {
    return change.lowPercent() == null ? "no interval"
        : percent(change.lowPercent()) + separator + percent(change.highPercent());
  }

  /** A signed percent: one decimal below 10%, whole percents above. */
  static String percent(double percent) {
    if (Double.isNaN(percent)) {
      return "n/a";
    }
    return Math.abs(percent) < 9.95 ? String.format(Locale.ROOT, "%+.1f%%", percent)
        : String.format(Locale.ROOT, "%+.0f%%", percent);
  }
}
