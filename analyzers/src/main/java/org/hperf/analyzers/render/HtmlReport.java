package org.hperf.analyzers.render;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.hperf.analyzers.ReportTool;
import org.hperf.core.OperationType;
import org.hperf.core.run.RunSummary;

/**
 * Renders the report page: one section per workload, all styles and charts inline. The i-th
 * workload's section and its parts carry ids ({@code w<i>}, {@code w<i>-findings},
 * {@code w<i>-charts}, {@code w<i>-record}) so a link, a test or a screenshot can name one.
 */
public final class HtmlReport {
  private final List<WorkloadReport> workloads;
  private final List<PairedRatioChart> duets;

  public HtmlReport(List<WorkloadReport> workloads) {
    this(workloads, List.of());
  }

  /** With {@code duets}: the B/A over time of run directories measured at the same time, after the summary. */
  public HtmlReport(List<WorkloadReport> workloads, List<PairedRatioChart> duets) {
    this.workloads = workloads;
    this.duets = duets;
  }

  public String render() {
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>hperf report</title>\n")
        .append("<style>body{font-family:sans-serif;margin:24px;max-width:1400px}table{border-collapse:collapse;"
            + "margin:8px 0 16px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right;font-size:13px}"
            + "th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}.charts{display:flex;"
            + "flex-wrap:wrap;gap:12px}.tables{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}"
            + ".tables table{margin:0}.zero{font-size:12px;color:#666}</style></head><body>\n")
        .append("<h1>hperf report</h1>\n");
    html.append("<h2>Summary</h2>\n").append(summaryTable());
    if (!duets.isEmpty()) {
      html.append("<h2>Duet: B/A over time</h2>\n<p>Both sides measured in the same intervals: each lifetime's ratio"
          + " through its window. A line that steps away from the others is a side disturbed or drifting in part of"
          + " it.</p>\n<div class=\"charts\" id=\"duet\">\n");
      duets.forEach(duet -> html.append(duet.svg()));
      html.append("</div>\n");
    }
    List<String[]> bigTable = ReportTool.bigTableRows(workloads);
    if (!bigTable.isEmpty()) {
      html.append("<h2>BigTable figure 6</h2>\n<table id=\"bigtable\"><tr><th>test</th><th>BigTable rows/s (1 tablet"
          + " server)</th><th>hperf rows/s per region server</th></tr>\n");
      for (String[] row : bigTable) {
        html.append("<tr><td>").append(row[0]).append("</td><td>").append(row[1]).append("</td><td>").append(row[2])
            .append("</td></tr>\n");
      }
      html.append("</table>\n");
    }
    for (int i = 0; i < workloads.size(); i++) {
      html.append(section(workloads.get(i), "w" + (i + 1)));
    }
    return html.append("</body></html>\n").toString();
  }

  private String summaryTable() {
    StringBuilder t = new StringBuilder("<table id=\"summary\"><tr><th>workload</th><th>operation</th><th>ops/s"
        + " (mean of runs)</th><th>min</th><th>max</th><th>runs</th><th>operations</th><th>mean us</th><th>p50</th>"
        + "<th>p90</th><th>p95</th><th>p99</th><th>p99.9</th><th>p99.99</th><th>max</th></tr>\n");
    for (WorkloadReport w : workloads) {
      for (Map.Entry<String, RunSummary.Overall> e : w.summary.overall().entrySet()) {
        RunSummary.Overall op = e.getValue();
        RunSummary.Latency l = op.latency();
        t.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%,.1f</td><td>%,.1f</td><td>%,.1f</td>"
            + "<td>%d</td><td>%,d</td><td>%.1f</td><td>%,d</td><td>%,d</td><td>%,d</td><td>%,d</td><td>%,d</td>"
            + "<td>%,d</td><td>%,d</td></tr>%n", SvgChart.escape(w.label()), SvgChart.escape(e.getKey()),
            op.throughputOpsPerSec(), op.throughputMinOpsPerSec(), op.throughputMaxOpsPerSec(), w.summary.runs(),
            l.operations(), l.meanMicros(), l.p50Micros(), l.p90Micros(), l.p95Micros(), l.p99Micros(),
            l.p999Micros(), l.p9999Micros(), l.maxMicros()));
      }
    }
    return t.append("</table>\n").toString();
  }

  private String section(WorkloadReport w, String id) {
    StringBuilder s = new StringBuilder();
    s.append("<section class=\"workload\" id=\"").append(id).append("\">\n<h2>").append(SvgChart.escape(w.label()))
        .append("</h2>\n<p>").append(SvgChart.escape(w.aggregated.dir().toString())).append("</p>\n");
    s.append("<div class=\"findings\" id=\"").append(id).append("-findings\">\n");
    w.summary.perRun().forEach((run, figures) -> {
      if (!figures.disturbedBy().isEmpty()) {
        s.append("<p class=\"disturbed\" style=\"color:#d62728\"><b>").append(SvgChart.escape(run))
            .append(" is disturbed</b>: ").append(SvgChart.escape(String.join(", ", figures.disturbedBy())))
            .append("; its figures are not those of a clean run.</p>\n");
      }
    });
    s.append(FindingsReport.html(w));
    s.append(PlacementReport.findingsHtml(w)).append("</div>\n");
    s.append("<div class=\"charts\" id=\"").append(id).append("-charts\">\n").append(throughputChart(w).render())
        .append(p99Chart(w).render());
    SvgChart distribution = new SvgChart("Latency by percentile (all runs merged)", "percentile",
        "latency (microseconds)", true);
    for (Map.Entry<String, Histogram> e : w.merged.entrySet()) {
      if (e.getValue().getTotalCount() > 0) {
        double[][] xy = WorkloadReport.percentileCurve(e.getValue());
        distribution.add(e.getKey(), xy[0], xy[1]);
      }
    }
    s.append(distribution.render()).append("</div>\n");
    String placement = PlacementReport.sectionHtml(w);
    if (!placement.isEmpty()) {
      s.append("<div class=\"placement\" id=\"").append(id).append("-servers\">\n").append(placement).append("</div>\n");
    }
    String cluster = ClusterReport.sectionHtml(w);
    if (!cluster.isEmpty()) {
      s.append("<div class=\"cluster\" id=\"").append(id).append("-cluster\">\n").append(cluster).append("</div>\n");
    }
    s.append(RecordTables.html(w, id + "-record"));
    return s.append("</section>\n").toString();
  }

  /**
   * Each run's ALL tag per interval. Logs from before the tasks recorded ALL have no such tag:
   * then each operation is drawn on its own, since their sum would count a read-modify-write's
   * read twice.
   */
  private static SvgChart throughputChart(WorkloadReport w) {
    boolean hasAll = w.summary.overall().containsKey(OperationType.ALL_TAG);
    SvgChart chart = new SvgChart("Throughput per " + w.interval() + " interval ("
        + (hasAll ? "all operations" : "per operation") + ")", xLabel(w), "ops/s per " + w.interval() + " interval",
        false);
    for (String run : w.summary.perRun().keySet()) {
      if (hasAll) {
        double[][] xy = w.throughputOverTime(run, OperationType.ALL_TAG);
        chart.add(run, xy[0], xy[1]);
        continue;
      }
      for (String tag : w.summary.tags()) {
        if (!tag.endsWith(OperationType.INTENDED_SUFFIX)) {
          double[][] xy = w.throughputOverTime(run, tag);
          chart.add(run + " " + tag, xy[0], xy[1]);
        }
      }
    }
    w.markTimeline(chart, w.summary.perRun().keySet());
    return chart;
  }

  /**
   * Each operation's p99 per interval, an operation a colour; with several runs every run is drawn,
   * run-1 solid and the others dashed, so a run that stood out shows against the rest.
   */
  private static SvgChart p99Chart(WorkloadReport w) {
    int runs = w.summary.perRun().size();
    String which = runs <= 1 ? (runs == 0 ? "run-1" : w.summary.perRun().keySet().iterator().next())
        : runs + " runs, run-1 solid, the others dashed";
    SvgChart chart = new SvgChart("p99 latency per " + w.interval() + " interval (" + which + ")", xLabel(w),
        "p99 per " + w.interval() + " interval (microseconds)", false);
    boolean first = true;
    for (String run : w.summary.perRun().keySet()) {
      int colour = 0;
      for (String tag : w.summary.tags()) {
        double[][] xy = w.p99OverTime(run, tag);
        chart.add(runs <= 1 ? tag : run + " " + tag, xy[0], xy[1], colour++, !first);
      }
      first = false;
    }
    w.markTimeline(chart, w.summary.perRun().keySet());
    return chart;
  }

  private static String xLabel(WorkloadReport w) {
    return "seconds into the run (end of each " + w.interval() + " interval)";
  }
}
