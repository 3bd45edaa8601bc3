package org.hperf.analyzers.render;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.hperf.core.run.ClusterMetricsLog.Metric;
import org.hperf.core.run.RunSummary;

/**
 * The report's view of the cluster's and the clients' own state during a workload's runs (each
 * run's {@link RunSummary.ClusterState}): one row of panels per region server (RPC queue,
 * memstore, compaction queue, GC time, heap; every run overlaid) plus one for the client tasks (GC
 * time and CPU per interval), each panel a chart drawn at its own size ({@link SvgChart#PANEL}, not
 * shrunk by the page, so its labels read at 100% zoom), on the time axis of the throughput and p99 charts: seconds from the run's window start. A
 * metric the server did not expose has no point, not a zero. What the state says ({@link
 * ClusterFindings}) is among the summary's findings, shown by {@link FindingsReport}.
 */
final class ClusterReport {
  /** The charts of a server's row: metric, how it is drawn, its unit. */
  private record Panel(Metric metric, String title, String unit, double scale, boolean perInterval) {
  }

  private static final List<Panel> PANELS = List.of(
      new Panel(Metric.RPC_QUEUE_CALLS, "RPC calls queued", "calls", 1, false),
      new Panel(Metric.MEMSTORE_BYTES, "memstore", "MB", 1.0 / (1024 * 1024), false),
      new Panel(Metric.COMPACTION_QUEUE, "compaction queue", "compactions", 1, false),
      new Panel(Metric.PROCESS_CPU_MS, "process CPU per sample", "ms", 1, true),
      new Panel(Metric.GC_TIME_MS, "GC time per sample", "ms", 1, true),
      new Panel(Metric.HEAP_USED_MB, "heap used", "MB", 1, false));

  private ClusterReport() {
  }

  static boolean hasClusterState(WorkloadReport w) {
    return w.summary.perRun().values().stream().anyMatch(r -> !r.cluster().servers().isEmpty()
        || !r.cluster().clients().isEmpty());
  }

  /** The rows of panels; empty when no run has cluster metrics. */
  static String sectionHtml(WorkloadReport w) {
    if (!hasClusterState(w)) {
      return "";
    }
    StringBuilder s = new StringBuilder("<h3>Cluster and client state during the runs</h3>\n")
        .append("<p>Sampled every ").append(w.interval()).append(" from each region server's /jmx; x: seconds from"
            + " the run's window start, as the throughput chart. A gap is a metric the server did not expose.</p>\n");
    TreeSet<String> servers = new TreeSet<>();
    w.summary.perRun().values().forEach(r -> servers.addAll(r.cluster().servers().keySet()));
    for (String server : servers) {
      s.append("<div class=\"metrics-row\" data-server=\"").append(SvgChart.escape(server)).append("\"><h4>")
          .append(SvgChart.escape(server)).append("</h4>\n");
      for (Panel panel : PANELS) {
        SvgChart chart = new SvgChart(panel.title(), "s", panel.unit(), false, SvgChart.PANEL);
        w.summary.perRun().forEach((run, figures) -> {
          double[][] xy = serverSeries(figures.cluster().servers().getOrDefault(server, List.of()), panel);
          chart.add(run, xy[0], xy[1]);
        });
        s.append(chart.isEmpty() ? "" : chart.render());
      }
      s.append("</div>\n");
    }
    s.append(clientRow(w));
    return s.toString();
  }

  private static String clientRow(WorkloadReport w) {
    SvgChart gc = new SvgChart("client GC time per interval", "s", "ms", false, SvgChart.PANEL);
    SvgChart cpu = new SvgChart("client CPU per interval", "s", "ms", false, SvgChart.PANEL);
    w.summary.perRun().forEach((run, figures) -> {
      TreeSet<String> tasks = new TreeSet<>();
      figures.cluster().clients().forEach(c -> tasks.add(c.task()));
      for (String task : tasks) {
        List<RunSummary.ClientInterval> intervals = figures.cluster().clients().stream()
            .filter(c -> c.task().equals(task)).toList();
        double[] x = intervals.stream().mapToDouble(c -> (c.offsetMs() + c.lengthMs()) / 1000.0).toArray();
        gc.add(run + " " + task, x, intervals.stream().mapToDouble(RunSummary.ClientInterval::gcTimeMs).toArray());
        List<RunSummary.ClientInterval> measured = intervals.stream().filter(c -> c.cpuMs() >= 0).toList();
        cpu.add(run + " " + task, measured.stream().mapToDouble(c -> (c.offsetMs() + c.lengthMs()) / 1000.0).toArray(),
            measured.stream().mapToDouble(RunSummary.ClientInterval::cpuMs).toArray());
      }
    });
    if (gc.isEmpty()) {
      return "";
    }
    return "<div class=\"metrics-row\" data-server=\"clients\"><h4>client tasks</h4>\n" + gc.render()
        + (cpu.isEmpty() ? "" : cpu.render()) + "</div>\n";
  }

  /** {x seconds, y} of one server's samples; a per-interval panel differences its running total. */
  private static double[][] serverSeries(List<RunSummary.ServerSample> samples, Panel panel) {
    List<double[]> points = new ArrayList<>();
    Double previous = null;
    for (RunSummary.ServerSample sample : samples) {
      Double v = sample.metrics().get(panel.metric().column());
      if (v == null) {
        previous = null;
        continue;
      }
      if (!panel.perInterval()) {
        points.add(new double[] {sample.offsetMs() / 1000.0, v * panel.scale()});
      } else if (previous != null) {
        points.add(new double[] {sample.offsetMs() / 1000.0, Math.max(0, v - previous) * panel.scale()});
      }
      previous = v;
    }
    double[][] xy = new double[2][points.size()];
    for (int i = 0; i < points.size(); i++) {
      xy[0][i] = points.get(i)[0];
      xy[1][i] = points.get(i)[1];
    }
    return xy;
  }
}
