package org.hperf.analyzers.stats;

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
import java.util.Map;
import java.util.Objects;
import org.hperf.analyzers.AggregatedDir;
import org.hperf.core.run.RunRecord;
import org.hperf.core.run.RunSummary;

/**
 * One workload measured on two setups, A and B, compared per operation: what {@code hperf compare
 * <A> <B>} prints and {@code hperf ab} writes for each workload ({@code verdict.json} holds a list of
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
 * sides of one {@code hperf ab} run; setups are empty for plain run directories. Each side's
 * {@link ServerSide} holds its region servers' figures and its findings (empty lists without
 * {@code --per-server on} and without findings).
 */
public record ComparisonReport(String workload, String dirA, String dirB, String setupA, String setupB, int runsA,
    int runsB, double confidence, double marginPercent, String unit, String method, List<String> order,
    List<String> disturbed, List<String> notSteady, List<Comparison> operations, ServerSide serverSideA,
    ServerSide serverSideB) {

  public static final String METHOD = "per run: throughput over its window, p50 and p99 of its merged histogram;"
      + " change of the runs' geometric means B/A - 1, Welch's t-interval on the logarithms; faster or slower when it"
      + " leaves 0 out, equivalent when the equivalence test's interval (two one-sided tests: 90% for a 95% comparison) lies"
      + " inside +-margin, else inconclusive";

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
    notSteady = List.copyOf(notSteady);
    operations = List.copyOf(operations);
    Objects.requireNonNull(serverSideA, "serverSideA");
    Objects.requireNonNull(serverSideB, "serverSideB");
  }

  /** Compares two aggregated run directories by plain runs' rules. */
  public static ComparisonReport of(AggregatedDir a, AggregatedDir b, double confidence) {
    return of(a, b, VerdictRules.ofRuns(confidence), Map.of());
  }

  /**
   * Compares two aggregated run directories by {@code rules}. {@code notSteadyGiven} names runs
   * ("A2") the caller knows were not steady, and why (a warm-up that reached its cap); runs whose
   * servers were still JIT-compiling in the window are found here.
   */
  public static ComparisonReport of(AggregatedDir a, AggregatedDir b, VerdictRules rules, Map<String, String> notSteadyGiven) {
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
    List<String> notSteady = new ArrayList<>();
    int notSteadyA = addNotSteady(notSteady, "A", a.summary(), notSteadyGiven);
    int notSteadyB = addNotSteady(notSteady, "B", b.summary(), notSteadyGiven);
    String noVerdict = disturbed.isEmpty() ? null : "disturbed: " + String.join("; ", disturbed);
    String tooManyNotSteady = null;
    if (rules.steadyLifetimesRequired()) {
      tooManyNotSteady = tooMany("A", notSteadyA, a.summary().runs(), rules);
      tooManyNotSteady = tooManyNotSteady != null ? tooManyNotSteady : tooMany("B", notSteadyB, b.summary().runs(), rules);
    }
    return new ComparisonReport(a.workload(), a.dir().toString(), b.dir().toString(),
        recordA.abSide().map(RunRecord.AbSide::setup).orElse(""), recordB.abSide().map(RunRecord.AbSide::setup).orElse(""),
        a.summary().runs(), b.summary().runs(), rules.confidence(), rules.marginPercent(), rules.unit(), METHOD, order,
        disturbed, notSteady, Comparison.of(a.summary(), b.summary(), rules, noVerdict, tooManyNotSteady),
        ServerSide.of(a.summary()), ServerSide.of(b.summary()));
  }

  /** "2 of 3 lifetimes of B were not steady", when more than the rules allow; else null. */
  private static String tooMany(String side, int notSteady, int runs, VerdictRules rules) {
    return notSteady > VerdictRules.MAX_NOT_STEADY_SHARE * runs
        ? notSteady + " of " + runs + " " + rules.unit() + " of " + side + " were not steady (at most a third may be)"
        : null;
  }

  /** Adds a line per run of the side that was not steady; returns how many. */
  private static int addNotSteady(List<String> out, String side, RunSummary summary, Map<String, String> given) {
    int count = 0;
    for (Map.Entry<String, RunSummary.Run> entry : summary.perRun().entrySet()) {
      String name = side + RunRecord.runIndex(entry.getKey());
      RunSummary.Run run = entry.getValue();
      List<String> why = new ArrayList<>();
      if (given.containsKey(name)) {
        why.add(given.get(name));
      }
      double jit = ClusterFindings.maxJitSharePercent(run.cluster(), run.windowEndMs() - run.windowStartMs());
      if (jit > ClusterFindings.JIT_SHARE_PERCENT) {
        why.add(String.format(Locale.ROOT, "a region server JIT-compiling for %.0f%% of the window", jit));
      }
      if (!why.isEmpty()) {
        out.add(name + ": " + String.join("; ", why));
        count++;
      }
    }
    return count;
  }

  /** The primary figure's row (ALL, or the only operation); empty for a workload without operations. */
  public java.util.Optional<Comparison> primary() {
    return operations.stream().filter(Comparison::primary).findFirst();
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
    out.append(String.format(Locale.ROOT, "%s: A = %s (%s%s)%n", workload, dirA, runs(runsA), setupA.isEmpty() ? "" : "; " + setupA));
    out.append(String.format(Locale.ROOT, "%s  B = %s (%s%s)%n", " ".repeat(workload.length()), dirB, runs(runsB),
        setupB.isEmpty() ? "" : "; " + setupB));
    out.append(order.isEmpty()
        ? "runs not interleaved: drift between the two sets of runs is not controlled\n"
        : "runs in counterbalanced order: " + String.join(" ", order) + "\n");
    for (String run : disturbed) {
      out.append("DISTURBED: ").append(run).append('\n');
    }
    for (String run : notSteady) {
      out.append("NOT STEADY: ").append(run).append('\n');
    }
    String ci = "[" + Comparison.confidenceText(confidence) + " CI]";
    out.append(String.format(Locale.ROOT, "%-20s %12s %12s  %-26s %-26s %-26s %s%n", "operation", "A ops/s*", "B ops/s*",
        "ops/s B vs A [CI]**", "p50 B vs A " + ci, "p99 B vs A " + ci, "verdict"));
    for (Comparison row : operations) {
      out.append(String.format(Locale.ROOT, "%-20s %,12.1f %,12.1f  %-26s %-26s %-26s %s%n", row.operation(),
          row.throughputOpsPerSec().meanA(), row.throughputOpsPerSec().meanB(),
          Comparison.change(row.throughputOpsPerSec()), Comparison.change(row.p50Micros()),
          Comparison.change(row.p99Micros()), row.verdictText()));
    }
    out.append("* geometric mean of the runs' throughputs; changes are of geometric means\n");
    out.append(String.format(Locale.ROOT, "** ALL (the primary figure) at %s; each other operation at %s (Bonferroni);"
        + " equivalent means the two one-sided tests' interval inside +-%s%n", Comparison.confidenceText(confidence), operations.stream()
        .filter(row -> !row.primary()).findFirst().map(row -> Comparison.confidenceText(row.confidence()))
        .orElse("-"), Comparison.margin(marginPercent)));
    primary().filter(row -> row.serverCpuMicrosPerOp() != null).ifPresent(row -> out.append(String.format(Locale.ROOT,
        "region servers' CPU per operation: A %,.0f us, B %,.0f us: %s%n", row.serverCpuMicrosPerOp().meanA(),
        row.serverCpuMicrosPerOp().meanB(), Comparison.change(row.serverCpuMicrosPerOp()))));
    return out.append(serverSideText()).toString();
  }

  /** Each side's region servers and findings, A's then B's; empty when neither side has any. */
  String serverSideText() {
    StringBuilder out = new StringBuilder();
    if (!serverSideA.servers().isEmpty() || !serverSideB.servers().isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nregion servers (ops/s and share: mean of the runs; p99: the median run's)%n"));
      out.append(String.format(Locale.ROOT, "%-4s %-24s %-20s %4s %12s %7s %9s%n", "side", "region server", "operation", "runs",
          "ops/s", "share", "p99 us"));
      serverLines(out, "A", serverSideA);
      serverLines(out, "B", serverSideB);
    }
    if (!serverSideA.findings().isEmpty() || !serverSideB.findings().isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nfindings%n"));
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

  /** One sentence per operation: "randomread READ: B is 38% slower [31%, 45%]: ops/s -38% [95% CI -45%, -31%], ...". */
  public List<String> verdicts() {
    List<String> lines = new ArrayList<>();
    for (Comparison row : operations) {
      lines.add(workload + " " + row.operation() + ": " + row.sentence());
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
