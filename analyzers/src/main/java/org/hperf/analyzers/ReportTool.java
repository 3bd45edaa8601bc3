package org.hperf.analyzers;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.analyzers.render.BigTableFigure6;
import org.hperf.analyzers.render.FindingsReport;
import org.hperf.analyzers.render.HtmlReport;
import org.hperf.analyzers.render.PairedRatioChart;
import org.hperf.analyzers.render.PlacementReport;
import org.hperf.analyzers.render.WorkloadReport;
import org.hperf.core.ExitCode;
import org.hperf.core.HperfTool;
import org.hperf.core.OperationType;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.run.RunRecord;
import org.hperf.core.run.RunSummary;

/**
 * {@code hperf report <run dir>...}: a plain text table on stdout and one self-contained HTML page
 * (inline SVG, no scripts, no network) with, per workload, throughput and percentiles, throughput
 * and p99 over time, latency percentile distributions on a log axis, the run's configuration, and
 * for the BigTable tests the paper's figure-6 one-tablet-server rates next to hperf's rate per
 * region server.
 */
public final class ReportTool extends HperfTool {
  public static final String NAME = "report";
  /**
   * False: the text table and findings are not printed, only the HTML page written (hperf ab, which
   * has just printed its verdict: the same runs' tables and findings, side by side).
   */
  public static final String PRINT_TEXT = "hperf.report.print.text";
  /** False: the page's path is not printed, because the caller's own last line names it (the demo). */
  public static final String PRINT_PATH = "hperf.report.print.path";
  private static final Pattern GLOB = Pattern.compile("[*?\\[{]");

  @Override
  protected CommandOptions options() {
    return new CommandOptions(NAME, "<run dir or pattern>... [options]",
        "Report aggregated workload runs as a text table and a self-contained HTML page.")
        .value(null, "output", "file", "where the HTML page goes", "<first run dir>/report.html")
        .flag(null, "brief", "print a row per workload (its operations together) with BigTable's figure 6 beside its"
            + " tests, and only the findings that question a figure; the page is the same")
        .renamed("html", "output");
  }

  @Override
  protected int maxPositionalArguments() {
    return Integer.MAX_VALUE;
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    if (parsed.positional().isEmpty()) {
      throw new UsageException("no run directory given: hperf report <dir aggregated by hperf aggregate>...");
    }
    List<Path> runDirs = new ArrayList<>();
    for (String arg : parsed.positional()) {
      runDirs.addAll(runDirs(arg));
    }
    List<WorkloadReport> workloads = new ArrayList<>();
    for (Path dir : runDirs) {
      workloads.add(WorkloadReport.read(getConf(), dir));
    }
    WorkloadReport.distinguish(workloads);
    if (getConf().getBoolean(PRINT_TEXT, true)) {
      System.out.print(parsed.has("brief") ? BriefTable.text(workloads) : text(workloads));
    }
    Path html = new Path(parsed.string("output", new Path(runDirs.get(0), "report.html").toString()));
    // A path without a scheme is on the default file system (HDFS on a cluster): say which.
    FileSystem htmlFs = html.getFileSystem(getConf());
    html = htmlFs.makeQualified(html);
    try (OutputStream out = htmlFs.create(html, true)) {
      out.write(new HtmlReport(workloads, duets(workloads)).render().getBytes(StandardCharsets.UTF_8));
    }
    if (getConf().getBoolean(PRINT_PATH, true)) {
      System.out.println("HTML report: " + html);
    }
    return ExitCode.OK;
  }

  /**
   * The B/A over time of each two run directories of one workload that were measured at the same
   * time (a duet's two sides, {@code hperf ab --duet}): the later-named is B.
   */
  static List<PairedRatioChart> duets(List<WorkloadReport> workloads) {
    List<PairedRatioChart> charts = new ArrayList<>();
    for (int i = 0; i < workloads.size(); i++) {
      for (int j = i + 1; j < workloads.size(); j++) {
        WorkloadReport a = workloads.get(i);
        WorkloadReport b = workloads.get(j);
        if (!a.summary.workload().equals(b.summary.workload()) || a.summary.intervalSeconds() != b.summary.intervalSeconds()) {
          continue;
        }
        PairedRatioChart chart = DuetReport.overTime(a.summary, b.summary, a.summary.workload() + ": " + b.label() + " against "
            + a.label());
        if (chart != null) {
          charts.add(chart);
        }
      }
    }
    return charts;
  }

  /**
   * The run directories a positional argument names: itself, or for a pattern ({@code runs/*}, as
   * the Oozie workflow passes, where no shell expands it) the directories it matches in name order;
   * a pattern that matches no directory is a usage error.
   */
  private List<Path> runDirs(String arg) throws IOException, UsageException {
    Path path = new Path(arg);
    if (!GLOB.matcher(arg).find()) {
      return List.of(path);
    }
    FileStatus[] matches = path.getFileSystem(getConf()).globStatus(path);
    List<Path> dirs = new ArrayList<>();
    for (FileStatus match : matches == null ? new FileStatus[0] : matches) {
      if (match.isDirectory()) {
        dirs.add(match.getPath());
      }
    }
    if (dirs.isEmpty()) {
      throw new UsageException(arg + " matches no directory: give run directories aggregated by hperf aggregate");
    }
    dirs.sort(null);
    return dirs;
  }

  static String text(List<WorkloadReport> workloads) {
    int width = Math.max(16, workloads.stream().mapToInt(w -> w.label().length()).max().orElse(0));
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-" + width + "s %-18s %12s %8s %9s %9s %9s %9s%n", "workload",
        "operation", "ops/s", "runs", "p50 us", "p99 us", "p99.9 us", "max us"));
    for (WorkloadReport w : workloads) {
      w.summary.overall().forEach((tag, op) -> {
        RunSummary.Latency l = op.latency();
        out.append(String.format(Locale.ROOT, "%-" + width + "s %-18s %,12.1f %8d %,9d %,9d %,9d %,9d%n", w.label(), tag,
            op.throughputOpsPerSec(), w.summary.runs(), l.p50Micros(), l.p99Micros(), l.p999Micros(), l.maxMicros()));
      });
    }
    disturbedLines(workloads).forEach(line -> out.append(line).append('\n'));
    for (WorkloadReport w : workloads) {
      FindingsReport.textLines(w).forEach(line -> out.append(line).append('\n'));
      PlacementReport.textLines(w).forEach(line -> out.append(line).append('\n'));
    }
    if (workloads.stream().anyMatch(PlacementReport::hasPlacement)) {
      out.append(String.format(Locale.ROOT, "%n%-16s %-6s %-24s %-18s %12s %7s %9s %9s%n", "workload", "run", "region server",
          "operation", "ops/s", "share", "p50 us", "p99 us"));
      for (WorkloadReport w : workloads) {
        PlacementReport.serverLines(w).forEach(line -> out.append(line).append('\n'));
      }
    }
    List<String[]> bigTable = bigTableRows(workloads);
    if (!bigTable.isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nBigTable figure 6 (rows/s, one tablet server) vs hperf (rows/s per region server):%n"));
      for (String[] row : bigTable) {
        out.append(String.format(Locale.ROOT, "  %-16s %10s %12s%n", row[0], row[1], row[2]));
      }
    }
    return out.toString();
  }

  /** "DISTURBED: workloada run-2: ..." for each run something else disturbed. */
  static List<String> disturbedLines(List<WorkloadReport> workloads) {
    List<String> lines = new ArrayList<>();
    for (WorkloadReport w : workloads) {
      w.summary.perRun().forEach((run, figures) -> {
        if (!figures.disturbedBy().isEmpty()) {
          lines.add(String.format(Locale.ROOT, "DISTURBED: %s %s: %s", w.label(), run,
              String.join(", ", figures.disturbedBy())));
        }
      });
    }
    return lines;
  }

  /** {test, BigTable rate, hperf rate per region server} for every BigTable workload reported. */
  public static List<String[]> bigTableRows(List<WorkloadReport> workloads) {
    List<String[]> rows = new ArrayList<>();
    for (WorkloadReport w : workloads) {
      Integer paper = BigTableFigure6.ONE_TABLET_SERVER_ROWS_PER_SECOND.get(w.workload());
      RunSummary.Overall all = w.summary.overall().get(OperationType.ALL_TAG);
      if (paper == null || all == null) {
        continue;
      }
      int regionServers = Math.max(1, w.aggregated.record().cluster().regionServers());
      double rowsPerOperation = rowsPerOperation(w);
      double rowsPerSecond = all.throughputOpsPerSec() * rowsPerOperation;
      rows.add(new String[] {w.workload(), String.format(Locale.ROOT, "%,d", paper),
          String.format(Locale.ROOT, "%,.0f", rowsPerSecond / regionServers) + measuredPerServer(w, rowsPerOperation)});
    }
    return rows;
  }

  /**
   * With per-server figures: the range of the region servers' own measured rates (each server's
   * top-level operations per second over each run's window, in rows), e.g. " (measured 7,912-8,104)".
   */
  private static String measuredPerServer(WorkloadReport w, double rowsPerOperation) {
    double min = Double.MAX_VALUE;
    double max = -1;
    for (RunSummary.Run run : w.summary.perRun().values()) {
      for (Map.Entry<String, Map<String, RunSummary.ServerOperation>> server : run.placement().servers().entrySet()) {
        RunSummary.ServerOperation all = server.getValue().get(OperationType.ALL_TAG);
        if (all != null && !server.getKey().equals(org.hperf.core.run.TaskLogFormat.UNLOCATED)) {
          min = Math.min(min, all.throughputOpsPerSec() * rowsPerOperation);
          max = Math.max(max, all.throughputOpsPerSec() * rowsPerOperation);
        }
      }
    }
    return max < 0 ? "" : String.format(Locale.ROOT, " (measured per server %,.0f-%,.0f)", min, max);
  }

  /** 1, except for scans: the rows each scan returned, from the run's counters. */
  private static double rowsPerOperation(WorkloadReport w) {
    long rows = 0;
    long scans = 0;
    for (RunRecord.Outcome run : w.aggregated.record().outcomes().values()) {
      rows += run.counter(RunRecord.SCAN_ROWS);
      scans += run.counter(RunRecord.SCAN_OK);
    }
    return scans == 0 ? 1 : (double) rows / scans;
  }
}
