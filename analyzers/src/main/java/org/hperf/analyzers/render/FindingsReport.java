package org.hperf.analyzers.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hperf.analyzers.stats.ClusterFindings;
import org.hperf.analyzers.stats.SteadyState;
import org.hperf.core.run.RunRecord;
import org.hperf.core.run.RunSummary;

/**
 * The report's view of a workload's {@link RunSummary.Finding}s: one line each at the top of the
 * workload's section (HTML) and one line each in the text report, whatever analysis found it; the
 * hotspots of {@link PlacementReport} are shown the same way. Before them, what the server warm-up
 * before run 1 did, when one ran ({@code hperf run --server-warmup}). A kind this class does not know is
 * shown under its own name, so a new source of findings needs no change here.
 */
public final class FindingsReport {
  /** How the HTML page heads a finding of a known kind. */
  private static final Map<String, String> HEADINGS = Map.of(
      SteadyState.WARM_UP, "Not steady",
      SteadyState.RUN_OUTLIER, "Run far from the others",
      ClusterFindings.COMPACTIONS, "Compactions",
      ClusterFindings.UPDATES_BLOCKED, "Updates blocked",
      ClusterFindings.GC, "GC",
      ClusterFindings.RPC_QUEUE, "RPC queue",
      ClusterFindings.SERVER_JIT, "Server warming up");

  private FindingsReport() {
  }

  static String heading(String kind) {
    String known = HEADINGS.get(kind);
    return known != null ? known : kind.isEmpty() ? "Finding"
        : Character.toUpperCase(kind.charAt(0)) + kind.substring(1).replace('-', ' ');
  }

  /**
   * What the server warm-up before the first run did, if one ran: "7.3 s unmeasured before run-1, 1 of 2
   * clients ended steady (the others ran to the 60 s bound)"; null if none ran.
   */
  static String serverWarmup(RunRecord record) {
    return record.serverWarmup().map(warm -> String.format(Locale.ROOT, "%.1f s unmeasured before run-1, %d of %d"
        + " clients ended steady%s", warm.seconds(), warm.steadyClients(), warm.clients(), warm.steady() ? ""
        : " (the others ran to the " + warm.maxSeconds() + " s bound)")).orElse(null);
  }

  /** The server warm-up's line, then one paragraph per finding, in the summary's order. */
  static String html(WorkloadReport w) {
    StringBuilder s = new StringBuilder();
    String warmup = serverWarmup(w.aggregated.record());
    if (warmup != null) {
      s.append("<p class=\"server-warmup\"><b>Server warm-up</b> ").append(SvgChart.escape(warmup)).append("</p>\n");
    }
    for (RunSummary.Finding f : w.summary.findings()) {
      s.append("<p class=\"finding\" data-kind=\"").append(SvgChart.escape(f.kind()))
          .append("\" style=\"color:#9c4a00\"><b>").append(SvgChart.escape(heading(f.kind()))).append("</b> ")
          .append(SvgChart.escape(f.line())).append("</p>\n");
    }
    return s.toString();
  }

  /** "SERVER WARM-UP: workloada: ..." if one ran, then "WARM-UP: workloada run-1: throughput rose ...", one per finding. */
  public static List<String> textLines(WorkloadReport w) {
    List<String> lines = new ArrayList<>();
    String warmup = serverWarmup(w.aggregated.record());
    if (warmup != null) {
      lines.add("SERVER WARM-UP: " + w.label() + ": " + warmup);
    }
    lines.addAll(textLines(w.label(), w.summary));
    return lines;
  }

  public static List<String> textLines(String workload, RunSummary summary) {
    List<String> lines = new ArrayList<>();
    for (RunSummary.Finding f : summary.findings()) {
      lines.add(f.kind().toUpperCase(Locale.ROOT) + ": " + workload + " " + f.line());
    }
    return lines;
  }
}
