package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hperf.analyzers.stats.Comparison;
import org.hperf.analyzers.stats.ComparisonReport;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seed's comparison table from two aggregated runs. */
class CompareToolTest {

  @Test
  void identicalRunsGiveNoVerdictAndAWideIntervalIsInconclusive(@TempDir Path tmp) throws Exception {
    // A: updates at 100 and 100 ops/s, reads at 100 and 120; B: updates at 150 and 150, reads at
    // 110 and 130 (+9.2% of the geometric means). Updates: no spread on either side, +50% exactly:
    // a zero-width interval says nothing of the noise, so no verdict. Reads: 2 runs a side, Welch's
    // 2 degrees of freedom, t = 4.30 and a standard error of 0.129 on a log scale: the interval spans
    // zero and reaches past +-5%: inconclusive, never "no difference".
    File base = workload(tmp, "base", "updateonly", new int[] {1000, 1000}, new int[] {1000, 1200});
    File cand = workload(tmp, "cand", "updateonly", new int[] {1500, 1500}, new int[] {1100, 1300});
    ToolRun run = compare(base.getPath(), cand.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    String updates = line(run.out(), "UPDATE");
    assertTrue(updates.contains("+50% [+50%, +50%]") && updates.endsWith("no verdict: every one of the runs on both"
        + " sides gave the same figure: no spread to judge by"), run.out());
    String reads = line(run.out(), "READ");
    assertTrue(reads.contains("+9.2% [") && reads.contains("inconclusive: these runs could detect a change of "),
        run.out());
    assertTrue(!run.out().contains("no significant difference"), run.out());
    assertTrue(run.out().contains("runs not interleaved"), "plain run directories: " + run.out());

    ToolRun json = compare(base.getPath(), cand.getPath(), "--format", "json");
    ComparisonReport report = ComparisonReport.read(new java.io.ByteArrayInputStream(
        json.out().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    assertEquals(2, report.runsA());
    Comparison update = report.operations().get(report.operations().size() - 2);
    assertEquals("UPDATE", update.operation(), json.out());
    assertEquals(50.0, update.throughputOpsPerSec().changePercent(), 1e-9, json.out());
    assertEquals(Comparison.Verdict.NO_VERDICT, update.verdict());
    Comparison read = report.operations().get(0);
    assertEquals(Comparison.Verdict.INCONCLUSIVE, read.verdict());
    // What 2 runs a side could detect with 80% power: (t(0.9875, 2) + t(0.8, 2)) x se, Bonferroni over the
    // 2 operations other than ALL (READ, UPDATE): with 2 degrees of freedom t(p) = (2p - 1) / sqrt(2p(1 - p)),
    // 6.205 and 1.061; se = sqrt(var(ln 100, ln 120) / 2 + var(ln 110, ln 130) / 2) = 0.1236: exp(7.266 x 0.1236) - 1
    // = 146% at 2 degrees of freedom; Welch's are 1.99 here (the spreads differ a little), which raises it a little.
    assertTrue(read.detectablePercent() > 145.5 && read.detectablePercent() < 149, json.out());
    assertEquals(1 - 0.05 / 2, read.confidence(), 1e-12);
    // The interval from the two reads a side, at the Bonferroni-corrected level of a secondary operation,
    // as SciPy computes it (not hperf's own code): d = mean(ln B) - mean(ln A), se and Welch's df as above,
    // exp(d -+ stats.t.ppf(1 - 0.025 / 2, 1.98490) x 0.123641) - 1 = -49.689% and +136.862% (t = 6.26518).
    assertEquals(-49.689, read.throughputOpsPerSec().lowPercent(), 0.01, json.out());
    assertEquals(136.862, read.throughputOpsPerSec().highPercent(), 0.01, json.out());
    assertEquals("ALL", report.operations().get(report.operations().size() - 1).operation(), "ALL last: " + json.out());
    JsonNode tree = new ObjectMapper().readTree(json.out());
    assertTrue(tree.path("operations").get(0).path("p99Micros").has("highPercent"), json.out());

    ToolRun html = compare(base.getPath(), cand.getPath(), "--format", "html");
    assertTrue(html.out().contains("<td class=\"noise\">+50% [+50%, +50%]</td>"), html.out());
    assertTrue(html.out().contains("<td class=\"noise\">inconclusive: these runs could detect"), html.out());
  }

  @Test
  void oneRunASideGetsTheChangeButNoVerdict(@TempDir Path tmp) throws Exception {
    File base = workload(tmp, "base", "updateonly", new int[] {1000}, new int[] {1000});
    File cand = workload(tmp, "cand", "updateonly", new int[] {2000}, new int[] {1000});
    ToolRun run = compare(base.getPath(), cand.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    String updates = line(run.out(), "UPDATE");
    assertTrue(updates.contains("+100%") && updates.endsWith("no verdict: fewer than 2 runs on a side (1 and 1): no"
        + " spread to judge a difference by; give 3 or more"), run.out());
    assertTrue(!run.out().contains("B is faster"), run.out());
  }

  @Test
  void confidenceOutOfRangeIsAUsageError(@TempDir Path tmp) throws Exception {
    File base = workload(tmp, "base", "updateonly", new int[] {1000, 1000}, new int[] {1000, 1000});
    ToolRun refused = compare(base.getPath(), base.getPath(), "--confidence", "95");
    assertEquals(ExitCode.USAGE, refused.exitCode(), refused.all());
    assertTrue(refused.err().contains("--confidence"), refused.all());
  }

  @Test
  void allComparesTheTopLevelOperationsNotTheSumOfTheTags(@TempDir Path tmp) throws Exception {
    // Workload F, 500 plain reads and 300 vs 400 read-modify-writes in 10 s: ALL is 80 vs 90 ops/s
    // (+13%); summing READ and READ_MODIFY_WRITE would say 110 vs 130 (+18%).
    File base = workloadF(tmp, "base", 300);
    File cand = workloadF(tmp, "cand", 400);
    ToolRun run = compare(base.getPath(), cand.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    List<String> all = List.of(line(run.out(), "ALL").trim().split(" +"));
    assertEquals(List.of("ALL", "80.0", "90.0", "+13%"), all.subList(0, 4), run.out());
    assertTrue(run.out().contains("no verdict: fewer than 2 runs on a side"), run.out());
    assertTrue(run.out().contains(line(run.out(), "ALL") + "\n* geometric mean"), "ALL is the last row:\n" + run.out());
  }

  @Test
  void differentWorkloadsAreRefusedUnlessForced(@TempDir Path tmp) throws Exception {
    File a = workload(tmp, "a", "workloada", new int[] {1000}, new int[] {1000});
    File c = workload(tmp, "c", "workloadc", new int[] {1000}, new int[] {1000});
    ToolRun refused = compare(a.getPath(), c.getPath());
    assertEquals(ExitCode.USAGE, refused.exitCode(), refused.all());
    assertTrue(refused.err().contains("different workloads (workloada vs workloadc)"), refused.all());
    assertEquals(ExitCode.OK, compare(a.getPath(), c.getPath(), "--force").exitCode());
    ToolRun notAggregated = compare(a.getPath(), tmp.toString());
    assertEquals(ExitCode.USAGE, notAggregated.exitCode());
    assertTrue(notAggregated.err().contains("run 'hperf aggregate"), notAggregated.all());
  }

  /** A run directory with one run per entry: UPDATE and READ operations per 10 s window, aggregated. */
  private static File workload(Path tmp, String name, String workload, int[] updates, int[] reads) throws Exception {
    File dir = tmp.resolve(name).toFile();
    for (int i = 0; i < updates.length; i++) {
      long start = 100_000L * i;
      TaskLogs.write(new File(dir, "run-" + (i + 1) + "/client-00000.hlog"), start, start + 10_000,
          new TaskLogs.Interval("UPDATE", 0, 10_000, TaskLogs.range(1, updates[i])),
          new TaskLogs.Interval("READ", 0, 10_000, TaskLogs.range(1, reads[i])));
    }
    Files.writeString(new File(dir, "run.properties").toPath(), "workload.name=" + workload
        + "\nrun.clients=1\nrun.interval.seconds=10\ndataset.recordcount=1000\n");
    ToolRun aggregate = ToolRun.of(LocalJobs.conf(), new AggregateTool(),
        new String[] {dir.getPath()});
    assertEquals(ExitCode.OK, aggregate.exitCode(), aggregate.all());
    return dir;
  }

  private static File workloadF(Path tmp, String name, int readModifyWrites) throws Exception {
    File dir = tmp.resolve(name).toFile();
    TaskLogs.writeReadModifyWrites(new File(dir, "run-1/client-00000.hlog"), 0, 500, readModifyWrites);
    Files.writeString(new File(dir, "run.properties").toPath(), "workload.name=workloadf\nrun.clients=1\n"
        + "run.interval.seconds=10\nworkload.property.readproportion=0.5\n"
        + "workload.property.readmodifywriteproportion=0.5\n");
    ToolRun aggregate = ToolRun.of(LocalJobs.conf(), new AggregateTool(), new String[] {dir.getPath()});
    assertEquals(ExitCode.OK, aggregate.exitCode(), aggregate.all());
    return dir;
  }

  private static ToolRun compare(String... args) throws Exception {
    return ToolRun.of(LocalJobs.conf(), new CompareTool(), args);
  }

  private static String line(String out, String operation) {
    return out.lines().filter(l -> l.startsWith(operation + " ")).findFirst().orElse("");
  }
}
