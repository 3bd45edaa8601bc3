package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.hperf.core.run.RunSummary;

/**
 * One operation of a workload measured on two setups, B against A: the change of the runs'
 * (geometric) mean throughput, p50 and p99, each with its interval (see {@link RelativeChange}), and the verdict,
 * which the throughput decides. Each run counts once: its throughput over its common window and
 * the percentiles of its merged histogram.
 */
public record Comparison(String operation, RelativeChange throughputOpsPerSec, RelativeChange p50Micros,
    RelativeChange p99Micros, Verdict verdict) {

  public Comparison {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(verdict, "verdict");
  }

  /** What the throughput's interval says. */
  public enum Verdict {
    B_IS_FASTER("B is faster"),
    B_IS_SLOWER("B is slower"),
    NO_SIGNIFICANT_DIFFERENCE("no significant difference"),
    /** One run on a side has no run-to-run spread to judge a difference by. */
    TOO_FEW_RUNS("fewer than 2 runs on a side: no verdict");

    private final String text;

    Verdict(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** Every operation of A that B has too, in A's order. */
  static List<Comparison> of(RunSummary a, RunSummary b, double confidence) {
    List<Comparison> rows = new ArrayList<>();
    for (String tag : a.overall().keySet()) {
      if (b.overall().containsKey(tag)) {
        rows.add(of(tag, a, b, confidence));
      }
    }
    return rows;
  }

  static Comparison of(String tag, RunSummary a, RunSummary b, double confidence) {
    RelativeChange throughput = RelativeChange.of(throughputs(a, tag), throughputs(b, tag), confidence);
    RelativeChange p50 = RelativeChange.of(latencies(a, tag, l -> l.p50Micros()),
        latencies(b, tag, l -> l.p50Micros()), confidence);
    RelativeChange p99 = RelativeChange.of(latencies(a, tag, l -> l.p99Micros()),
        latencies(b, tag, l -> l.p99Micros()), confidence);
    Verdict verdict = a.runs() < 2 || b.runs() < 2 ? Verdict.TOO_FEW_RUNS
        : throughput.direction() > 0 ? Verdict.B_IS_FASTER
        : throughput.direction() < 0 ? Verdict.B_IS_SLOWER : Verdict.NO_SIGNIFICANT_DIFFERENCE;
    return new Comparison(tag, throughput, p50, p99, verdict);
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

  /**
   * The verdict as a sentence: "-38% ops/s [95% CI -45%, -31%], p50 +61% [+50%, +72%], p99 +120%
   * [+80%, +170%]: B is slower", and which latencies differ significantly.
   */
  public String sentence(double confidence) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s ops/s [%.0f%% CI %s], p50 %s, p99 %s: %s",
        percent(throughputOpsPerSec.changePercent()), 100 * confidence, interval(throughputOpsPerSec, ", "),
        change(p50Micros), change(p99Micros), verdict.text()));
    latencyNote(out, "p50", p50Micros);
    latencyNote(out, "p99", p99Micros);
    return out.toString();
  }

  private static void latencyNote(StringBuilder out, String name, RelativeChange change) {
    if (change.direction() != 0) {
      out.append("; ").append(name).append(change.direction() > 0 ? " higher" : " lower");
    }
  }

  /** "+120% [+80%, +170%]", or the change alone without an interval (fewer than 2 runs a side). */
  static String change(RelativeChange change) {
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
