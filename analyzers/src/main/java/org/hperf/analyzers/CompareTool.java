package org.hperf.analyzers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.Path;
import org.hperf.core.ExitCode;
import org.hperf.core.HperfTool;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.run.RunSummary;

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
    AggregatedDir baseline = AggregatedDir.read(getConf(), new Path(parsed.positional().get(0)));
    AggregatedDir candidate = AggregatedDir.read(getConf(), new Path(parsed.positional().get(1)));
    if (!parsed.has("force")) {
      refuseIncomparable(baseline, candidate);
    }
    List<Comparison> rows = compare(baseline.summary(), candidate.summary());
    System.out.print(format.equals("json") ? json(rows)
        : format.equals("html") ? html(baseline, candidate, rows) : text(baseline, candidate, rows));
    return ExitCode.OK;
  }

  /** One operation of both sides; also the --format json row. */
  record Comparison(String operation, double baselineOpsPerSec, double candidateOpsPerSec,
      double throughputChangePercent, boolean withinNoise, long baselineP99Micros, long candidateP99Micros,
      double p99ChangePercent) {
  }

  private static void refuseIncomparable(AggregatedDir a, AggregatedDir b) throws UsageException {
    if (!a.workload().equals(b.workload())) {
      throw new UsageException("the runs are of different workloads (" + a.workload() + " vs " + b.workload()
          + "): compare like with like, or add --force");
    }
    String ra = a.record().dataset().get("recordcount");
    String rb = b.record().dataset().get("recordcount");
    if (ra != null && rb != null && !ra.equals(rb)) {
      throw new UsageException("the runs are of different record counts (" + ra + " vs " + rb
          + "): compare like with like, or add --force");
    }
  }

  /** Every operation of the baseline that the candidate has too, in the baseline's order. */
  static List<Comparison> compare(RunSummary baseline, RunSummary candidate) {
    List<Comparison> rows = new ArrayList<>();
    baseline.overall().forEach((tag, base) -> {
      RunSummary.Overall cand = candidate.overall().get(tag);
      if (cand != null) {
        long baseP99 = base.latency().p99Micros();
        long candP99 = cand.latency().p99Micros();
        rows.add(new Comparison(tag, base.throughputOpsPerSec(), cand.throughputOpsPerSec(),
            percent(base.throughputOpsPerSec(), cand.throughputOpsPerSec()), overlaps(base, cand), baseP99, candP99,
            percent(baseP99, candP99)));
      }
    });
    return rows;
  }

  /** The runs' throughput ranges overlap: the difference is inside the run-to-run spread. */
  static boolean overlaps(RunSummary.Overall a, RunSummary.Overall b) {
    return a.throughputMinOpsPerSec() <= b.throughputMaxOpsPerSec()
        && b.throughputMinOpsPerSec() <= a.throughputMaxOpsPerSec();
  }

  static double percent(double before, double after) {
    return before == 0 ? 0 : 100 * (after - before) / before;
  }

  static String signed(double percent) {
    return String.format(Locale.ROOT, "%+.0f%%", percent);
  }

  private static String json(List<Comparison> rows) throws IOException {
    return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows) + "\n";
  }

  private static String html(AggregatedDir a, AggregatedDir b, List<Comparison> rows) {
    StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<title>hperf compare</title><style>body{font-family:sans-serif;margin:24px}table{border-collapse:collapse}"
        + "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child{text-align:left}"
        + ".up{color:#2ca02c}.down{color:#d62728}.noise{color:#777}</style></head><body>\n<h1>hperf compare</h1>\n");
    out.append("<p>baseline: ").append(SvgChart.escape(a.dir() + " (" + a.workload() + ")")).append("<br>candidate: ")
        .append(SvgChart.escape(b.dir() + " (" + b.workload() + ")")).append("</p>\n<table id=\"compare\"><tr>")
        .append("<th>operation</th><th>baseline ops/s</th><th>candidate ops/s</th><th>change</th><th>baseline p99 us</th>")
        .append("<th>candidate p99 us</th><th>p99 change</th></tr>\n");
    for (Comparison row : rows) {
      String css = row.withinNoise() ? "noise" : row.throughputChangePercent() >= 0 ? "up" : "down";
      out.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%,.1f</td><td>%,.1f</td><td class=\"%s\">%s%s</td>"
          + "<td>%,d</td><td>%,d</td><td>%s</td></tr>%n", SvgChart.escape(row.operation()), row.baselineOpsPerSec(),
          row.candidateOpsPerSec(), css, signed(row.throughputChangePercent()),
          row.withinNoise() ? " (within noise)" : "", row.baselineP99Micros(), row.candidateP99Micros(),
          signed(row.p99ChangePercent())));
    }
    return out.append("</table>\n</body></html>\n").toString();
  }

  private static String text(AggregatedDir a, AggregatedDir b, List<Comparison> rows) {
    StringBuilder out = new StringBuilder();
    out.append("baseline:  ").append(a.dir()).append(" (").append(a.workload()).append(")\n");
    out.append("candidate: ").append(b.dir()).append(" (").append(b.workload()).append(")\n");
    out.append(String.format("%-20s %14s %14s %8s %-13s %10s %10s %8s%n", "operation", "baseline ops/s",
        "candidate ops/s", "change", "", "p99 us", "p99 us", "change"));
    for (Comparison row : rows) {
      out.append(String.format("%-20s %,14.1f %,14.1f %8s %-13s %,10d %,10d %8s%n", row.operation(),
          row.baselineOpsPerSec(), row.candidateOpsPerSec(), signed(row.throughputChangePercent()),
          row.withinNoise() ? "within noise" : "", row.baselineP99Micros(), row.candidateP99Micros(),
          signed(row.p99ChangePercent())));
    }
    return out.toString();
  }
}
