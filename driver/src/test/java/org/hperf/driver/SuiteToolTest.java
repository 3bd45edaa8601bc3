package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.hperf.core.UsageException;
import org.junit.jupiter.api.Test;

/** The suite's plan: --per-server and --client reach every run step, and only when not the default, so old suites resume unchanged. */
class SuiteToolTest {
  @Test
  void perServerOnIsPassedToEveryRunAndOffChangesNoCommand() throws Exception {
    Map<String, String[]> on = plan("--per-server");
    Map<String, String[]> off = plan();
    for (String workload : List.of("workloada", "workloadc")) {
      List<String> runOn = List.of(on.get("run-" + workload));
      List<String> runOff = List.of(off.get("run-" + workload));
      int at = runOn.indexOf("--per-server");
      assertTrue(at > 0 && runOn.get(at + 1).startsWith("--"), "--per-server alone: " + runOn);
      assertTrue(!runOff.contains("--per-server"), runOff.toString());
      assertEquals(List.of("--output", new Path("/suite", "runs/" + workload).toString()),
          runOff.subList(runOff.size() - 2, runOff.size()));
    }
    assertEquals(List.of(plan("--per-server", "off").get("run-workloada")), List.of(off.get("run-workloada")));
    // The old form, accepted for one release: on is the switch, off is no switch.
    assertEquals(List.of(on.get("run-workloada")), List.of(plan("--per-server", "on").get("run-workloada")));
    UsageException bad = assertThrows(UsageException.class, () -> plan("--per-server", "yes"));
    assertEquals("--per-server is a switch: give it alone to turn it on, not '--per-server yes'", bad.getMessage());
  }

  @Test
  void asyncClientAndItsInflightReachEveryRunAndSyncChangesNoCommand() throws Exception {
    Map<String, String[]> async = plan("--client", "async", "--inflight", "16");
    for (String workload : List.of("workloada", "workloadc")) {
      List<String> run = List.of(async.get("run-" + workload));
      int at = run.indexOf("--client");
      assertEquals(List.of("--client", "async", "--inflight", "16"), run.subList(at, at + 4));
    }
    assertEquals(List.of(plan().get("run-workloadc")), List.of(plan("--client", "sync").get("run-workloadc")));
    List<String> defaultInflight = List.of(plan("--client", "async").get("run-workloadc"));
    assertTrue(defaultInflight.contains("async") && !defaultInflight.contains("--inflight"), defaultInflight.toString());
    assertEquals("--client fast is not known: use sync or async",
        assertThrows(UsageException.class, () -> plan("--client", "fast")).getMessage());
    assertTrue(assertThrows(UsageException.class, () -> plan("--inflight", "4")).getMessage()
        .startsWith("--inflight is for --client async"));
  }

  @Test
  void serverWarmupReachesEveryRunStepOnlyWhenGiven() throws Exception {
    Map<String, String[]> warm = plan("--server-warmup", "30");
    Map<String, String[]> plain = plan();
    for (String workload : List.of("workloada", "workloadc")) {
      List<String> run = List.of(warm.get("run-" + workload));
      int at = run.indexOf("--server-warmup");
      assertTrue(at > 0 && run.get(at + 1).equals("30"), run.toString());
      assertTrue(!List.of(plain.get("run-" + workload)).contains("--server-warmup"));
    }
    UsageException bad = assertThrows(UsageException.class, () -> plan("--server-warmup", "0"));
    assertTrue(bad.getMessage().contains("--server-warmup"), bad.getMessage());
  }

  @Test
  void theLoadStepDoesNotAskAgainAfterTheSuitesOwnPreflight() throws Exception {
    assertEquals(List.of("load", "--table", "usertable", "--mode", "bulk", "--wait-for-compactions", "--yes"),
        List.of(plan().get("load")));
  }

  private static Map<String, String[]> plan(String... extra) throws Exception {
    String[] args = new String[extra.length + 2];
    args[0] = "--dir";
    args[1] = "/suite";
    System.arraycopy(extra, 0, args, 2, extra.length);
    return SuiteTool.plan(new SuiteTool().options().parse(args, 0), Scale.TINY, new Path("/suite"),
        new File("../conf/workloads"), List.of("workloada", "workloadc"));
  }
}
