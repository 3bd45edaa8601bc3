package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hperf.core.run.ClusterMetricsLog.Metric;
import org.hperf.core.run.RunSummary.ClientInterval;
import org.hperf.core.run.RunSummary.ClusterState;
import org.hperf.core.run.RunSummary.Finding;
import org.hperf.core.run.RunSummary.ServerSample;
import org.junit.jupiter.api.Test;

/** Each finding on synthetic samples: it applies when its signal is there, and only then. */
class ClusterFindingsTest {
  private static final long WINDOW_MS = 60_000;
  private static final String RS = "rs1:16020";

  /** A quiet server sampled every 10 s from 5 s before the window to 5 s after it. */
  private static List<ServerSample> quiet() {
    List<ServerSample> samples = new ArrayList<>();
    for (long t = -5_000; t <= WINDOW_MS + 5_000; t += 10_000) {
      Map<String, Double> m = new HashMap<>();
      m.put(Metric.COMPACTION_QUEUE.column(), 0.0);
      m.put(Metric.COMPACTED_CELLS.column(), 100.0);
      m.put(Metric.UPDATES_BLOCKED_MS.column(), 7.0);
      m.put(Metric.BLOCKED_REQUESTS.column(), 0.0);
      m.put(Metric.FLUSH_QUEUE.column(), 0.0);
      m.put(Metric.GC_COUNT.column(), 10.0 + t / 10_000);
      // 0.5% of the time in GC: below the bar.
      m.put(Metric.GC_TIME_MS.column(), 1000.0 + t * 0.005);
      m.put(Metric.RPC_QUEUE_CALLS.column(), 0.0);
      m.put(Metric.HANDLER_SATURATION.column(), 0.2);
      // 0.5% of the time compiling: a warmed-up server.
      m.put(Metric.JIT_COMPILE_MS.column(), 20_000.0 + t * 0.005);
      samples.add(new ServerSample(t, m));
    }
    return samples;
  }

  /** The findings' texts. */
  private static List<String> findings(List<ServerSample> samples, List<ClientInterval> clients) {
    return ClusterFindings.of("run-1", new ClusterState(Map.of(RS, samples), clients), WINDOW_MS).stream()
        .map(Finding::text).toList();
  }

  private static void set(List<ServerSample> samples, int index, Metric metric, double value) {
    Map<String, Double> m = new HashMap<>(samples.get(index).metrics());
    m.put(metric.column(), value);
    samples.set(index, new ServerSample(samples.get(index).offsetMs(), m));
  }

  @Test
  void eachFindingNamesItsKindAndRunForTheSummarysList() {
    List<ServerSample> s = quiet();
    set(s, 3, Metric.COMPACTION_QUEUE, 1);
    for (int i = 4; i < s.size(); i++) {
      set(s, i, Metric.UPDATES_BLOCKED_MS, 1_000); // a running total: it grew during the window
    }
    List<ClientInterval> clients = List.of(new ClientInterval("client-00000", 0, WINDOW_MS, 5, 700, -1, false));
    List<Finding> f = ClusterFindings.of("run-2", new ClusterState(Map.of(RS, s), clients), WINDOW_MS);
    assertEquals(List.of(ClusterFindings.COMPACTIONS, ClusterFindings.UPDATES_BLOCKED, ClusterFindings.GC),
        f.stream().map(Finding::kind).toList(), f.toString());
    assertTrue(f.stream().allMatch(finding -> finding.run().equals("run-2")), f.toString());
  }

  @Test
  void aServerStillCompilingItsCodeIsWarmingUp() {
    List<ServerSample> s = quiet();
    for (int i = 2; i < s.size(); i++) {
      set(s, i, Metric.JIT_COMPILE_MS, 20_000.0 + 12_000); // 12 s of compilation in a 60 s window (plus the quiet 25 ms from the sample before it)
    }
    List<String> f = findings(s, List.of());
    assertEquals(1, f.size(), f.toString());
    assertTrue(f.get(0).startsWith("JIT compiling on rs1:16020: 12,025 ms of compilation, 20% of the window:"), f.get(0));
    List<ServerSample> parallel = quiet();
    for (int i = 2; i < parallel.size(); i++) {
      set(parallel, i, Metric.JIT_COMPILE_MS, 20_000.0 + 90_000); // more than the window: two compiler threads
    }
    assertTrue(findings(parallel, List.of()).get(0).startsWith("JIT compiling on rs1:16020: 90,025 ms of compilation,"
        + " 150% of the window (its compiler threads at once): the server was"), findings(parallel, List.of()).toString());
  }

  @Test
  void serversCompilingInTheSameRunAreOneFinding() {
    List<ServerSample> compiling = quiet();
    for (int i = 2; i < compiling.size(); i++) {
      set(compiling, i, Metric.JIT_COMPILE_MS, 20_000.0 + 12_000);
    }
    Map<String, List<ServerSample>> servers = new java.util.LinkedHashMap<>();
    servers.put("rs3:16020", compiling);
    servers.put("rs2:16020", quiet());
    servers.put("rs1:16020", compiling);
    List<Finding> f = ClusterFindings.of("run-1", new ClusterState(servers, List.of()), WINDOW_MS);
    assertEquals(1, f.size(), f.toString());
    assertEquals(ClusterFindings.SERVER_JIT, f.get(0).kind());
    assertTrue(f.get(0).text().startsWith("JIT compiling on 2 servers (rs1:16020: 12,025 ms of compilation, 20% of the"
        + " window; rs3:16020: 12,025 ms of compilation, 20% of the window): the servers were still optimising"),
        f.get(0).text());
  }

  @Test
  void aQuietServerAndClientHaveNoFindings() {
    assertEquals(List.of(), findings(quiet(), List.of(new ClientInterval("client-00000", 0, WINDOW_MS, 3, 100, 5, false))));
  }

  @Test
  void aCompactionQueueInTheWindowIsACompactionFinding() {
    List<ServerSample> s = quiet();
    set(s, 3, Metric.COMPACTION_QUEUE, 1);
    List<String> f = findings(s, List.of());
    assertEquals(1, f.size(), f.toString());
    assertTrue(f.get(0).startsWith("compactions ran during the window on rs1:16020: compaction queue up to 1"), f.get(0));
  }

  @Test
  void compactedCellsGrowingIsACompactionFindingButOnlyInsideTheWindow() {
    List<ServerSample> inside = quiet();
    for (int i = 4; i < inside.size(); i++) {
      set(inside, i, Metric.COMPACTED_CELLS, 2600);
    }
    assertTrue(findings(inside, List.of()).get(0).endsWith("2,500 cells compacted"));
    List<ServerSample> after = quiet();
    // Only the sample after the first one past the window's end grows: not in the window.
    after.add(new ServerSample(WINDOW_MS + 15_000, Map.of(Metric.COMPACTED_CELLS.column(), 9999.0)));
    assertEquals(List.of(), findings(after, List.of()));
  }

  @Test
  void blockedUpdatesAreAFinding() {
    List<ServerSample> s = quiet();
    set(s, 5, Metric.UPDATES_BLOCKED_MS, 1207);
    set(s, 6, Metric.UPDATES_BLOCKED_MS, 1207);
    set(s, 7, Metric.UPDATES_BLOCKED_MS, 1207);
    List<String> f = findings(s, List.of());
    assertEquals(1, f.size(), f.toString());
    assertTrue(f.get(0).startsWith("updates blocked on rs1:16020: 1,200 ms waiting for memstore flushes"), f.get(0));
  }

  @Test
  void aFlushQueueWithoutBlockedUpdatesIsNoFinding() {
    List<ServerSample> stays = quiet();
    for (int i = 1; i < stays.size(); i++) {
      set(stays, i, Metric.FLUSH_QUEUE, 1); // a flush requested for later sits in the queue
    }
    assertEquals(List.of(), findings(stays, List.of()), "the server blocked no update");
  }

  @Test
  void serverGcAboveOnePercentOfTheWindowIsAFinding() {
    List<ServerSample> s = quiet();
    for (int i = 4; i < s.size(); i++) {
      set(s, i, Metric.GC_TIME_MS, 1000 + 900);
    }
    List<String> f = findings(s, List.of());
    assertEquals(1, f.size(), f.toString());
    assertEquals("GC on rs1:16020: 925 ms, 6 collections, 1.5% of the window", f.get(0));
  }

  @Test
  void clientGcAboveOnePercentIsAFindingAndSaysWhenItsJvmIsShared() {
    List<ClientInterval> clients = List.of(
        new ClientInterval("client-00000", 0, 30_000, 2, 200, 900, true),
        new ClientInterval("client-00000", 30_000, 30_000, 3, 500, 900, true));
    assertEquals(List.of("GC on client client-00000: 700 ms in 5 collections, 1.2% of the window (its JVM is shared"
        + " with the driver and maybe the cluster: not the client's alone)"), findings(quiet(), clients));
  }

  @Test
  void clientsSharingOneJvmAreOneFindingWithTheFiguresOfTheOneThatSawTheMost() {
    // The LocalJobRunner's tasks read one JVM's collectors, each over its own intervals; the task
    // logs are read in no particular order.
    List<ClientInterval> clients = List.of(
        new ClientInterval("client-00001", 0, 59_000, 5, 700, 900, true),
        new ClientInterval("client-00000", 0, 60_000, 5, 700, 900, true),
        new ClientInterval("client-00002", 0, 60_000, 1, 10, 900, true));
    assertEquals(List.of("GC on client client-00000, client-00001, client-00002: 700 ms in 5 collections, 1.2% of"
        + " the window (one JVM shared by these tasks, the driver and maybe the cluster: not the clients' alone)"),
        findings(quiet(), clients));
  }

  @Test
  void clientsInJvmsOfTheirOwnAreAFindingEach() {
    List<ClientInterval> clients = List.of(
        new ClientInterval("client-00000", 0, 60_000, 5, 700, 900, false),
        new ClientInterval("client-00001", 0, 60_000, 1, 10, 900, false),
        new ClientInterval("client-00002", 0, 60_000, 9, 1_200, 900, false));
    assertEquals(List.of("GC on client client-00000: 700 ms in 5 collections, 1.2% of the window",
        "GC on client client-00002: 1200 ms in 9 collections, 2.0% of the window"), findings(quiet(), clients));
  }

  @Test
  void callsQueuedInConsecutiveSamplesOrEveryHandlerBusyIsASaturatedQueue() {
    List<ServerSample> once = quiet();
    set(once, 2, Metric.RPC_QUEUE_CALLS, 4);
    assertEquals(List.of(), findings(once, List.of()), "one sample with calls queued is not sustained");
    List<ServerSample> sustained = quiet();
    set(sustained, 2, Metric.RPC_QUEUE_CALLS, 4);
    set(sustained, 3, Metric.RPC_QUEUE_CALLS, 9);
    assertTrue(findings(sustained, List.of()).get(0).startsWith(
        "RPC queue saturated on rs1:16020: calls queued in 2 consecutive samples, up to 9 calls, every handler"));
    List<ServerSample> busy = quiet();
    set(busy, 4, Metric.HANDLER_SATURATION, 1.0);
    assertTrue(findings(busy, List.of()).get(0).endsWith("every handler busy in 1 of 6 samples"));
  }

  @Test
  void missingMetricsAreNoFindingAndNotZero() {
    List<ServerSample> s = new ArrayList<>();
    s.add(new ServerSample(0, Map.of()));
    s.add(new ServerSample(WINDOW_MS, Map.of(Metric.GC_TIME_MS.column(), 5000.0)));
    assertEquals(List.of(), findings(s, List.of()), "one GC total is no growth: the first was missing, not 0");
  }

  @Test
  void aMetricNotExposedIsLeftOutOfTheLineNotSaidToBeZero() {
    List<ServerSample> s = List.of(new ServerSample(1_000, Map.of(Metric.COMPACTION_QUEUE.column(), 3.0)));
    assertEquals(List.of("compactions ran during the window on rs1:16020: compaction queue up to 3"), findings(s, List.of()));
  }
}
