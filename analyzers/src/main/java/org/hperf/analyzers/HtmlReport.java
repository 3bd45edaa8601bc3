package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/** Renders the report page: one section per workload, all styles and charts inline. */
final class HtmlReport {
  private final List<WorkloadReport> workloads;

  HtmlReport(List<WorkloadReport> workloads) {
    this.workloads = workloads;
  }

  String render() {
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>hperf report</title>\n")
        .append("<style>body{font-family:sans-serif;margin:24px;max-width:1400px}table{border-collapse:collapse;"
            + "margin:8px 0 16px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right;font-size:13px}"
            + "th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}.charts{display:flex;"
            + "flex-wrap:wrap;gap:12px}</style></head><body>\n")
        .append("<h1>hperf report</h1>\n");
    html.append("<h2>Summary</h2>\n").append(summaryTable());
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
    for (WorkloadReport w : workloads) {
      html.append(section(w));
    }
    return html.append("</body></html>\n").toString();
  }

  private String summaryTable() {
    StringBuilder t = new StringBuilder("<table id=\"summary\"><tr><th>workload</th><th>operation</th><th>ops/s"
        + " (mean of runs)</th><th>min</th><th>max</th><th>runs</th><th>operations</th><th>mean us</th><th>p50</th>"
        + "<th>p90</th><th>p95</th><th>p99</th><th>p99.9</th><th>p99.99</th><th>max</th></tr>\n");
    for (WorkloadReport w : workloads) {
      for (SummaryTable.Operation op : w.summary.operations.values()) {
        LatencySummary l = op.latency();
        t.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%,.1f</td><td>%,.1f</td><td>%,.1f</td>"
            + "<td>%d</td><td>%,d</td><td>%.1f</td><td>%,d</td><td>%,d</td><td>%,d</td><td>%,d</td><td>%,d</td>"
            + "<td>%,d</td><td>%,d</td></tr>%n", SvgChart.escape(w.workload()), op.tag(), op.meanThroughput(),
            op.min(), op.max(), op.runThroughputs().size(), l.operations(), l.meanMicros(), l.p50(), l.p90(), l.p95(),
            l.p99(), l.p999(), l.p9999(), l.maxMicros()));
      }
    }
    return t.append("</table>\n").toString();
  }

  private String section(WorkloadReport w) {
    StringBuilder s = new StringBuilder();
    s.append("<h2>").append(SvgChart.escape(w.workload())).append("</h2>\n<p>").append(SvgChart.escape(
        w.summary.dir.toString())).append("</p>\n");
    for (String run : w.series.keySet()) {
      List<String> reasons = Disturbance.of(w.summary.record, run);
      if (!reasons.isEmpty()) {
        s.append("<p class=\"disturbed\" style=\"color:#d62728\"><b>").append(run).append(" is disturbed</b>: ")
            .append(SvgChart.escape(String.join(", ", reasons))).append("; its figures are not those of a clean run.</p>\n");
      }
    }
    s.append("<div class=\"charts\">\n");
    Set<String> topLevel = Set.of(Summary.ALL);
    SvgChart throughput = new SvgChart("Throughput over time (all operations)", "seconds", "ops/s", false);
    for (String run : w.series.keySet()) {
      double[][] xy = w.throughputOverTime(run, topLevel);
      throughput.add(run, xy[0], xy[1]);
    }
    s.append(throughput.render());
    String firstRun = w.series.isEmpty() ? "run-1" : w.series.keySet().iterator().next();
    SvgChart p99 = new SvgChart("p99 latency over time (" + firstRun + ")", "seconds", "microseconds", false);
    for (String tag : w.merged.keySet()) {
      double[][] xy = w.p99OverTime(firstRun, tag);
      p99.add(tag, xy[0], xy[1]);
    }
    s.append(p99.render());
    SvgChart distribution = new SvgChart("Latency by percentile (all runs merged)", "percentile", "microseconds",
        true);
    for (Map.Entry<String, Histogram> e : w.merged.entrySet()) {
      if (e.getValue().getTotalCount() > 0) {
        double[][] xy = WorkloadReport.percentileCurve(e.getValue());
        distribution.add(e.getKey(), xy[0], xy[1]);
      }
    }
    s.append(distribution.render()).append("</div>\n");
    s.append("<h3>Configuration</h3>\n<table class=\"configuration\"><tr><th>key</th><th>value</th></tr>\n");
    List<String> keys = new ArrayList<>(w.summary.record.stringPropertyNames());
    keys.sort(null);
    for (String key : keys) {
      s.append("<tr><td>").append(SvgChart.escape(key)).append("</td><td>")
          .append(SvgChart.escape(w.summary.record.getProperty(key))).append("</td></tr>\n");
    }
    return s.append("</table>\n").toString();
  }
}
