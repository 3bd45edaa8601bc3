package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.hperf.analyzers.AggregatedDir;
import org.hperf.analyzers.CompareTool;
import org.hperf.core.run.RunSummary;
import org.junit.jupiter.api.Test;

/**
 * compare's server-side picture from synthetic summaries: each side's region servers (mean ops/s,
 * the median run's p99) and its findings, in the text, the JSON and the HTML.
 */
class ServerSideTest {
  @Test
  void eachSideShowsItsServersAndFindings() throws Exception {
    // A: two runs on one server, updates at 1,000 and 1,200 ops/s, p99 900 and 2,000 us; run-1 warmed up,
    // compactions ran during run-2 (the cluster state's finding, in the same list).
    RunSummary a = summary(List.of(run(1_000, "rs-a:16020", 900, List.of()), run(1_200, "rs-a:16020", 2_000,
        List.of())), List.of(new RunSummary.Finding(SteadyState.WARM_UP, "run-1", "throughput rose"),
        new RunSummary.Finding(ClusterFindings.COMPACTIONS, "run-2", "compactions ran on rs-a:16020")));
    // B: two runs on two servers, one of them hot in run-2.
    RunSummary b = summary(List.of(run(1_500, "rs-b1:16020", 700, List.of()), run(1_500, "rs-b2:16020", 3_000,
        List.of(new RunSummary.Hotspot("server", "rs-b2:16020", "UPDATE", 1, 0.5, 0, "rs-b2:16020 served 100%")))),
        List.of());
    ComparisonReport report = ComparisonReport.of(new AggregatedDir(new Path("a"), a),
        new AggregatedDir(new Path("b"), b), 0.95);

    ServerSide.ServerFigures onA = report.serverSideA().servers().get(0);
    assertEquals(new ServerSide.ServerFigures("rs-a:16020", "UPDATE", 2, 1_100, 1, 900), onA,
        "mean of the runs' ops/s; p99 of the median run (the lower middle of two)");
    assertEquals(List.of("warm-up run-1: throughput rose", "compactions run-2: compactions ran on rs-a:16020"),
        report.serverSideA().findings());
    assertEquals(List.of("hotspot run-2: rs-b2:16020 served 100%"), report.serverSideB().findings());
    assertEquals(List.of("rs-b1:16020", "rs-b2:16020"),
        report.serverSideB().servers().stream().map(ServerSide.ServerFigures::server).toList());

    String text = report.text();
    assertTrue(text.contains("A    rs-a:16020               UPDATE                  2      1,100.0  100.0%       900"),
        text);
    assertTrue(text.contains("B    rs-b2:16020              UPDATE                  1      1,500.0  100.0%     3,000"),
        text);
    assertTrue(text.contains("A  warm-up run-1: throughput rose\nA  compactions run-2: compactions ran on rs-a:16020\n"
        + "B  hotspot run-2: rs-b2:16020 served 100%\n"), text);

    ByteArrayOutputStream json = new ByteArrayOutputStream();
    report.write(json);
    ComparisonReport read = ComparisonReport.read(new ByteArrayInputStream(json.toByteArray()));
    assertEquals(report, read, json.toString(StandardCharsets.UTF_8));

    String html = CompareTool.html(report);
    assertTrue(html.contains("<div class=\"side\" data-side=\"A\">"), html);
    assertTrue(html.contains("<tr><td>rs-a:16020</td><td>UPDATE</td><td>2</td><td>1,100.0</td><td>100.0%</td>"
        + "<td>900</td></tr>"), html);
    assertTrue(html.contains("<li>hotspot run-2: rs-b2:16020 served 100%</li>"), html);
  }

  @Test
  void withoutPlacementOrFindingsNothingIsAdded() {
    RunSummary plain = summary(List.of(runWithoutPlacement(1_000), runWithoutPlacement(1_100)), List.of());
    ComparisonReport report = ComparisonReport.of(new AggregatedDir(new Path("a"), plain),
        new AggregatedDir(new Path("b"), plain), 0.95);
    assertEquals("", report.serverSideText());
    assertEquals("", CompareTool.serverSideHtml(report));
  }

  private static RunSummary summary(List<RunSummary.Run> runs, List<RunSummary.Finding> findings) {
    Map<String, RunSummary.Run> perRun = new LinkedHashMap<>();
    for (int i = 0; i < runs.size(); i++) {
      perRun.put("run-" + (i + 1), runs.get(i));
    }
    RunSummary.Overall overall = new RunSummary.Overall(1, 1, 1, 0, latency(1));
    return new RunSummary("updateonly", runs.size(), 10, Map.of("UPDATE", overall), perRun, Map.of(), findings);
  }

  private static RunSummary.Run run(double opsPerSec, String server, long p99Micros, List<RunSummary.Hotspot> hot) {
    RunSummary.Placement placement = new RunSummary.Placement(Map.of(server, Map.of("UPDATE",
        new RunSummary.ServerOperation(opsPerSec, 1, latency(p99Micros), List.of()))), List.of(), hot);
    return new RunSummary.Run(1, List.of(), 0, 10_000, Map.of("UPDATE",
        new RunSummary.RunOperation(opsPerSec, latency(p99Micros), List.of())), placement);
  }

  private static RunSummary.Run runWithoutPlacement(double opsPerSec) {
    return new RunSummary.Run(1, List.of(), 0, 10_000, Map.of("UPDATE",
        new RunSummary.RunOperation(opsPerSec, latency(500), List.of())), RunSummary.Placement.NONE);
  }

  private static RunSummary.Latency latency(long p99Micros) {
    return new RunSummary.Latency(100, 10, 10, 20, 30, p99Micros, p99Micros, p99Micros, p99Micros);
  }
}
