package org.hperf.analyzers;

import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.fs.Path;
import org.hperf.analyzers.render.PairedRatioChart;
import org.hperf.analyzers.render.SvgChart;
import org.hperf.analyzers.stats.Comparison;
import org.hperf.analyzers.stats.ComparisonReport;
import org.hperf.analyzers.stats.ServerSide;
import org.hperf.analyzers.stats.VerdictRules;
import org.hperf.core.ExitCode;
import org.hperf.core.HperfTool;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;

/**
 * {@code hperf compare <A> <B>}: the seed's comparison table, with a verdict. Per operation the
 * throughput, p50 and p99 of each side's runs and B's change against A with a confidence interval
 * ({@link RelativeChange}) and one of four verdicts ({@link Comparison.Verdict}): faster or slower
 * when the interval leaves 0 out, equivalent when it lies inside +-{@code --margin}, inconclusive
 * otherwise (with the change these runs could detect and how many more would decide); no verdict
 * from one run on a side, a disturbed run or a run without operations. Runs of different workloads or record counts are refused
 * unless forced. Then each side's server-side picture ({@link ServerSide}): its region servers'
 * throughput and p99 and its findings (warm-up, outlier runs, the cluster state's, hotspots).
 * {@code hperf ab} prints the same table for each of its workloads.
 */
public final class CompareTool extends HperfTool {
  public static final String NAME = "compare";

  @Override
  protected CommandOptions options() {
    return new CommandOptions(NAME, "<A: baseline run dir> <B: candidate run dir> [options]",
        "Compare two aggregated workload runs, e.g. HBase 1 vs HBase 2, per operation, with confidence intervals.")
        .value(null, "format", "text|json|html", "output format (html: a self-contained page on stdout)", "text")
        .value(null, "confidence", "level", "confidence of the intervals, between 0.5 and 0.999", "0.95")
        .value(null, "margin", "percent", "equivalent means B's change is shown to lie inside +-this (two one-sided tests, each at 1 - confidence)", "5")
        .flag(null, "force", "compare even runs of different workloads or record counts");
  }

  @Override
  protected int maxPositionalArguments() {
    return 2;
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    if (parsed.positional().size() != 2) {
      throw new UsageException("compare takes two run directories: hperf compare <baseline> <candidate>");
    }
    String format = parsed.string("format", "text");
    if (!format.equals("text") && !format.equals("json") && !format.equals("html")) {
      throw new UsageException("--format " + format + " is not known: use text, json or html");
    }
    double confidence = confidence(parsed);
    AggregatedDir baseline = AggregatedDir.read(getConf(), new Path(parsed.positional().get(0)));
    AggregatedDir candidate = AggregatedDir.read(getConf(), new Path(parsed.positional().get(1)));
    if (!parsed.has("force")) {
      refuseIncomparable(baseline, candidate);
    }
    VerdictRules rules = VerdictRules.ofRuns(confidence).withMargin(margin(parsed));
    ComparisonReport report = ComparisonReport.of(baseline, candidate, rules, java.util.Map.of());
    // A duet's two sides (hperf ab --duet) were measured in the same intervals: their ratio over time too.
    PairedRatioChart overTime = baseline.summary().intervalSeconds() == candidate.summary().intervalSeconds()
        ? DuetReport.overTime(baseline.summary(), candidate.summary(), report.workload() + ": B against A") : null;
    if (format.equals("json")) {
      report.write(System.out);
    } else if (format.equals("html")) {
      String page = html(report);
      System.out.print(overTime == null ? page : page.replace("</body></html>\n", "<h2>Duet: B/A over time</h2>\n"
          + overTime.svg() + "</body></html>\n"));
    } else {
      System.out.print(report.text());
      if (overTime != null) {
        System.out.print("measured at the same time (a duet):\n" + DuetReport.overTimeText(overTime.lifetimes(),
            overTime.ratioPercent(), overTime.stepSeconds()));
      }
    }
    return ExitCode.OK;
  }

  /** The --margin option, shared with hperf ab. */
  public static double margin(ParsedOptions parsed) throws UsageException {
    return VerdictRules.parsePercent("--margin", parsed.string("margin",
        Double.toString(VerdictRules.DEFAULT_MARGIN_PERCENT)));
  }

  /** The --confidence option, shared with hperf ab. */
  public static double confidence(ParsedOptions parsed) throws UsageException {
    return org.hperf.core.Numbers.parseDouble("--confidence", parsed.string("confidence", "0.95"), 0.5, 0.999);
  }

  /**
   * The two aggregated run directories compared, B against A, by {@code rules}, as hperf ab reports
   * each workload; {@code notSteady} names the runs ab knows were not steady ("B2" to why).
   */
  public static ComparisonReport compare(org.apache.hadoop.conf.Configuration conf, Path a, Path b, VerdictRules rules,
      java.util.Map<String, String> notSteady) throws IOException, UsageException {
    return ComparisonReport.of(AggregatedDir.read(conf, a), AggregatedDir.read(conf, b), rules, notSteady);
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

  public static String html(ComparisonReport report) {
    StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<title>hperf compare</title><style>body{font-family:sans-serif;margin:24px}table{border-collapse:collapse}"
        + "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child{text-align:left}"
        + ".up{color:#2ca02c}.down{color:#d62728}.same{color:#1f77b4}.noise{color:#777}</style></head><body>\n<h1>hperf compare</h1>\n");
    out.append("<p>A (baseline): ").append(SvgChart.escape(report.dirA() + " (" + report.workload() + ", "
        + report.runsA() + " runs)")).append("<br>B (candidate): ").append(SvgChart.escape(report.dirB() + " ("
        + report.runsB() + " runs)")).append("<br>").append(SvgChart.escape(report.order().isEmpty()
        ? "runs not interleaved" : "runs in counterbalanced order: " + String.join(" ", report.order()))).append("</p>\n");
    String ci = String.format(Locale.ROOT, "%.0f%% CI", 100 * report.confidence());
    out.append("<table id=\"compare\"><tr><th>operation</th><th>A ops/s</th><th>B ops/s</th><th>ops/s B vs A [CI]*")
        .append("</th><th>p50 B vs A [").append(ci).append("]</th><th>p99 B vs A [").append(ci)
        .append("]</th><th>verdict</th></tr>\n");
    for (Comparison row : report.operations()) {
      String css = switch (row.verdict()) {
        case B_IS_FASTER -> "up";
        case B_IS_SLOWER -> "down";
        case EQUIVALENT -> "same";
        default -> "noise";
      };
      out.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%,.1f</td><td>%,.1f</td><td class=\"%s\">%s</td>"
          + "<td>%s</td><td>%s</td><td class=\"%s\">%s</td></tr>%n", SvgChart.escape(row.operation()),
          row.throughputOpsPerSec().meanA(), row.throughputOpsPerSec().meanB(), css,
          Comparison.change(row.throughputOpsPerSec()), Comparison.change(row.p50Micros()),
          Comparison.change(row.p99Micros()), css, SvgChart.escape(row.verdictText())));
    }
    out.append("</table>\n<p>* ALL, the primary figure, at ").append(ci).append("; each other operation at a level"
        + " corrected for their number (Bonferroni). Equivalent: the interval lies inside +-")
        .append(Comparison.margin(report.marginPercent())).append(".</p>\n");
    return out.append(serverSideHtml(report)).append("</body></html>\n").toString();
  }

  /** Each side's findings and region servers, A beside B; nothing when neither side has any. */
  public static String serverSideHtml(ComparisonReport report) {
    ServerSide a = report.serverSideA();
    ServerSide b = report.serverSideB();
    if (a.findings().isEmpty() && b.findings().isEmpty() && a.servers().isEmpty() && b.servers().isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("<h2>Server side</h2>\n<div style=\"display:flex;gap:24px;"
        + "flex-wrap:wrap\">\n");
    sideHtml(out, "A", a);
    sideHtml(out, "B", b);
    return out.append("</div>\n").toString();
  }

  private static void sideHtml(StringBuilder out, String side, ServerSide figures) {
    out.append("<div class=\"side\" data-side=\"").append(side).append("\"><h3>").append(side).append("</h3>\n");
    if (figures.findings().isEmpty()) {
      out.append("<p>no findings</p>\n");
    } else {
      out.append("<ul class=\"findings\">\n");
      figures.findings().forEach(f -> out.append("<li>").append(SvgChart.escape(f)).append("</li>\n"));
      out.append("</ul>\n");
    }
    if (figures.servers().isEmpty()) {
      out.append("<p>no per-server figures (runs without --per-server on)</p>\n");
    } else {
      out.append("<table class=\"servers\"><tr><th>region server</th><th>operation</th><th>runs</th>"
          + "<th>ops/s (mean of the runs)</th><th>share</th><th>p99 us (median run)</th></tr>\n");
      for (ServerSide.ServerFigures s : figures.servers()) {
        out.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%d</td><td>%,.1f</td><td>%.1f%%</td>"
            + "<td>%,d</td></tr>%n", SvgChart.escape(s.server()), SvgChart.escape(s.operation()), s.runs(),
            s.throughputOpsPerSec(), 100 * s.share(), s.p99Micros()));
      }
      out.append("</table>\n");
    }
    out.append("</div>\n");
  }
}
