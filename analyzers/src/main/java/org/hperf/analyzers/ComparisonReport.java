package org.hperf.analyzers;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.hperf.core.run.RunRecord;
import org.hperf.core.run.RunSummary;

/**
 * One workload measured on two setups, A and B, compared per operation: what {@code perf compare
 * <A> <B>} prints and {@code perf ab} writes for each workload ({@code verdict.json} holds a list of
 * these). Written and read only by {@link #write}/{@link #writeAll} and {@link #readAll}, UTF-8 JSON,
 * indented, names as the record components:
 * <pre>
 * {"workload": "randomread", "dirA": .., "dirB": .., "setupA": "..", "setupB": "..", "runsA": 3, "runsB": 3,
 *  "confidence": 0.95, "method": "..", "order": ["A1", "B1", "B2", "A2", "A3", "B3"],
 *  "disturbed": ["B2: 3 failed operations"],
 *  "operations": [{"operation": "READ",
 *                  "throughputOpsPerSec": {"meanA": .., "meanB": .. (geometric means of the runs),
 *                                          "changePercent": .., "lowPercent": ..,
 *                                          "highPercent": .., "degreesOfFreedom": .., "pValue": ..,
 *                                          "permutationPValue": .., "significant": true},
 *                  "p50Micros": {..}, "p99Micros": {..}, "verdict": "B_IS_SLOWER"}, ..],
 *  "serverSideA": {"findings": ["warm-up run-1: throughput rose ..", "hotspot run-2: host:16020 served .."],
 *                  "servers": [{"server": "host:16020", "operation": "READ", "runs": 3,
 *                               "throughputOpsPerSec": .., "share": .., "p99Micros": ..}, ..]},
 *  "serverSideB": {..}}
 * </pre>
 * {@code lowPercent}, {@code highPercent} and the p-values are null where there is no interval (one
 * run on a side; a run with a value of 0). {@code order} is empty unless the two sides are the two
 * sides of one {@code perf ab} run; setups are empty for plain run directories. Each side's
 * {@link ServerSide} holds its region servers' figures and its findings (empty lists without
 * {@code --per-server on} and without findings).
 */
public record ComparisonReport(String workload, String dirA, String dirB, String setupA, String setupB, int runsA,
    int runsB, double confidence, String method, List<String> order, List<String> disturbed,
    List<Comparison> operations, ServerSide serverSideA, ServerSide serverSideB) {

  public static final String METHOD = "per run: throughput over its window, p50 and p99 of its merged histogram;"
      + " change of the runs' geometric means B/A - 1, Welch's t-interval on the logarithms";

  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false)
      .configure(JsonParser.Feature.AUTO_CLOSE_SOURCE, false);

  public ComparisonReport {
    Objects.requireNonNull(workload, "workload");
    order = List.copyOf(order);
    disturbed = List.copyOf(disturbed);
    operations = List.copyOf(operations);
    Objects.requireNonNull(serverSideA, "serverSideA");
    Objects.requireNonNull(serverSideB, "serverSideB");
  }

  /** Compares two aggregated run directories. */
  static ComparisonReport of(AggregatedDir a, AggregatedDir b, double confidence) {
    RunRecord recordA = a.record();
    RunRecord recordB = b.record();
    List<String> order = List.of();
    if (recordA.abSide().isPresent() && recordB.abSide().isPresent()
        && recordA.abSide().get().order().equals(recordB.abSide().get().order())) {
      order = recordA.abSide().get().order();
    }
    List<String> disturbed = new ArrayList<>();
    addDisturbed(disturbed, "A", a.summary());
    addDisturbed(disturbed, "B", b.summary());
    return new ComparisonReport(a.workload(), a.dir().toString(), b.dir().toString(),
        recordA.abSide().map(RunRecord.AbSide::setup).orElse(""), recordB.abSide().map(RunRecord.AbSide::setup).orElse(""),
        a.summary().runs(), b.summary().runs(), confidence, METHOD, order, disturbed,
        Comparison.of(a.summary(), b.summary(), confidence), ServerSide.of(a.summary()), ServerSide.of(b.summary()));
  }

  private static void addDisturbed(List<String> out, String side, RunSummary summary) {
    summary.perRun().forEach((run, figures) -> {
      if (!figures.disturbedBy().isEmpty()) {
        out.add(side + RunRecord.runIndex(run) + ": " + String.join(", ", figures.disturbedBy()));
      }
    });
  }

  /** The table: each side, the order, per operation both means, the three changes and the verdict. */
  public String text() {
    StringBuilder out = new StringBuilder();
    out.append(String.format("%s: A = %s (%s%s)%n", workload, dirA, runs(runsA), setupA.isEmpty() ? "" : "; " + setupA));
    out.append(String.format("%s  B = %s (%s%s)%n", " ".repeat(workload.length()), dirB, runs(runsB),
        setupB.isEmpty() ? "" : "; " + setupB));
    out.append(order.isEmpty()
        ? "runs not interleaved: drift between the two sets of runs is not controlled\n"
        : "runs interleaved: " + String.join(" ", order) + "\n");
    for (String run : disturbed) {
      out.append("DISTURBED: ").append(run).append('\n');
    }
    String ci = String.format(Locale.ROOT, "[%.0f%% CI]", 100 * confidence);
    out.append(String.format("%-20s %12s %12s  %-26s %-26s %-26s %s%n", "operation", "A ops/s*", "B ops/s*",
        "ops/s B vs A " + ci, "p50 B vs A " + ci, "p99 B vs A " + ci, "verdict"));
    for (Comparison row : operations) {
      out.append(String.format("%-20s %,12.1f %,12.1f  %-26s %-26s %-26s %s%n", row.operation(),
          row.throughputOpsPerSec().meanA(), row.throughputOpsPerSec().meanB(),
          Comparison.change(row.throughputOpsPerSec()), Comparison.change(row.p50Micros()),
          Comparison.change(row.p99Micros()), row.verdict().text()));
    }
    out.append("* geometric mean of the runs' throughputs; changes are of geometric means\n");
    return out.append(serverSideText()).toString();
  }

  /** Each side's region servers and findings, A's then B's; empty when neither side has any. */
  String serverSideText() {
    StringBuilder out = new StringBuilder();
    if (!serverSideA.servers().isEmpty() || !serverSideB.servers().isEmpty()) {
      out.append(String.format("%nregion servers (ops/s and share: mean of the runs; p99: the median run's)%n"));
      out.append(String.format("%-4s %-24s %-20s %4s %12s %7s %9s%n", "side", "region server", "operation", "runs",
          "ops/s", "share", "p99 us"));
      serverLines(out, "A", serverSideA);
      serverLines(out, "B", serverSideB);
    }
    if (!serverSideA.findings().isEmpty() || !serverSideB.findings().isEmpty()) {
      out.append(String.format("%nfindings%n"));
      serverSideA.findings().forEach(f -> out.append("A  ").append(f).append('\n'));
      serverSideB.findings().forEach(f -> out.append("B  ").append(f).append('\n'));
    }
    return out.toString();
  }

  private static void serverLines(StringBuilder out, String side, ServerSide figures) {
    for (ServerSide.ServerFigures s : figures.servers()) {
      out.append(String.format(Locale.ROOT, "%-4s %-24s %-20s %4d %,12.1f %6.1f%% %,9d%n", side, s.server(),
          s.operation(), s.runs(), s.throughputOpsPerSec(), 100 * s.share(), s.p99Micros()));
    }
  }

  private static String runs(int runs) {
    return runs == 1 ? "1 run" : runs + " runs";
  }

  /** One sentence per operation: "randomread READ: B vs A -38% ops/s [95% CI -45%, -31%], ...: B is slower". */
  public List<String> verdicts() {
    List<String> lines = new ArrayList<>();
    for (Comparison row : operations) {
      lines.add(workload + " " + row.operation() + ": B vs A " + row.sentence(confidence));
    }
    return lines;
  }

  public void write(OutputStream out) throws IOException {
    MAPPER.writeValue(out, this);
    out.write('\n');
    out.flush();
  }

  /** Writes several workloads' reports as one JSON array; the stream stays open. */
  public static void writeAll(OutputStream out, List<ComparisonReport> reports) throws IOException {
    MAPPER.writeValue(out, reports);
    out.write('\n');
    out.flush();
  }

  /** Reads what {@link #writeAll} wrote. */
  public static List<ComparisonReport> readAll(InputStream in) throws IOException {
    return MAPPER.readValue(in, new TypeReference<List<ComparisonReport>>() { });
  }

  /** Reads what {@link #write} wrote. */
  public static ComparisonReport read(InputStream in) throws IOException {
    return MAPPER.readValue(in, ComparisonReport.class);
  }
}
