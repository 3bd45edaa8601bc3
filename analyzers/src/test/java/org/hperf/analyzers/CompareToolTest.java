package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seed's comparison table from two aggregated runs. */
class CompareToolTest {

  @Test
  void updatesFiftyPercentFasterReadsWithinNoise(@TempDir Path tmp) throws Exception {
    // Baseline: updates at 100 and 100 ops/s, reads at 100 and 120; candidate: updates at 150 and
    // 150, reads at 110 and 130 (+9%): reads overlap (within noise), updates do not.
    File base = workload(tmp, "base", "updateonly", new int[] {1000, 1000}, new int[] {1000, 1200});
    File cand = workload(tmp, "cand", "updateonly", new int[] {1500, 1500}, new int[] {1100, 1300});
    ToolRun run = compare(base.getPath(), cand.getPath());
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    String updates = line(run.out(), "UPDATE");
    assertTrue(updates.contains("+50%") && !updates.contains("within noise"), run.out());
    String reads = line(run.out(), "READ");
    assertTrue(reads.contains("+9%") && reads.contains("within noise"), run.out());

    ToolRun json = compare(base.getPath(), cand.getPath(), "--format", "json");
    JsonNode rows = new ObjectMapper().readTree(json.out());
    JsonNode update = rows.get(rows.size() - 2);
    assertEquals("UPDATE", update.path("operation").textValue(), json.out());
    assertEquals(50.0, update.path("throughputChangePercent").doubleValue(), 1e-9, json.out());
    assertEquals("ALL", rows.get(rows.size() - 1).path("operation").textValue(), "ALL last: " + json.out());

    ToolRun html = compare(base.getPath(), cand.getPath(), "--format", "html");
    assertTrue(html.out().contains("<td class=\"up\">+50%</td>"), html.out());
    assertTrue(html.out().contains("+9% (within noise)"), html.out());
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
    assertTrue(run.out().strip().endsWith(line(run.out(), "ALL")), "ALL is the last row:\n" + run.out());
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
    assertTrue(notAggregated.err().contains("run 'perf aggregate"), notAggregated.all());
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
