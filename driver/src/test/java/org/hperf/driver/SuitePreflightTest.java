package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.hperf.core.ExitCode;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite's preflight on the local file system, no cluster: the plan of the steps to do, the
 * refusal of a dataset the disk cannot hold (exit 2 through the driver, one line, nothing created),
 * and a resumed suite whose load is done, which writes nothing and is not refused.
 */
class SuitePreflightTest {
  private static final String WORKLOADS = "../conf/workloads";
  private static final String[] NO_CLUSTER = {"-D", "hbase.zookeeper.quorum=127.0.0.1",
      "-D", "hbase.zookeeper.property.clientPort=1", "-D", "hperf.connect.timeout.seconds=3"};

  @Test
  void aDatasetLargerThanTheDiskIsRefusedWithExit2AndOneLineBeforeAnythingIsCreated(@TempDir Path tmp)
      throws Exception {
    File dir = tmp.resolve("suite").toFile();
    List<String> args = new ArrayList<>(List.of("suite"));
    args.addAll(List.of(NO_CLUSTER));
    // 10^13 records of 1,580 bytes: 15.8 PB, twice for the compaction, on a test machine's disk.
    args.addAll(List.of("--dir", dir.getPath(), "--scale", "tiny", "--recordcount", "10000000000000",
        "--workload-dir", WORKLOADS));
    ToolRun run = ToolRun.capture(() -> Perf.run(args.toArray(new String[0])));
    assertEquals(ExitCode.USAGE, run.exitCode(), run.all());
    assertEquals(1, run.err().strip().lines().count(), run.all());
    assertTrue(run.err().startsWith("hperf suite: not enough free space on file:///: needs 34.8 PB (15.8 PB of HFiles"
        + " x 1 replica x 2 for the major compaction, + 10%), has "), run.all());
    assertTrue(run.err().strip().endsWith(": use fewer records (--recordcount, or --scale tiny) or free space on"
        + " file:///"), run.all());
    assertTrue(run.out().contains("hperf suite will:\n"), "the plan comes first: " + run.all());
    assertFalse(dir.exists(), "the suite's directory was created");
  }

  @Test
  void aNewSuitesPlanNamesItsTableLoadVerifyAndRuns(@TempDir Path tmp) throws Exception {
    List<String> plan = preflight(tmp, new Properties(), "--workloads", "workloada,workloadc");
    assertTrue(plan.contains("  records  100,000 records [0, 100000) into usertable: 16 regions, bulk mode,"
        + " 1 map task"), String.join("\n", plan));
    assertTrue(plan.stream().anyMatch(l -> l.startsWith("  verify   ~")), String.join("\n", plan));
    assertTrue(plan.contains("  runs     2 workloads x 1 run x 20 s = 40 s measured, plus each run's start"),
        String.join("\n", plan));
    assertTrue(plan.contains("  tables   creates usertable with 16 regions (a table of that name stops the suite)"),
        String.join("\n", plan));
    assertTrue(plan.stream().anyMatch(l -> l.startsWith("  space    needs 348 MB free (158 MB of HFiles x 1 replica"
        + " x 2 for the major compaction, + 10%); file:/// has ")), String.join("\n", plan));
  }

  @Test
  void aResumedSuiteWhoseLoadIsDoneWritesNothingAndIsNotCheckedForSpace(@TempDir Path tmp) throws Exception {
    Properties state = new Properties();
    for (String step : List.of("create-table", "load", "verify", "run-workloada")) {
      state.setProperty(step, "done");
    }
    List<String> plan = preflight(tmp, state, "--workloads", "workloada,workloadc", "--recordcount", "10000000000000",
        "--runs", "3", "--duration", "900", "--server-warmup", "120");
    assertTrue(plan.contains("  records  usertable was loaded by this suite's earlier steps: nothing to write"),
        String.join("\n", plan));
    assertTrue(plan.contains("  runs     1 workload x 3 runs x 900 s = 45 min measured, plus each run's start and up"
        + " to 120 s of server warm-up a workload"), String.join("\n", plan));
    assertTrue(plan.contains("  tables   none: usertable was created by this suite's earlier steps"),
        String.join("\n", plan));
    assertTrue(plan.stream().noneMatch(l -> l.startsWith("  space") || l.startsWith("  verify")),
        String.join("\n", plan));
  }

  @Test
  void withWarmOnceThePlanCountsOneServerWarmUpNotOneAWorkload(@TempDir Path tmp) throws Exception {
    List<String> plan = preflight(tmp, new Properties(), "--workloads", "workloada,workloadc,scan", "--duration", "3",
        "--server-warmup", "60", "--warm-once");
    assertTrue(plan.contains("  runs     3 workloads x 1 run x 3 s = 9 s measured, plus each run's start and up to 60 s"
        + " of server warm-up before one workload's run (--warm-once)"), String.join("\n", plan));
  }

  /** The preflight's printed lines for a tiny suite with these options and state (no terminal: it goes on). */
  private static List<String> preflight(Path tmp, Properties state, String... options) throws Exception {
    List<String> args = new ArrayList<>(List.of("--dir", tmp.resolve("suite").toString(), "--scale", "tiny"));
    args.addAll(List.of(options));
    ParsedOptions parsed = new SuiteTool().options().parse(args.toArray(new String[0]), 0);
    Map<String, String[]> steps = SuiteTool.plan(parsed, Scale.TINY, new org.apache.hadoop.fs.Path(
        tmp.resolve("suite").toUri()), new File(WORKLOADS), List.of(parsed.string("workloads", "").split(",")));
    Configuration conf = new Configuration();
    ToolRun run = ToolRun.capture(() -> {
      SuitePreflight.check(conf, SuiteTool.Size.of(parsed, Scale.TINY), steps, state, false);
      return 0;
    });
    return run.out().lines().toList();
  }
}
