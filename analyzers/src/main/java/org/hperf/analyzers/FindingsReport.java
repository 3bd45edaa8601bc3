package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hperf.core.run.RunSummary;

/**
 * The report's view of a workload's {@link RunSummary.Finding}s: one line each at the top of the
 * workload's section (HTML) and one line each in the text report, whatever analysis found it; the
 * hotspots of {@link PlacementReport} are shown the same way. A kind this class does not know is
 * shown under its own name, so a new source of findings needs no change here.
 */
final class FindingsReport {
  /** How the HTML page heads a finding of a known kind. */
  private static final Map<String, String> HEADINGS = Map.of(
      SteadyState.WARM_UP, "Not steady",
      SteadyState.RUN_OUTLIER, "Run far from the others");

  private FindingsReport() {
  }

  static String heading(String kind) {
    String known = HEADINGS.get(kind);
    return known != null ? known : kind.isEmpty() ? "Finding"
        : Character.toUpperCase(kind.charAt(0)) + kind.substring(1).replace('-', ' ');
  }

  /** One paragraph per finding, in the summary's order. */
  static String html(WorkloadReport w) {
    StringBuilder s = new StringBuilder();
    for (RunSummary.Finding f : w.summary.findings()) {
      s.append("<p class=\"finding\" data-kind=\"").append(SvgChart.escape(f.kind()))
          .append("\" style=\"color:#9c4a00\"><b>").append(SvgChart.escape(heading(f.kind()))).append("</b> ")
          .append(SvgChart.escape(f.line())).append("</p>\n");
    }
    return s.toString();
  }

  /** "WARM-UP: workloada run-1: throughput rose ...", one per finding. */
  static List<String> textLines(WorkloadReport w) {
    return textLines(w.workload(), w.summary);
  }

  static List<String> textLines(String workload, RunSummary summary) {
    List<String> lines = new ArrayList<>();
    for (RunSummary.Finding f : summary.findings()) {
      lines.add(f.kind().toUpperCase(Locale.ROOT) + ": " + workload + " " + f.line());
    }
    return lines;
  }
}
