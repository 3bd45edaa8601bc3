package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hperf.analyzers.render.SvgChart;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.RenderedSvgText;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report from a run directory built from fixtures: the text table, and the HTML page opened
 * in headless Chromium (Debian's chromium, which .ci/run installs), whose rendered DOM must hold
 * the tables and non-empty charts.
 */
class ReportToolTest {

  @Test
  void textAndHtmlReportOfAWorkloadAndABigTableTest(@TempDir Path tmp) throws Exception {
    File ycsb = run(tmp, "a", "workloada", 2);
    File bigTable = run(tmp, "rr", "randomread", 1);
    File html = tmp.resolve("report.html").toFile();
    ToolRun report = ToolRun.of(LocalJobs.conf(), new ReportTool(),
        new String[] {ycsb.getPath(), bigTable.getPath(), "--output", html.getPath()});
    assertEquals(ExitCode.OK, report.exitCode(), report.all());
    assertTrue(report.out().lines().anyMatch(l -> l.startsWith("workloada") && l.contains("READ")), report.out());
    assertTrue(report.out().contains("randomread") && report.out().contains("1,212"), report.out());
    assertTrue(report.out().contains("DISTURBED: workloada run-2: 7 failed operations, 1 failed task attempts"),
        report.out());
    assertTrue(!report.out().contains("workloada run-1:"), "run-1 is clean\n" + report.out());

    String dom = renderInChromium(html, tmp);
    assertTrue(dom.contains("<table id=\"summary\">"), "summary table rendered");
    assertTrue(dom.contains("run-2 is disturbed"), "the disturbed run is marked");
    assertTrue(dom.contains("<table id=\"bigtable\">") && dom.contains("1,212"), "BigTable figure-6 column");
    Matcher charts = Pattern.compile("<svg class=\"chart\"").matcher(dom);
    int count = 0;
    while (charts.find()) {
      count++;
    }
    assertEquals(6, count, "three charts per workload");
    Matcher lines = Pattern.compile("<polyline class=\"series\" data-series=\"[^\"]+\" fill=\"none\" stroke=\"#\\w+\""
        + " stroke-width=\"1.5\"( stroke-dasharray=\"[\\d ]+\")? points=\"([^\"]*)\"").matcher(dom);
    int drawn = 0;
    while (lines.find()) {
      assertTrue(lines.group(2).split(" ").length >= 2, "a series with points: " + lines.group());
      drawn++;
    }
    assertTrue(drawn >= 6, "every chart draws at least one series: " + drawn);
    // The time series say what they are per: the run's 10 s interval.
    assertTrue(dom.contains("Throughput per 10 s interval (all operations)") && dom.contains("ops/s per 10 s interval")
        && dom.contains("p99 latency per 10 s interval (2 runs, run-1 solid, the others dashed)")
        && dom.contains("p99 per 10 s interval (microseconds)"),
        "interval and units on the time charts");
    // The SVG namespace is a name, not a fetch; every other http(s):// would be one.
    Matcher network = Pattern.compile("https?://[^\"' )>]*").matcher(dom.replace("\"http://www.w3.org/2000/svg\"", ""));
    assertTrue(!network.find(), () -> "a network reference: " + network.group());
    // Both runs' p99 drawn, run-2 dashed; each run's window end marked; no warm-up (the record has none).
    assertTrue(dom.contains("data-series=\"run-2 READ\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\""
        + " stroke-dasharray"), "run-2's READ p99 dashed in READ's colour");
    assertEquals(4, count(dom, "<rect class=\"band\" data-band=\"window\""), "2 workloads x 2 time charts");
    assertEquals(4, count(dom, "<line class=\"mark\" data-mark=\"window-end\""),
        "workloada's 2 runs x 2 time charts; randomread has one run");
    assertTrue(!dom.contains("data-band=\"warmup\""), "no warm-up to shade");
    // The record under labels in five groups; counters by the display name the record carries.
    assertEquals(2, count(dom, "<table class=\"record-group\" data-group=\"outcome\">"), "one per workload");
    assertTrue(dom.contains("<tr><td>Read errors</td><td></td><td>5</td></tr>"),
        "a counter by its display name, blank in the run that did not record it");
    assertTrue(dom.contains("<tr><td>Regions of the table</td><td>4</td></tr>"), "a cluster fact by its label");
    assertTrue(!dom.contains("run.2.") && !dom.contains("READ_ERROR"), "no record keys in the page");
  }

  /** A run with --warmup: the time charts shade the warm-up before 0, where no interval is measured. */
  @Test
  void theBriefTableHasARowPerWorkloadWithBigTablesRateBesideItsTest(@TempDir Path tmp) throws Exception {
    File ycsb = run(tmp, "a", "workloada", 2);
    File bigTable = run(tmp, "rr", "randomread", 1);
    ToolRun report = ToolRun.of(LocalJobs.conf(), new ReportTool(), new String[] {ycsb.getPath(), bigTable.getPath(),
        "--output", tmp.resolve("report.html").toString(), "--brief"});
    assertEquals(ExitCode.OK, report.exitCode(), report.all());
    List<String> lines = report.out().lines().toList();
    assertTrue(lines.get(0).matches("workload +ops/s +p50 us +p99 us +max us +figure 6 +hperf"), report.out());
    // workloada reads and updates: one row, all its operations, and no paper figure beside it.
    assertEquals(1, lines.stream().filter(l -> l.startsWith("workloada ")).count(), report.out());
    assertTrue(lines.get(1).matches("workloada +[\\d,]+ +[\\d,]+ +[\\d,]+ +[\\d,]+"), report.out());
    assertTrue(lines.get(2).matches("randomread +[\\d,]+ +[\\d,]+ +[\\d,]+ +[\\d,]+ +1,212 +[\\d,]+"), report.out());
    assertTrue(lines.contains("DISTURBED: workloada run-2: 7 failed operations, 1 failed task attempts"), report.out());
    assertTrue(lines.stream().noneMatch(l -> l.contains(" READ ") || l.startsWith("GC: ")), report.out());
  }

  @Test
  void warmUpIsShadedBeforeTheMeasurementWindow(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("warm").toFile();
    TaskLogs.write(new File(dir, "run-1/client-00000.hlog"), 0, 20_000,
        new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(1, 100)),
        new TaskLogs.Interval("READ", 10_000, 20_000, TaskLogs.range(1, 100)));
    aggregate(dir, "workloadc", "run.warmup.seconds=15");
    report(dir, tmp.resolve("warm.html"));
    String html = Files.readString(tmp.resolve("warm.html"));
    assertEquals(2, count(html, "data-band=\"warmup\""), "throughput and p99 charts");
    assertTrue(html.contains("<title>warm-up 15 s (not measured)</title>"), html);
    assertTrue(html.contains("measurement window (all tasks) 20.0 s"), html);
    assertTrue(html.contains("<tr><td>Warm-up before measuring (s)</td><td>15</td></tr>"), html);
  }

  @Test
  void allIsTheTasksOwnTagListedLast(@TempDir Path tmp) throws Exception {
    // Workload F: 500 plain reads and 300 read-modify-writes in 10 s, 800 top-level operations.
    File dir = tmp.resolve("f").toFile();
    TaskLogs.writeReadModifyWrites(new File(dir, "run-1/client-00000.hlog"), 0, 500, 300);
    aggregate(dir, "workloadf", "workload.property.readproportion=0.5",
        "workload.property.readmodifywriteproportion=0.5");
    ToolRun report = report(dir, tmp.resolve("f.html"));
    List<String> rows = report.out().lines().filter(l -> l.startsWith("workloadf ")).toList();
    assertEquals(List.of("workloadf", "ALL", "80.0"), List.of(rows.get(rows.size() - 1).split(" +")).subList(0, 3),
        report.out());
    String html = Files.readString(tmp.resolve("f.html"));
    assertTrue(html.contains("Throughput per 10 s interval (all operations)") && html.contains("data-series=\"run-1\""),
        html);
  }

  /**
   * A run whose logs say that one of 3 region servers served 60% of the reads and one of 8
   * regions half of them: the findings at the top of the section and in the text, the server
   * table and chart, and the heat strip with the hot region darkest, in headless Chromium.
   */
  @Test
  void aHotServerAndAHotRegionAreFoundAndDrawn(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("hot").toFile();
    List<TaskLogs.Interval> intervals = new java.util.ArrayList<>();
    for (long from = 0; from < 20_000; from += 10_000) {
      intervals.add(new TaskLogs.Interval("READ", from, from + 10_000, TaskLogs.range(1, 1000)));
      for (String tag : List.of("READ", "ALL")) {
        intervals.add(TaskLogs.Interval.inner(tag + "@rs=rs-a:16020", from, from + 10_000, TaskLogs.range(5001, 5600)));
        intervals.add(TaskLogs.Interval.inner(tag + "@rs=rs-b:16020", from, from + 10_000, TaskLogs.range(1, 200)));
        intervals.add(TaskLogs.Interval.inner(tag + "@rs=rs-c:16020", from, from + 10_000, TaskLogs.range(201, 400)));
      }
    }
    for (int region = 7; region >= 0; region--) { // the log's order is not the keys'
      byte[] start = region == 0 ? new byte[0] : ("user" + region).getBytes(StandardCharsets.US_ASCII);
      byte[] end = region == 7 ? new byte[0] : ("user" + (region + 1)).getBytes(StandardCharsets.US_ASCII);
      long count = region == 3 ? 1000 : region == 7 ? 148 : 142;
      for (String tag : List.of("READ", "ALL")) {
        intervals.add(TaskLogs.Interval.inner(org.hperf.core.run.TaskLogFormat.regionTag(tag, "e" + region, start,
            end), 0, 20_000, TaskLogs.range(1, count)));
      }
    }
    TaskLogs.write(new File(dir, "run-1/client-00000.hlog"), 0, 20_000, intervals.toArray(new TaskLogs.Interval[0]));
    aggregate(dir, "workloadc");
    File html = tmp.resolve("hot.html").toFile();
    ToolRun report = report(dir, html.toPath());
    assertTrue(report.out().contains("HOTSPOT: workloadc run-1: rs-a:16020 served 60% of reads (fair share 33%)"),
        report.out());
    assertTrue(report.out().contains("HOTSPOT: workloadc run-1: region [user3, user4) served 50% of reads"),
        report.out());
    assertTrue(report.out().lines().anyMatch(l -> l.matches("workloadc +run-1 +rs-a:16020 +READ +60\\.0 +60\\.0% .*")),
        "rs-a: 1,200 reads in 20 s\n" + report.out());

    String dom = renderInChromium(html, tmp);
    Matcher finding = Pattern.compile("<p class=\"finding\"[^>]*><b>Hotspot</b> ([^<]*)</p>").matcher(dom);
    assertTrue(finding.find(), dom);
    assertEquals("run-1: region [user3, user4) served 50% of reads (fair share 13%) (and 1 more)", finding.group(1),
        "the strongest finding first: the region at 4x its share, then the server at 1.8x");
    assertTrue(dom.indexOf("class=\"finding\"") < dom.indexOf("<svg class=\"chart\""), "the finding comes first");
    assertEquals(6, count(dom, "<tr><td>run-1</td><td>rs-"), "3 servers x (READ, ALL) in the server table");
    assertTrue(dom.contains("Throughput per region server per 10 s interval (run-1)")
        && dom.contains("data-series=\"rs-a:16020\"") && dom.contains("data-series=\"rs-c:16020\""), dom);
    Matcher cells = Pattern.compile("<rect class=\"region\"[^>]* fill=\"(#[0-9a-f]{6})\"[^>]*><title>([^<]*)</title>")
        .matcher(dom);
    List<String> titles = new java.util.ArrayList<>();
    List<String> fills = new java.util.ArrayList<>();
    while (cells.find()) {
      fills.add(cells.group(1));
      titles.add(cells.group(2));
    }
    assertEquals(16, titles.size(), "8 regions x (operations, p99)");
    assertTrue(titles.get(0).startsWith("region [(start), user1): 142 operations"), titles.get(0));
    assertTrue(titles.get(3).startsWith("region [user3, user4): 1,000 operations (50.0%)"), titles.get(3));
    assertTrue(titles.get(7).startsWith("region [user7, (end)): 148 operations"), titles.get(7));
    assertEquals("#b2182b", fills.get(3), "the hot region is the darkest");
    assertTrue(fills.stream().limit(8).filter("#b2182b"::equals).count() == 1, fills.toString());
  }

  /** The figure-6 column gives the region servers' measured rates beside the rate divided by servers. */
  @Test
  void bigTableColumnShowsTheMeasuredPerServerRates(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("rr").toFile();
    TaskLogs.write(new File(dir, "run-1/client-00000.hlog"), 0, 10_000,
        new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(1, 1000)),
        TaskLogs.Interval.inner("ALL@rs=rs-a:16020", 0, 10_000, TaskLogs.range(1, 600)),
        TaskLogs.Interval.inner("ALL@rs=rs-b:16020", 0, 10_000, TaskLogs.range(601, 1000)));
    aggregate(dir, "randomread");
    ToolRun report = report(dir, tmp.resolve("rr.html"));
    assertTrue(report.out().lines().anyMatch(l -> l.matches(" +randomread +1,212 +100 \\(measured per server 40-60\\)")),
        report.out());
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }

  @Test
  void logsFromBeforeTheAllTagAreChartedPerOperation(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("old").toFile();
    TaskLogs.writeWithoutAll(new File(dir, "run-1/client-00000.hlog"), 0, 10_000,
        new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(1, 100)),
        new TaskLogs.Interval("UPDATE", 0, 10_000, TaskLogs.range(1, 50)));
    aggregate(dir, "workloada");
    ToolRun report = report(dir, tmp.resolve("old.html"));
    assertTrue(report.out().lines().noneMatch(l -> l.contains(" ALL ")), "no ALL invented:\n" + report.out());
    String html = Files.readString(tmp.resolve("old.html"));
    assertTrue(html.contains("Throughput per 10 s interval (per operation)")
        && html.contains("data-series=\"run-1 READ\"")
        && html.contains("data-series=\"run-1 UPDATE\""), html);
  }

  @Test
  void aPatternReportsEveryRunDirectoryItMatches(@TempDir Path tmp) throws Exception {
    File runs = tmp.resolve("runs").toFile();
    run(runs.toPath(), "workloada", "workloada", 1);
    run(runs.toPath(), "randomread", "randomread", 1);
    Files.writeString(runs.toPath().resolve("report.html"), "an earlier report: not a run directory");
    ToolRun report = ToolRun.of(LocalJobs.conf(), new ReportTool(),
        new String[] {runs + "/*", "--output", tmp.resolve("all.html").toString()});
    assertEquals(ExitCode.OK, report.exitCode(), report.all());
    assertEquals(List.of("randomread", "workloada"), report.out().lines().map(l -> l.split(" ")[0])
        .filter(w -> w.equals("workloada") || w.equals("randomread")).distinct().toList(), report.out());

    ToolRun none = ToolRun.of(LocalJobs.conf(), new ReportTool(), new String[] {tmp.resolve("nothing") + "/*"});
    assertEquals(ExitCode.USAGE, none.exitCode(), none.all());
    assertTrue(none.err().contains("matches no directory"), none.all());
  }

  /** The same workload twice: rows, findings and headings say which runs each is, never two alike. */
  @Test
  void theSameWorkloadTwiceIsLabelledBySideOrDirectory(@TempDir Path tmp) throws Exception {
    File a = run(tmp.resolve("ab/workloada"), "a", "workloada", 2, "A");
    File b = run(tmp.resolve("ab/workloada"), "b", "workloada", 2, "B");
    Path html = tmp.resolve("ab.html");
    ToolRun ab = ToolRun.of(LocalJobs.conf(), new ReportTool(), new String[] {a.getPath(), b.getPath(), "--output",
        html.toString()});
    assertEquals(ExitCode.OK, ab.exitCode(), ab.all());
    assertEquals(List.of("workloada A", "workloada B"), ab.out().lines().filter(l -> l.contains(" READ "))
        .map(l -> l.substring(0, l.indexOf(" READ ")).trim()).toList(), ab.out());
    assertTrue(ab.out().contains("DISTURBED: workloada A run-2:") && ab.out().contains("DISTURBED: workloada B run-2:"),
        ab.out());
    String page = Files.readString(html);
    assertTrue(page.contains("<h2>workloada A</h2>") && page.contains("<h2>workloada B</h2>"), "headings");

    File before = run(tmp, "before", "workloada", 1);
    File after = run(tmp, "after", "workloada", 1);
    ToolRun two = ToolRun.of(LocalJobs.conf(), new ReportTool(), new String[] {before.getPath(), after.getPath(),
        "--output", tmp.resolve("two.html").toString()});
    assertEquals(ExitCode.OK, two.exitCode(), two.all());
    assertTrue(two.out().contains("\nworkloada (before) READ") && two.out().contains("\nworkloada (after)  READ"),
        two.out());
  }

  /** hperf ab and the demo print the page's path and tables themselves: the report step can keep quiet. */
  @Test
  void textAndPathCanBeLeftToTheCaller(@TempDir Path tmp) throws Exception {
    File dir = run(tmp, "a", "workloada", 1);
    org.apache.hadoop.conf.Configuration conf = LocalJobs.conf();
    conf.setBoolean(ReportTool.PRINT_TEXT, false);
    conf.setBoolean(ReportTool.PRINT_PATH, false);
    ToolRun quiet = ToolRun.of(conf, new ReportTool(), new String[] {dir.getPath(), "--output",
        tmp.resolve("q.html").toString()});
    assertEquals(ExitCode.OK, quiet.exitCode(), quiet.all());
    assertEquals("", quiet.out(), "nothing printed");
    assertTrue(tmp.resolve("q.html").toFile().length() > 0, "the page is written all the same");
  }

  @Test
  void unaggregatedOrOldSummaryIsAUsageError(@TempDir Path tmp) throws Exception {
    ToolRun report = ToolRun.of(LocalJobs.conf(), new ReportTool(), new String[] {tmp.toString()});
    assertEquals(ExitCode.USAGE, report.exitCode());
    assertTrue(report.err().contains("run 'hperf aggregate"), report.all());

    // A summary.json of another shape (an older hperf's) is refused, not read as zeros.
    Files.createDirectories(tmp.resolve("aggregate"));
    Files.writeString(tmp.resolve("aggregate/summary.json"), "{\"workload\": \"workloada\", \"runs\": 1,"
        + " \"overall\": {\"READ\": {\"throughputOpsPerSec\": 100.0}}}");
    ToolRun old = ToolRun.of(LocalJobs.conf(), new ReportTool(), new String[] {tmp.toString()});
    assertEquals(ExitCode.USAGE, old.exitCode(), old.all());
    assertTrue(old.err().contains("is not a summary this hperf reads") && old.err().contains("--overwrite"),
        old.all());
  }

  private static String renderInChromium(File html, Path tmp) throws Exception {
    File chromium = new File("/usr/bin/chromium");
    assertTrue(chromium.canExecute(), "headless Chromium is needed: apt-get install chromium (.ci/run does)");
    // --disable-dev-shm-usage: a container's /dev/shm (64 MB in Docker) is too small for Chromium's
    // shared memory, and it crashes or hangs when it runs out; /tmp is used instead.
    // The DOM goes to a file, not a pipe: reading a pipe to its end would wait as long as a hung
    // Chromium does, and the bounded wait below would never be reached.
    // The window of a desktop browser, at 100% zoom (device scale 1): the sizes read are CSS pixels.
    File dom = tmp.resolve("chromium-dom.html").toFile();
    File log = tmp.resolve("chromium.log").toFile();
    Process process = new ProcessBuilder(chromium.getPath(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--user-data-dir=" + tmp.resolve("chromium-profile"),
        "--window-size=1400,1000", "--force-device-scale-factor=1", "--dump-dom", html.toURI().toString())
        .redirectOutput(dom).redirectError(log).start();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      fail("chromium --dump-dom " + html + " did not finish in 120 s; see " + log);
    }
    assertEquals(0, process.exitValue(), "chromium exit code; see " + log);
    return Files.readString(dom.toPath(), StandardCharsets.UTF_8);
  }

  /**
   * A workload F run of one client whose task log has a jvm line, with cluster-metrics.csv samples
   * of one region server (a compaction queue of 2 in the middle of the window), aggregated.
   */
  private static File clusterRun(Path tmp) throws Exception {
    File dir = tmp.resolve("cluster").toFile();
    long start = 1_764_600_000_000L;
    File log = new File(dir, "run-1/client-00000.hlog");
    TaskLogs.writeReadModifyWrites(log, start, 500, 300);
    // The task's jvm line goes before its closing window line, as the tasks write it.
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(log.toPath()));
    lines.add(lines.size() - 1, "#" + new org.hperf.core.run.TaskLogFormat.JvmInterval(start, start + 10_000, 4, 250,
        3_000, false).comment());
    Files.write(log.toPath(), lines);
    StringBuilder csv = new StringBuilder(org.hperf.core.run.ClusterMetricsLog.header()).append('\n');
    for (long t = -1_000; t <= 11_000; t += 2_000) {
      java.util.Map<org.hperf.core.run.ClusterMetricsLog.Metric, Double> values = new java.util.EnumMap<>(
          org.hperf.core.run.ClusterMetricsLog.Metric.class);
      values.put(org.hperf.core.run.ClusterMetricsLog.Metric.COMPACTION_QUEUE, t == 5_000 ? 2.0 : 0.0);
      values.put(org.hperf.core.run.ClusterMetricsLog.Metric.MEMSTORE_BYTES, 1048576.0 * (t + 1_000) / 1_000);
      values.put(org.hperf.core.run.ClusterMetricsLog.Metric.GC_TIME_MS, 100.0);
      values.put(org.hperf.core.run.ClusterMetricsLog.Metric.PROCESS_CPU_MS, 50_000.0 + t * 0.8);
      csv.append(org.hperf.core.run.ClusterMetricsLog.row(new org.hperf.core.run.ClusterMetricsLog.Sample(start + t,
          "rs1:16020", values))).append('\n');
    }
    Files.writeString(new File(dir, "run-1/" + org.hperf.core.run.ClusterMetricsLog.FILE).toPath(), csv);
    aggregate(dir, "workloadf", "workload.property.readproportion=0.5",
        "workload.property.readmodifywriteproportion=0.5");

    return dir;
  }

  /**
   * The charts read at 100% zoom: as Chromium lays the page out in a 1400 px window, no text of the
   * cluster panels, nor of any other chart, is smaller than 11 px or cut off at its chart's edge
   * (the panels were once the workload's 640 px charts scaled into 256 px, their labels 4-5 px).
   */
  @Test
  void everyChartTextIsAtLeast11PxAsChromiumDrawsIt(@TempDir Path tmp) throws Exception {
    File html = tmp.resolve("cluster.html").toFile();
    report(clusterRun(tmp), html.toPath());
    List<RenderedSvgText> texts = RenderedSvgText.parse(renderInChromium(RenderedSvgText.measuringCopy(html), tmp));
    List<RenderedSvgText> panels = texts.stream().filter(t -> t.container().startsWith("server ")).toList();
    assertEquals(List.of("GC time per sample", "client CPU per interval", "client GC time per interval",
        "compaction queue", "memstore", "process CPU per sample"),
        panels.stream().map(RenderedSvgText::chart).distinct().sorted().toList(), "the 4 server and 2 client panels");
    assertTrue(panels.size() >= 6 * 10, "title, ticks, axis labels and legend of each panel: " + panels);
    java.util.Comparator<RenderedSvgText> bySize = java.util.Comparator.comparingDouble(RenderedSvgText::fontPx);
    RenderedSvgText smallestPanelText = panels.stream().min(bySize).orElseThrow();
    RenderedSvgText smallest = texts.stream().min(bySize).orElseThrow();
    System.out.println("smallest chart text as rendered: cluster panels " + smallestPanelText + "; page " + smallest);
    assertTrue(smallest.fontPx() >= SvgChart.TEXT_PX - 0.01, "smallest text " + smallest);
    RenderedSvgText lowestLine = texts.stream().min(java.util.Comparator.comparingDouble(RenderedSvgText::lineBoxPx))
        .orElseThrow();
    assertTrue(lowestLine.lineBoxPx() >= SvgChart.TEXT_PX, "a line box shorter than 11 px: " + lowestLine);
    assertEquals(List.of(), texts.stream().filter(t -> !t.inside()).toList(), "texts cut off by their chart's edge");
  }

  private static void aggregate(File dir, String workload, String... properties) throws Exception {
    List<String> record = new java.util.ArrayList<>(List.of("workload.name=" + workload, "run.clients=1",
        "run.interval.seconds=10"));
    record.addAll(List.of(properties));
    Files.write(new File(dir, "run.properties").toPath(), record);
    ToolRun aggregate = ToolRun.of(LocalJobs.conf(), new AggregateTool(), new String[] {dir.getPath()});
    assertEquals(ExitCode.OK, aggregate.exitCode(), aggregate.all());
  }

  private static ToolRun report(File dir, Path html) throws Exception {
    ToolRun report = ToolRun.of(LocalJobs.conf(), new ReportTool(),
        new String[] {dir.getPath(), "--output", html.toString()});
    assertEquals(ExitCode.OK, report.exitCode(), report.all());
    return report;
  }

  /** A run directory with {@code runs} runs of 2 clients x 3 intervals of reads and updates, aggregated. */
  private static File run(Path tmp, String name, String workload, int runs) throws Exception {
    return run(tmp, name, workload, runs, null);
  }

  /** The same, recorded as side {@code abSide} ("A" or "B") of hperf ab when it is not null. */
  private static File run(Path tmp, String name, String workload, int runs, String abSide) throws Exception {
    File dir = tmp.resolve(name).toFile();
    for (int r = 1; r <= runs; r++) {
      long start = 1_000_000L * r;
      for (int c = 0; c < 2; c++) {
        TaskLogs.write(new File(dir, "run-" + r + "/client-0000" + c + ".hlog"), start, start + 30_000,
            new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(100, 900 + 100 * c)),
            new TaskLogs.Interval("UPDATE", 0, 10_000, TaskLogs.range(300, 700)),
            new TaskLogs.Interval("READ", 10_000, 20_000, TaskLogs.range(100, 1200)),
            new TaskLogs.Interval("UPDATE", 10_000, 20_000, TaskLogs.range(300, 900)),
            new TaskLogs.Interval("READ", 20_000, 30_000, TaskLogs.range(150, 1000)),
            new TaskLogs.Interval("UPDATE", 20_000, 30_000, TaskLogs.range(200, 800)));
      }
    }
    org.hperf.core.run.RunRecord record = RunRecords.record(workload, 2, runs, java.util.Map.of());
    record.putOutcome(1, RunRecords.clean(1));
    if (runs > 1) {
      record.putOutcome(2, new org.hperf.core.run.RunRecord.Outcome("job_2", java.util.Map.of("READ_ERROR", 5L,
          "UPDATE_ERROR", 2L), 7, 0, 1, List.of(), 0, null));
      record.nameCounter("READ_ERROR", "Read errors");
    }
    if (abSide != null) {
      record.setAbSide(new org.hperf.core.run.RunRecord.AbSide(abSide, "HBase of side " + abSide, List.of("A1", "B1")));
    }
    RunRecords.write(dir, record);
    ToolRun aggregate = ToolRun.of(LocalJobs.conf(), new AggregateTool(),
        new String[] {dir.getPath()});
    assertEquals(ExitCode.OK, aggregate.exitCode(), aggregate.all());
    return dir;
  }

}
