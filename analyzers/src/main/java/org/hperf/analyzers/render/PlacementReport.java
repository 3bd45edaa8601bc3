package org.hperf.analyzers.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hperf.analyzers.stats.PlacementSummary;
import org.hperf.core.OperationType;
import org.hperf.core.run.RunSummary;

/**
 * The report's view of where a workload's operations were served (each run's
 * {@link RunSummary.Placement}): the findings line per run, the per-server table, a chart of each
 * server's throughput per interval, and per run a region heat strip (operations and p99 per region,
 * in key order). Runs recorded with {@code --per-server off} show nothing.
 */
public final class PlacementReport {
  private static final int STRIP_WIDTH = 640;
  private static final int STRIP_LEFT = 90;
  private static final int CELL_HEIGHT = 22;

  private PlacementReport() {
  }

  public static boolean hasPlacement(WorkloadReport w) {
    return w.summary.perRun().values().stream().anyMatch(r -> !r.placement().servers().isEmpty());
  }

  /**
   * A run's hotspots, one per server or region: its strongest (a region hot for ALL is usually hot
   * for each of the operations too; summary.json keeps every one).
   */
  public static List<RunSummary.Hotspot> distinct(RunSummary.Run run) {
    List<RunSummary.Hotspot> distinct = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (RunSummary.Hotspot h : run.placement().hotspots()) {
      if (seen.add(h.kind() + " " + h.name())) {
        distinct.add(h);
      }
    }
    return distinct;
  }

  /** One line per run with a hotspot: its strongest finding, and how many more servers or regions stand out. */
  static List<String> findingLines(WorkloadReport w) {
    List<String> lines = new ArrayList<>();
    w.summary.perRun().forEach((run, figures) -> {
      List<RunSummary.Hotspot> hotspots = distinct(figures);
      if (!hotspots.isEmpty()) {
        String more = hotspots.size() > 1 ? " (and " + (hotspots.size() - 1) + " more)" : "";
        lines.add(run + ": " + hotspots.get(0).finding() + more);
      }
    });
    return lines;
  }

  static String findingsHtml(WorkloadReport w) {
    StringBuilder s = new StringBuilder();
    for (String line : findingLines(w)) {
      s.append("<p class=\"finding\" style=\"color:#9c4a00\"><b>Hotspot</b> ").append(SvgChart.escape(line))
          .append("</p>\n");
    }
    return s.toString();
  }

  /** The per-server table, every hotspot, the per-server chart and the heat strips; empty without placement. */
  static String sectionHtml(WorkloadReport w) {
    if (!hasPlacement(w)) {
      return "";
    }
    StringBuilder s = new StringBuilder("<h3>Region servers</h3>\n<table class=\"servers\"><tr><th>run</th>"
        + "<th>region server</th><th>operation</th><th>ops/s</th><th>share of the operation</th><th>operations</th>"
        + "<th>p50 us</th><th>p99 us</th><th>p99.9 us</th><th>max us</th></tr>\n");
    w.summary.perRun().forEach((run, figures) -> figures.placement().servers().forEach((server, tags) ->
        tags.forEach((tag, op) -> {
          RunSummary.Latency l = op.latency();
          s.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%,.1f</td><td>%.1f%%</td>"
              + "<td>%,d</td><td>%,d</td><td>%,d</td><td>%,d</td><td>%,d</td></tr>%n", SvgChart.escape(run),
              SvgChart.escape(server), SvgChart.escape(tag), op.throughputOpsPerSec(), 100 * op.share(),
              l.operations(), l.p50Micros(), l.p99Micros(), l.p999Micros(), l.maxMicros()));
        })));
    s.append("</table>\n");
    List<String> all = new ArrayList<>();
    w.summary.perRun().forEach((run, figures) -> distinct(figures).forEach(h -> all.add(run + ": " + h.finding())));
    if (!all.isEmpty()) {
      s.append("<ul class=\"hotspots\">\n");
      all.forEach(line -> s.append("<li>").append(SvgChart.escape(line)).append("</li>\n"));
      s.append("</ul>\n");
    }
    s.append("<div class=\"charts\">\n").append(serverChart(w).render()).append("</div>\n");
    s.append("<h3>Regions in key order</h3>\n");
    w.summary.perRun().forEach((run, figures) -> {
      if (!figures.placement().regions().isEmpty()) {
        s.append(heatStrip(run, figures.placement().regions()));
      }
    });
    return s.toString();
  }

  /** Each server's top-level operations per interval in the first run. */
  private static SvgChart serverChart(WorkloadReport w) {
    String firstRun = w.summary.perRun().keySet().iterator().next();
    SvgChart chart = new SvgChart("Throughput per region server per " + w.interval() + " interval (" + firstRun + ")",
        "seconds into the run (end of each " + w.interval() + " interval)", "ops/s per " + w.interval() + " interval",
        false);
    w.summary.perRun().get(firstRun).placement().servers().forEach((server, tags) -> {
      RunSummary.ServerOperation all = tags.get(OperationType.ALL_TAG);
      if (all == null) {
        return;
      }
      double[] x = new double[all.intervals().size()];
      double[] y = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        RunSummary.Interval interval = all.intervals().get(i);
        x[i] = (interval.index() + 1) * (double) w.summary.intervalSeconds();
        y[i] = interval.opsPerSec();
      }
      chart.add(server, x, y);
    });
    w.markTimeline(chart, List.of(firstRun));
    return chart;
  }

  /**
   * Two rows of cells, one per region in key order: its share of the run's top-level operations
   * (ALL, or the one operation's tag) and its p99, each shaded against the row's largest; every
   * cell's tooltip names the region and its figures.
   */
  static String heatStrip(String run, List<RunSummary.Region> regions) {
    String tag = regions.stream().anyMatch(r -> r.operations().containsKey(OperationType.ALL_TAG))
        ? OperationType.ALL_TAG : regions.get(0).operations().keySet().iterator().next();
    double maxShare = 0;
    long maxP99 = 0;
    for (RunSummary.Region r : regions) {
      RunSummary.RegionOperation op = r.operations().get(tag);
      if (op != null) {
        maxShare = Math.max(maxShare, op.share());
        maxP99 = Math.max(maxP99, op.p99Micros());
      }
    }
    double cell = (STRIP_WIDTH - STRIP_LEFT - 10) / (double) regions.size();
    int height = 20 + 2 * CELL_HEIGHT + 16;
    StringBuilder svg = new StringBuilder(String.format(Locale.ROOT, "<svg class=\"heatstrip\" data-run=\"%s\""
        + " xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\""
        + " aria-label=\"regions of %s\">%n", SvgChart.escape(run), STRIP_WIDTH, height, STRIP_WIDTH, height,
        SvgChart.escape(run)));
    svg.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"14\" font-size=\"13\" font-weight=\"bold\">%s: %d regions"
        + " in key order, %s (darker: more)</text>%n", SvgChart.escape(run), regions.size(),
        tag.equals(OperationType.ALL_TAG) ? "all operations" : SvgChart.escape(tag)));
    String[] rows = {"operations", "p99"};
    for (int row = 0; row < 2; row++) {
      int y = 20 + row * CELL_HEIGHT;
      svg.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"%d\" font-size=\"11\">%s</text>%n", y + 15, rows[row]));
      for (int i = 0; i < regions.size(); i++) {
        RunSummary.Region r = regions.get(i);
        RunSummary.RegionOperation op = r.operations().get(tag);
        double level = op == null ? 0 : row == 0 ? op.share() / Math.max(maxShare, 1e-12)
            : op.p99Micros() / (double) Math.max(maxP99, 1);
        String title = PlacementSummary.label(r) + (op == null ? ": no operations" : String.format(Locale.ROOT,
            ": %,d operations (%.1f%%), p50 %,d us, p99 %,d us", op.operations(), 100 * op.share(), op.p50Micros(),
            op.p99Micros()));
        svg.append(String.format(Locale.ROOT, "<rect class=\"region\" x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\""
            + " fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.5\"><title>%s</title></rect>%n", STRIP_LEFT + i * cell, y,
            cell, CELL_HEIGHT - 2, shade(level), SvgChart.escape(title)));
      }
    }
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"%d\">first key</text>"
        + "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"end\">last key</text>%n", STRIP_LEFT, height - 2,
        SvgChart.TEXT_PX, STRIP_WIDTH - 10, height - 2, SvgChart.TEXT_PX));
    return svg.append("</svg>\n").toString();
  }

  /** White (0) to dark red (1). */
  static String shade(double level) {
    double t = Math.max(0, Math.min(1, level));
    int r = (int) Math.round(255 - t * (255 - 0xb2));
    int g = (int) Math.round(255 - t * (255 - 0x18));
    int b = (int) Math.round(255 - t * (255 - 0x2b));
    return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
  }

  /** Text lines for the plain report: each run's findings. */
  public static List<String> textLines(WorkloadReport w) {
    List<String> lines = new ArrayList<>();
    w.summary.perRun().forEach((run, figures) -> distinct(figures).forEach(h ->
        lines.add(String.format(Locale.ROOT, "HOTSPOT: %s %s: %s", w.label(), run, h.finding()))));
    return lines;
  }

  /** Each run's servers' figures for the plain report, one line per server and tag. */
  public static List<String> serverLines(WorkloadReport w) {
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, RunSummary.Run> run : w.summary.perRun().entrySet()) {
      run.getValue().placement().servers().forEach((server, tags) -> tags.forEach((tag, op) ->
          lines.add(String.format(Locale.ROOT, "%-16s %-6s %-24s %-18s %,12.1f %6.1f%% %,9d %,9d", w.label(),
              run.getKey(), server, tag, op.throughputOpsPerSec(), 100 * op.share(), op.latency().p50Micros(),
              op.latency().p99Micros()))));
    }
    return lines;
  }
}
