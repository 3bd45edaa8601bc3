package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hperf.core.ExitCode;
import org.hperf.core.run.RunSummary;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * From task logs to the report: three runs of eight 1 s intervals, run-1 rising from 50 to 1,000
 * operations a second over its first four, runs 2 and 3 steady. The aggregate's summary.json names
 * run-1 twice (warm-up, far from the others) and the steady runs not at all; report shows the
 * findings at the top of the workload, in text and HTML.
 */
class SteadyStateReportTest {
  @Test
  void aWarmingRunIsAFindingInTheSummaryAndTheReport(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("w").toFile();
    writeRun(dir, 1, new int[] {50, 100, 200, 400, 1000, 1000, 1000, 1000});
    writeRun(dir, 2, new int[] {1000, 990, 1010, 1000, 1000, 995, 1005, 1000});
    writeRun(dir, 3, new int[] {1010, 1000, 990, 1000, 1005, 1000, 995, 992});
    Files.writeString(new File(dir, "run.properties").toPath(), "workload.name=updateonly\nrun.clients=1\n"
        + "run.runs=3\nrun.interval.seconds=1\nserverWarmup.maxSeconds=60\nserverWarmup.seconds=61.5\n"
        + "serverWarmup.clients=2\nserverWarmup.steadyClients=1\nserverWarmup.job=job_0\n");
    ToolRun aggregate = ToolRun.of(LocalJobs.conf(), new AggregateTool(), new String[] {dir.getPath()});
    assertEquals(ExitCode.OK, aggregate.exitCode(), aggregate.all());

    RunSummary summary;
    try (FileInputStream in = new FileInputStream(new File(dir, "aggregate/summary.json"))) {
      summary = RunSummary.read(in);
    }
    assertEquals(List.of("warm-up run-1", "run-outlier run-1"),
        summary.findings().stream().map(f -> f.kind() + " " + f.run()).toList(), summary.findings().toString());
    String warmUp = "run-1: throughput rose from 50 to 1,000 ops/s over its first 4 intervals of 1 s (the run's"
        + " later level: 1,000 ops/s, the median of its second half): not steady (warm-up)";
    assertEquals(warmUp, summary.findings().get(0).line());
    assertEquals(1, occurrences(aggregate.out(), warmUp), "each finding printed once, as the report prints it\n"
        + aggregate.out());
    assertTrue(aggregate.out().contains("\nWARM-UP: updateonly " + warmUp + "\n"), aggregate.out());
    assertEquals("run,kind,name,start_key,end_key,operation,operations,share,throughput_ops_per_s,p50_us,p99_us\n",
        Files.readString(new File(dir, "aggregate/placement.csv").toPath()), "no placement: the header only");

    File html = tmp.resolve("report.html").toFile();
    ToolRun report = ToolRun.of(LocalJobs.conf(), new ReportTool(), new String[] {dir.getPath(), "--output",
        html.getPath()});
    assertEquals(ExitCode.OK, report.exitCode(), report.all());
    String warmup = "61.5 s unmeasured before run-1, 1 of 2 clients ended steady (the others ran to the 60 s bound)";
    assertTrue(report.out().contains("SERVER WARM-UP: updateonly: " + warmup + "\nWARM-UP: updateonly " + warmUp
        + "\nRUN-OUTLIER: updateonly run-1: 594 ops/s"
        + " against 999-1,000 ops/s in the other 2 runs"), report.out());
    String page = Files.readString(html.toPath());
    int section = page.indexOf("<h2>updateonly</h2>");
    int finding = page.indexOf("<p class=\"finding\" data-kind=\"warm-up\" style=\"color:#9c4a00\"><b>Not steady</b> "
        + warmUp + "</p>");
    int charts = page.indexOf("<div class=\"charts\"", section);
    assertTrue(section > 0 && finding > section && finding < charts, "at the top of the workload's section:\n" + page);
    assertTrue(page.contains("data-kind=\"run-outlier\""), page);
    int warmupLine = page.indexOf("<p class=\"server-warmup\"><b>Server warm-up</b> " + warmup + "</p>");
    assertTrue(warmupLine > section && warmupLine < finding, "first in the section: " + page);
  }

  private static int occurrences(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }

  /** One client's log of run {@code index}: UPDATE operations per 1 s interval. */
  private static void writeRun(File dir, int index, int[] perSecond) throws Exception {
    long start = 100_000L * index;
    List<TaskLogs.Interval> intervals = new ArrayList<>();
    for (int i = 0; i < perSecond.length; i++) {
      intervals.add(new TaskLogs.Interval("UPDATE", i * 1000L, (i + 1) * 1000L, TaskLogs.range(1, perSecond[i])));
    }
    TaskLogs.write(new File(dir, "run-" + index + "/client-00000.hlog"), start, start + 1000L * perSecond.length,
        intervals.toArray(new TaskLogs.Interval[0]));
  }
}
