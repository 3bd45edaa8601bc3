package org.hperf.analyzers.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.hperf.analyzers.render.PlacementReport;
import org.hperf.core.run.RunSummary;

/**
 * One side of a comparison as its servers saw it, so that "B is faster for updates" comes with the
 * server-side picture: per region server and operation (from each run's placement, with
 * {@code --per-server on}) the runs' mean throughput and share and the median of the runs' p99s
 * (percentiles do not average; the median run's p99 is one that was measured), and every finding of
 * the side: the summary's findings (a run still warming up, a run far from the others, ...) and
 * each run's hotspots (one per server or region, its strongest), each a line "kind run-i: text".
 * Both empty for runs without placement and without findings.
 */
public record ServerSide(List<String> findings, List<ServerFigures> servers) {
  public static final String HOTSPOT = "hotspot";

  public ServerSide {
    findings = List.copyOf(findings);
    servers = List.copyOf(servers);
  }

  /**
   * One region server and operation over a side's runs: how many runs it served the operation in,
   * their mean throughput (ops/s over each run's window) and share of the operation, the median of
   * their p99s.
   */
  public record ServerFigures(String server, String operation, int runs, double throughputOpsPerSec, double share,
      long p99Micros) {
    public ServerFigures {
      Objects.requireNonNull(server, "server");
      Objects.requireNonNull(operation, "operation");
    }
  }

  static ServerSide of(RunSummary summary) {
    List<String> findings = new ArrayList<>();
    summary.findings().forEach(f -> findings.add(f.kind() + " " + f.line()));
    summary.perRun().forEach((run, figures) -> PlacementReport.distinct(figures).forEach(h ->
        findings.add(HOTSPOT + " " + run + ": " + h.finding())));
    // server -> operation -> one entry per run that served it
    Map<String, Map<String, List<RunSummary.ServerOperation>>> byServer = new TreeMap<>();
    summary.perRun().values().forEach(run -> run.placement().servers().forEach((server, tags) ->
        tags.forEach((tag, op) -> byServer.computeIfAbsent(server, s -> new TreeMap<>(RunSummary.TAG_ORDER))
            .computeIfAbsent(tag, t -> new ArrayList<>()).add(op))));
    List<ServerFigures> servers = new ArrayList<>();
    byServer.forEach((server, tags) -> tags.forEach((tag, runs) -> servers.add(new ServerFigures(server, tag,
        runs.size(), runs.stream().mapToDouble(RunSummary.ServerOperation::throughputOpsPerSec).average().orElse(0),
        runs.stream().mapToDouble(RunSummary.ServerOperation::share).average().orElse(0),
        medianP99(runs)))));
    return new ServerSide(findings, servers);
  }

  /** The median of the runs' p99s, the lower middle one for an even count: a p99 one run measured. */
  private static long medianP99(List<RunSummary.ServerOperation> runs) {
    long[] p99s = runs.stream().mapToLong(op -> op.latency().p99Micros()).toArray();
    Arrays.sort(p99s);
    return p99s.length == 0 ? 0 : p99s[(p99s.length - 1) / 2];
  }
}
