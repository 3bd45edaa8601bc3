package org.hperf.analyzers;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hperf.analyzers.render.FindingsReport;
import org.hperf.analyzers.render.WorkloadReport;
import org.hperf.analyzers.stats.ClusterFindings;
import org.hperf.core.OperationType;
import org.hperf.core.run.RunSummary;

/**
 * {@code hperf report --brief}: a row per workload (all its operations together), the BigTable
 * paper's figure-6 rate beside each of its tests, then only the findings that question a figure:
 * a screen for a suite of ten workloads, where the full table gives each operation its row and
 * every run's GC its line. The HTML page has the rest.
 */
final class BriefTable {
  /** GC time is reported by the full table and the page: a share of the window, not a doubt about its figures. */
  private static final List<String> LEFT_TO_THE_FULL_REPORT = List.of(ClusterFindings.GC);

  private BriefTable() {
  }

  static String text(List<WorkloadReport> workloads) {
    int width = Math.max(16, workloads.stream().mapToInt(w -> w.label().length()).max().orElse(0));
    String row = "%-" + width + "s %9s %8s %8s %8s %9s %8s%n";
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, row, "workload", "ops/s", "p50 us", "p99 us",
        "max us", "figure 6", "hperf"));
    Map<String, String[]> bigTable = new HashMap<>();
    ReportTool.bigTableRows(workloads).forEach(r -> bigTable.put(r[0], r));
    for (WorkloadReport w : workloads) {
      RunSummary.Overall all = w.summary.overall().get(OperationType.ALL_TAG);
      if (all == null) {
        continue;
      }
      String[] paper = bigTable.getOrDefault(w.workload(), new String[] {"", "", ""});
      RunSummary.Latency l = all.latency();
      out.append(String.format(Locale.ROOT, row, w.label(), String.format(Locale.ROOT, "%,.0f",
          all.throughputOpsPerSec()), String.format(Locale.ROOT, "%,d", l.p50Micros()),
          String.format(Locale.ROOT, "%,d", l.p99Micros()), String.format(Locale.ROOT, "%,d", l.maxMicros()),
          paper[1], paper[2]).stripTrailing()).append('\n');
    }
    if (!bigTable.isEmpty()) {
      out.append("figure 6: the BigTable paper's rows/s on one tablet server; hperf: rows/s per region server\n");
    }
    ReportTool.disturbedLines(workloads).forEach(line -> out.append(line).append('\n'));
    for (WorkloadReport w : workloads) {
      FindingsReport.textLines(w).stream().filter(BriefTable::questionsAFigure)
          .forEach(line -> out.append(line).append('\n'));
    }
    return out.toString();
  }

  private static boolean questionsAFigure(String findingLine) {
    return LEFT_TO_THE_FULL_REPORT.stream()
        .noneMatch(kind -> findingLine.startsWith(kind.toUpperCase(Locale.ROOT) + ":"));
  }
}
