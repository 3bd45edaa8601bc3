package org.hperf.analyzers.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.hperf.core.run.ClusterMetricsLog.Metric;
import org.hperf.core.run.RunSummary.ClientInterval;
import org.hperf.core.run.RunSummary.ClusterState;
import org.hperf.core.run.RunSummary.Finding;
import org.hperf.core.run.RunSummary.ServerSample;

/**
 * What the cluster's and the clients' own state says about a run's window, as lines a person
 * reads first: compactions running, updates blocked behind flushes, GC pauses above
 * {@value #GC_SHARE_PERCENT}% of the window on a server or a client task, a saturated RPC queue, a
 * server whose JIT compilers worked more than {@value #JIT_SHARE_PERCENT}% of the window (still
 * warming up).
 * A rule whose metrics a server did not expose says nothing about that server: missing is not 0.
 * They join the summary's findings, of the kinds below, beside the steady-state analysis's.
 */
public final class ClusterFindings {
  public static final String COMPACTIONS = "compactions";
  public static final String UPDATES_BLOCKED = "updates-blocked";
  /** Of a region server or of a client task. */
  public static final String GC = "gc";
  public static final String RPC_QUEUE = "rpc-queue";
  public static final String SERVER_JIT = "server-jit";
  static final double GC_SHARE_PERCENT = 1.0;
  /**
   * A warmed-up region server compiles for well under 1% of a window; right after a load or a
   * start it compiles its read path for 20-50% of the next minute while serving it at about twice
   * the CPU per operation (seen on 2 cores: 22.8 s of compilation in a 40 s run after a 45 s
   * unmeasured one).
   */
  static final double JIT_SHARE_PERCENT = 10.0;
  /** Calls queued in this many consecutive samples is a queue that did not drain: saturated. */
  static final int SUSTAINED_SAMPLES = 2;

  private ClusterFindings() {
  }

  /**
   * The findings of run {@code run} whose window lasted {@code windowMs}; samples' offsets are from
   * the window start.
   */
  public static List<Finding> of(String run, ClusterState state, long windowMs) {
    List<Finding> findings = new ArrayList<>();
    state.servers().forEach((server, samples) -> findings.addAll(ofServer(run, server, samples, windowMs)));
    compiling(run, state.servers(), windowMs).ifPresent(findings::add);
    findings.addAll(ofClients(run, state.clients(), windowMs));
    return findings;
  }

  /**
   * One finding for all the servers still JIT-compiling in the run: on a freshly started cluster
   * that is every one of them, and a line per server would say the same thing N times.
   */
  private static Optional<Finding> compiling(String run, Map<String, List<ServerSample>> servers,
      long windowMs) {
    List<String> compiling = new ArrayList<>();
    for (Map.Entry<String, List<ServerSample>> server : new TreeMap<>(servers).entrySet()) {
      double compileMs = delta(server.getValue(), Metric.JIT_COMPILE_MS, windowMs);
      double share = windowMs > 0 ? compileMs * 100.0 / windowMs : 0;
      if (share > JIT_SHARE_PERCENT) {
        // The total is summed over the JVM's compiler threads, so in a short window it can pass 100%.
        compiling.add(String.format(Locale.ROOT, "%s: %s ms of compilation, %.0f%% of the window%s", server.getKey(),
            whole(compileMs), share, share > 100 ? " (its compiler threads at once)" : ""));
      }
    }
    if (compiling.isEmpty()) {
      return Optional.empty();
    }
    boolean one = compiling.size() == 1;
    return Optional.of(new Finding(SERVER_JIT, run, "JIT compiling on " + (one ? compiling.get(0)
        : compiling.size() + " servers (" + String.join("; ", compiling) + ")") + (one ? ": the server was"
        : ": the servers were") + " still optimising " + (one ? "its" : "their") + " code (warming up), so the CPU"
        + " per operation is not yet the steady one; warm " + (one ? "it" : "them") + " first (hperf run --server-warmup)"));
  }

  /**
   * The largest share of the window, in percent, that any server's JIT compilers worked; 0 for a
   * run without samples. Above {@link #JIT_SHARE_PERCENT} the run measured a server still warming up.
   */
  static double maxJitSharePercent(ClusterState state, long windowMs) {
    double max = 0;
    for (List<ServerSample> samples : state.servers().values()) {
      double compileMs = delta(samples, Metric.JIT_COMPILE_MS, windowMs);
      if (windowMs > 0 && !Double.isNaN(compileMs)) {
        max = Math.max(max, compileMs * 100.0 / windowMs);
      }
    }
    return max;
  }

  private static List<Finding> ofServer(String run, String server, List<ServerSample> samples, long windowMs) {
    List<Finding> findings = new ArrayList<>();
    List<ServerSample> inside = samples.stream().filter(s -> s.offsetMs() >= 0 && s.offsetMs() <= windowMs).toList();
    double queueMax = max(inside, Metric.COMPACTION_QUEUE);
    double compacted = delta(samples, Metric.COMPACTED_CELLS, windowMs);
    if (queueMax > 0 || compacted > 0) {
      findings.add(new Finding(COMPACTIONS, run, "compactions ran during the window on " + server + ": " + parts(
          "compaction queue up to %s", queueMax, "%s cells compacted", compacted)));
    }
    double blockedMs = delta(samples, Metric.UPDATES_BLOCKED_MS, windowMs);
    double blockedRequests = delta(samples, Metric.BLOCKED_REQUESTS, windowMs);
    // Only the server's own counters of blocked writes say updates were blocked. Its flush queue is a
    // DelayQueue that also holds flushes requested for later (the periodic flusher's, a region with
    // too many store files waiting): seen at 1 for whole read-only runs, so its length alone says nothing.
    if (blockedMs > 0 || blockedRequests > 0) {
      findings.add(new Finding(UPDATES_BLOCKED, run, "updates blocked on " + server + ": " + parts(
          "%s ms waiting for memstore flushes", blockedMs, "%s requests blocked", blockedRequests,
          "flush queue up to %s", max(inside, Metric.FLUSH_QUEUE))));
    }
    double gcMs = delta(samples, Metric.GC_TIME_MS, windowMs);
    if (windowMs > 0 && gcMs * 100.0 / windowMs > GC_SHARE_PERCENT) {
      findings.add(new Finding(GC, run, "GC on " + server + ": " + parts("%s ms", gcMs, "%s collections",
          delta(samples, Metric.GC_COUNT, windowMs)) + String.format(Locale.ROOT, ", %.1f%% of the window",
          gcMs * 100.0 / windowMs)));
    }
    int queued = longestRun(inside, Metric.RPC_QUEUE_CALLS, v -> v > 0);
    int allBusy = count(inside, Metric.HANDLER_SATURATION, v -> v >= 1);
    if (queued >= SUSTAINED_SAMPLES || allBusy > 0) {
      double maxQueued = max(inside, Metric.RPC_QUEUE_CALLS);
      findings.add(new Finding(RPC_QUEUE, run, "RPC queue saturated on " + server + ": " + parts(
          "calls queued in %s consecutive samples", Double.isNaN(maxQueued) ? Double.NaN : queued,
          "up to %s calls", maxQueued) + String.format(Locale.ROOT, "%severy handler busy in %d of %d samples",
          Double.isNaN(maxQueued) ? "" : ", ", allBusy, inside.size())));
    }
    return findings;
  }

  /**
   * "format1 value1, format2 value2, ...", leaving out each value the server did not expose (NaN):
   * a missing metric is not said to be 0.
   */
  private static String parts(Object... formatsAndValues) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < formatsAndValues.length; i += 2) {
      double v = (Double) formatsAndValues[i + 1];
      if (!Double.isNaN(v)) {
        parts.add(String.format(Locale.ROOT, (String) formatsAndValues[i], whole(v)));
      }
    }
    return String.join(", ", parts);
  }

  /**
   * One finding per client task JVM whose GC took more than the bar. Tasks that share one JVM (the
   * LocalJobRunner's) read the same collector totals, so they make one finding that names them
   * all, with the figures of the one that saw the most.
   */
  private static List<Finding> ofClients(String run, List<ClientInterval> intervals, long windowMs) {
    // By task name: the findings and the names in a shared one in client order.
    Map<String, long[]> byTask = new TreeMap<>();
    Map<String, Boolean> shared = new TreeMap<>();
    for (ClientInterval i : intervals) {
      long[] t = byTask.computeIfAbsent(i.task(), k -> new long[3]);
      t[0] += i.gcTimeMs();
      t[1] += i.gcCount();
      t[2] += i.lengthMs();
      shared.merge(i.task(), i.sharedJvm(), Boolean::logicalOr);
    }
    List<Finding> findings = new ArrayList<>();
    List<String> sharing = new ArrayList<>();
    String worstShared = null;
    for (Map.Entry<String, long[]> task : byTask.entrySet()) {
      if (!shared.get(task.getKey())) {
        gcFinding(run, List.of(task.getKey()), task.getValue(), windowMs, "").ifPresent(findings::add);
        continue;
      }
      sharing.add(task.getKey());
      if (worstShared == null || gcShare(task.getValue(), windowMs) > gcShare(byTask.get(worstShared), windowMs)) {
        worstShared = task.getKey();
      }
    }
    if (worstShared != null) {
      gcFinding(run, sharing, byTask.get(worstShared), windowMs, sharing.size() == 1
          ? " (its JVM is shared with the driver and maybe the cluster: not the client's alone)"
          : " (one JVM shared by these tasks, the driver and maybe the cluster: not the clients' alone)")
          .ifPresent(findings::add);
    }
    return findings;
  }

  /** {gc ms, collections, interval ms} of a task: its GC time's share of the time its intervals cover. */
  private static double gcShare(long[] t, long windowMs) {
    long lengthMs = t[2] > 0 ? t[2] : windowMs;
    return lengthMs > 0 ? t[0] * 100.0 / lengthMs : 0;
  }

  private static Optional<Finding> gcFinding(String run, List<String> tasks, long[] t, long windowMs,
      String note) {
    double share = gcShare(t, windowMs);
    if (share <= GC_SHARE_PERCENT) {
      return Optional.empty();
    }
    return Optional.of(new Finding(GC, run, String.format(Locale.ROOT,
        "GC on client %s: %d ms in %d collections, %.1f%% of the window%s", String.join(", ", tasks), t[0], t[1],
        share, note)));
  }

  /**
   * A running total's growth over the window (samples in time order): from the last sample at or
   * before the window start (else the first) to the first at or after its end (else the last).
   * NaN if the server never exposed the metric.
   */
  static double delta(List<ServerSample> samples, Metric metric, long windowMs) {
    Double from = null;
    Double to = null;
    for (ServerSample s : samples) {
      Double v = s.metrics().get(metric.column());
      if (v == null) {
        continue;
      }
      if (from == null || s.offsetMs() <= 0) {
        from = v;
      }
      to = v;
      if (s.offsetMs() >= windowMs) {
        break;
      }
    }
    return from == null ? Double.NaN : Math.max(0, to - from);
  }

  /** The largest value in the samples; NaN if the server never exposed the metric in them. */
  private static double max(List<ServerSample> samples, Metric metric) {
    return samples.stream().map(s -> s.metrics().get(metric.column())).filter(v -> v != null)
        .mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  private static int count(List<ServerSample> samples, Metric metric, java.util.function.DoublePredicate test) {
    return (int) samples.stream().map(s -> s.metrics().get(metric.column()))
        .filter(v -> v != null && test.test(v)).count();
  }

  /** The most consecutive samples where the metric was exposed and passed {@code test}. */
  private static int longestRun(List<ServerSample> samples, Metric metric, java.util.function.DoublePredicate test) {
    int longest = 0;
    int current = 0;
    for (ServerSample s : samples) {
      Double v = s.metrics().get(metric.column());
      current = v != null && test.test(v) ? current + 1 : 0;
      longest = Math.max(longest, current);
    }
    return longest;
  }

  private static String whole(double v) {
    return String.format(Locale.ROOT, "%,.0f", v);
  }
}
