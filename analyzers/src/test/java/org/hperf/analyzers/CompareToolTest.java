package org.hperf.analyzers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
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
    assertTrue(json.out().contains("\"throughputChangePercent\": 50.000"), json.out());

    ToolRun html = compare(base.getPath(), cand.getPath(), "--format", "html");
    assertTrue(html.out().contains("<td class=\"up\">+50%</td>"), html.out());
    assertTrue(html.out().contains("+9% (within noise)"), html.out());
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

  private static ToolRun compare(String... args) throws Exception {
    return ToolRun.of(LocalJobs.conf(), new CompareTool(), args);
  }


  private static String line(String out, String operation) {
    return out.lines().filter(l -> l.startsWith(operation + " ")).findFirst().orElse("");
  }
}
