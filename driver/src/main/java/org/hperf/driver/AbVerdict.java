package org.hperf.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hperf.analyzers.DuetReport;
import org.hperf.analyzers.stats.Comparison;
import org.hperf.analyzers.stats.ComparisonReport;
import org.hperf.analyzers.stats.PairedVerdict;
import org.hperf.core.ExitCode;

/**
 * What a whole {@code hperf ab} says, workload by workload, in one line each, and the exit code a CI
 * job or an Oozie action gates on: with {@code --fail-if-slower P}, 1 when a workload's primary
 * figure (ALL ops/s) is found slower by more than P% (its point estimate beyond P, its interval
 * leaving 0 out), else 3 when a workload got no decided verdict (inconclusive or none: the run
 * could not tell, so the gate cannot pass it), else 0. Without it, 0 whatever the verdicts.
 */
record AbVerdict(List<String> lines, int exitCode) {
  /** Exit code of a comparison that could not tell, under --fail-if-slower. */
  static final int UNDECIDED = 3;

  static AbVerdict of(List<ComparisonReport> reports, Double failIfSlowerPercent) {
    return of(reports, List.of(), failIfSlowerPercent);
  }

  /**
   * As above, where a duet ({@code ab --duet}) judged the workloads of {@code duets} lifetime by
   * lifetime: their paired verdict is the workload's, the unpaired comparison of the same lifetimes
   * only shown beside it.
   */
  static AbVerdict of(List<ComparisonReport> reports, List<DuetReport> duets, Double failIfSlowerPercent) {
    List<String> lines = new ArrayList<>();
    boolean slowerBeyond = false;
    boolean undecided = false;
    for (ComparisonReport report : reports) {
      DuetReport duet = duets.stream().filter(d -> d.workload().equals(report.workload())).findFirst().orElse(null);
      if (duet != null) {
        PairedVerdict paired = duet.paired();
        lines.add(duet.verdictLine());
        undecided |= !paired.verdict().decided();
        slowerBeyond |= failIfSlowerPercent != null && paired.verdict() == Comparison.Verdict.B_IS_SLOWER
            && -paired.change().changePercent() > failIfSlowerPercent;
        continue;
      }
      Comparison primary = report.primary().orElse(null);
      if (primary == null) {
        lines.add(report.workload() + ": no operation on both sides: no verdict");
        undecided = true;
        continue;
      }
      lines.add(report.workload() + " " + primary.operation() + " ops/s: " + primary.verdictText());
      undecided |= !primary.verdict().decided();
      slowerBeyond |= failIfSlowerPercent != null && primary.verdict() == Comparison.Verdict.B_IS_SLOWER
          && -primary.throughputOpsPerSec().changePercent() > failIfSlowerPercent;
    }
    int exit = failIfSlowerPercent == null ? ExitCode.OK
        : slowerBeyond ? ExitCode.FAILED : undecided ? UNDECIDED : ExitCode.OK;
    if (failIfSlowerPercent != null) {
      lines.add(String.format(Locale.ROOT, "gate --fail-if-slower %s: %s (exit %d)", Comparison.margin(failIfSlowerPercent),
          slowerBeyond ? "B is slower beyond it" : undecided ? "a workload could not be decided" : "passed", exit));
    }
    return new AbVerdict(List.copyOf(lines), exit);
  }

  private static final String SUMMARY = "summary:";
  private static final String INDENT = "  ";

  /** "summary:" and a line per workload, for the end of verdict.txt. */
  String summary() {
    StringBuilder out = new StringBuilder(SUMMARY + "\n");
    lines.forEach(line -> out.append(INDENT).append(line).append('\n'));
    return out.toString();
  }

  /** The lines {@link #summary} wrote at the end of a verdict.txt, without their indent; none if it has no summary. */
  static List<String> summaryLines(String verdictText) {
    List<String> all = verdictText.lines().toList();
    int at = all.lastIndexOf(SUMMARY);
    if (at < 0) {
      return List.of();
    }
    return all.subList(at + 1, all.size()).stream().takeWhile(line -> line.startsWith(INDENT))
        .map(line -> line.substring(INDENT.length())).toList();
  }

}
