package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.hperf.core.ExitCode;
import org.hperf.core.HperfTool;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;

/**
 * {@code perf compare <baseline> <candidate>}: the seed's comparison table. Per operation the
 * throughput and p99 of each side and the change in percent ("+50%", "-6%"), marked "within
 * noise" when the two sides' run-to-run ranges of throughput overlap. Runs of different workloads
 * or record counts are refused unless forced.
 */
public final class CompareTool extends HperfTool {
  public static final String NAME = "compare";

  @Override
  protected CommandOptions options() {
    return new CommandOptions(NAME, "<baseline run dir> <candidate run dir> [options]",
        "Compare two aggregated workload runs, e.g. HBase 1 vs HBase 2, per operation.")
        .value(null, "format", "text|json|html", "output format (html: a self-contained page on stdout)", "text")
        .flag(null, "force", "compare even runs of different workloads or record counts");
  }

  @Override
  protected int maxPositionalArguments() {
    return 2;
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    if (parsed.positional().size() != 2) {
      throw new UsageException("compare takes two run directories: perf compare <baseline> <candidate>");
    }
    String format = parsed.string("format", "text");
    if (!format.equals("text") && !format.equals("json") && !format.equals("html")) {
      throw new UsageException("--format " + format + " is not known: use text, json or html");
    }
    SummaryTable baseline = SummaryTable.read(getConf(), new Path(parsed.positional().get(0)));
    SummaryTable candidate = SummaryTable.read(getConf(), new Path(parsed.positional().get(1)));
    if (!parsed.has("force")) {
      refuseIncomparable(baseline, candidate);
    }
    List<Map<String, Object>> rows = compare(baseline, candidate);
    System.out.print(format.equals("json") ? Json.write(rows)
        : format.equals("html") ? html(baseline, candidate, rows) : text(baseline, candidate, rows));
    return ExitCode.OK;
  }

  private static void refuseIncomparable(SummaryTable a, SummaryTable b) throws UsageException {
    if (!a.workload().equals(b.workload())) {
      throw new UsageException("the runs are of different workloads (" + a.workload() + " vs " + b.workload()
          + "): compare like with like, or add --force");
    }
    String key = "dataset.recordcount";
    String ra = a.record.getProperty(key);
    String rb = b.record.getProperty(key);
    if (ra != null && rb != null && !ra.equals(rb)) {
      throw new UsageException("the runs are of different record counts (" + ra + " vs " + rb
          + "): compare like with like, or add --force");
    }
  }

  static List<Map<String, Object>> compare(SummaryTable baseline, SummaryTable candidate) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (SummaryTable.Operation base : baseline.operations.values()) {
      SummaryTable.Operation cand = candidate.operations.get(base.tag());
      if (cand == null) {
        continue;
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("operation", base.tag());
      row.put("baselineOpsPerSec", base.meanThroughput());
      row.put("candidateOpsPerSec", cand.meanThroughput());
      row.put("throughputChangePercent", percent(base.meanThroughput(), cand.meanThroughput()));
      row.put("withinNoise", overlaps(base, cand));
      row.put("baselineP99Micros", base.p99Micros());
      row.put("candidateP99Micros", cand.p99Micros());
      row.put("p99ChangePercent", percent(base.p99Micros(), cand.p99Micros()));
      rows.add(row);
    }
    return rows;
  }

  /** The runs' throughput ranges overlap: the difference is inside the run-to-run spread. */
  static boolean overlaps(SummaryTable.Operation a, SummaryTable.Operation b) {
    return a.min() <= b.max() && b.min() <= a.max();
  }

  static double percent(double before, double after) {
    return before == 0 ? 0 : 100 * (after - before) / before;
  }

  static String signed(double percent) {
    return String.format(Locale.ROOT, "%+.0f%%", percent);
  }

  private static String html(SummaryTable a, SummaryTable b, List<Map<String, Object>> rows) {
    StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<title>hperf compare</title><style>body{font-family:sans-serif;margin:24px}table{border-collapse:collapse}"
        + "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child{text-align:left}"
        + ".up{color:#2ca02c}.down{color:#d62728}.noise{color:#777}</style></head><body>\n<h1>hperf compare</h1>\n");
    out.append("<p>baseline: ").append(SvgChart.escape(a.dir + " (" + a.workload() + ")")).append("<br>candidate: ")
        .append(SvgChart.escape(b.dir + " (" + b.workload() + ")")).append("</p>\n<table id=\"compare\"><tr>")
        .append("<th>operation</th><th>baseline ops/s</th><th>candidate ops/s</th><th>change</th><th>baseline p99 us</th>")
        .append("<th>candidate p99 us</th><th>p99 change</th></tr>\n");
    for (Map<String, Object> row : rows) {
      double change = (Double) row.get("throughputChangePercent");
      String css = (Boolean) row.get("withinNoise") ? "noise" : change >= 0 ? "up" : "down";
      out.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%,.1f</td><td>%,.1f</td><td class=\"%s\">%s%s</td>"
          + "<td>%,d</td><td>%,d</td><td>%s</td></tr>%n", row.get("operation"), (Double) row.get("baselineOpsPerSec"),
          (Double) row.get("candidateOpsPerSec"), css, signed(change),
          (Boolean) row.get("withinNoise") ? " (within noise)" : "", (Long) row.get("baselineP99Micros"),
          (Long) row.get("candidateP99Micros"), signed((Double) row.get("p99ChangePercent"))));
    }
    return out.append("</table>\n</body></html>\n").toString();
  }

  private static String text(SummaryTable a, SummaryTable b, List<Map<String, Object>> rows) {
    StringBuilder out = new StringBuilder();
    out.append("baseline:  ").append(a.dir).append(" (").append(a.workload()).append(")\n");
    out.append("candidate: ").append(b.dir).append(" (").append(b.workload()).append(")\n");
    out.append(String.format("%-20s %14s %14s %8s %-13s %10s %10s %8s%n", "operation", "baseline ops/s",
        "candidate ops/s", "change", "", "p99 us", "p99 us", "change"));
    for (Map<String, Object> row : rows) {
      out.append(String.format("%-20s %,14.1f %,14.1f %8s %-13s %,10d %,10d %8s%n", row.get("operation"),
          (Double) row.get("baselineOpsPerSec"), (Double) row.get("candidateOpsPerSec"),
          signed((Double) row.get("throughputChangePercent")),
          (Boolean) row.get("withinNoise") ? "within noise" : "",
          (Long) row.get("baselineP99Micros"), (Long) row.get("candidateP99Micros"),
          signed((Double) row.get("p99ChangePercent"))));
    }
    return out.toString();
  }
}
