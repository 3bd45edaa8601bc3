package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.run.ClusterMetricsLog;
import org.hperf.core.run.ClusterMetricsLog.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The servers' half of the warm-up's stop rule: quiet once every server compiled for at most 5% of
 * the last 10 s (500 ms of compilation), judged from samples one second apart.
 */
class ServerJitQuietTest {
  /** Clients that met at the barrier at time 0: every sample is judged. */
  private static final LongSupplier CLIENTS_STARTED_AT_ZERO = () -> 0;

  @TempDir
  File tmp;

  @Test
  void aServerIsQuietOnlyAfterTenSecondsWithAtMostHalfASecondOfCompilation() {
    ServerJitQuiet watch = watch();
    // Compiling 300 ms a second for 20 s, then 40 ms a second.
    long compileMs = 0;
    for (int second = 0; second <= 20; second++) {
      assertFalse(watch.quietAfter("rs1", second * 1000L, compileMs), "compiling 30% at second " + second);
      compileMs += 300;
    }
    compileMs -= 300;
    boolean quiet = false;
    int quietAt = -1;
    for (int second = 21; second <= 40 && !quiet; second++) {
      compileMs += 40;
      quiet = watch.quietAfter("rs1", second * 1000L, compileMs);
      quietAt = second;
    }
    // At second 30 the last 10 s hold 10 x 40 = 400 ms; at 29 they still hold one second of 300 ms.
    assertTrue(quiet);
    assertTrue(quietAt == 30, "quiet at second " + quietAt + ", not 30");
  }

  @Test
  void aJobsConfigurationCanShortenTheWindowAndTheShareStaysTheSame() throws Exception {
    Configuration conf = new Configuration(false);
    assertEquals(10_000, ServerJitQuiet.windowMs(conf));
    conf.setInt(WorkloadTool.SERVER_JIT_WINDOW_SECONDS, 5);
    ServerJitQuiet fiveSeconds = new ServerJitQuiet(FileSystem.getLocal(conf), new Path(tmp.getAbsolutePath(), "m5"),
        CLIENTS_STARTED_AT_ZERO, ServerJitQuiet.windowMs(conf));
    ServerJitQuiet tenSeconds = watch();
    // 40 ms a second from the start: 4% of any window.
    for (int second = 0; second < 5; second++) {
      assertFalse(fiveSeconds.quietAfter("rs1", second * 1000L, second * 40L), "only " + second + " s seen");
      tenSeconds.quietAfter("rs1", second * 1000L, second * 40L);
    }
    assertTrue(fiveSeconds.quietAfter("rs1", 5_000, 200), "5 s at 4%");
    assertFalse(tenSeconds.quietAfter("rs1", 5_000, 200), "the default window needs 10 s");
    // The share is the same bound: 60 ms a second (6%) over the last 5 s is not quiet.
    ServerJitQuiet busy = new ServerJitQuiet(FileSystem.getLocal(conf), new Path(tmp.getAbsolutePath(), "m6"),
        CLIENTS_STARTED_AT_ZERO, 5_000);
    for (int second = 0; second <= 8; second++) {
      assertFalse(busy.quietAfter("rs1", second * 1000L, second * 60L), "6% at second " + second);
    }
  }

  @Test
  void fiveHundredMillisecondsInTenSecondsIsTheBound() {
    ServerJitQuiet atBound = watch();
    ServerJitQuiet above = watch();
    for (int second = 0; second <= 10; second++) {
      atBound.quietAfter("rs1", second * 1000L, second * 50L);
      above.quietAfter("rs1", second * 1000L, second * 51L);
    }
    assertTrue(atBound.quietAfter("rs1", 11_000, 550), "500 ms in the last 10 s");
    assertFalse(above.quietAfter("rs1", 11_000, 561), "510 ms in the last 10 s");
  }

  @Test
  void theMarkerWaitsForEveryServerAndIsReadByTheClientsRule() throws Exception {
    Configuration conf = new Configuration(false);
    FileSystem fs = FileSystem.getLocal(conf);
    Path marker = new Path(tmp.getAbsolutePath(), "servers-quiet");
    ServerJitQuiet watch = new ServerJitQuiet(fs, marker, CLIENTS_STARTED_AT_ZERO);
    Configuration job = new Configuration(false);
    SteadyStop.enable(job, marker);
    SteadyStop client = SteadyStop.ofJob(job);
    for (int second = 0; second <= 12; second++) {
      // rs1 idle, rs2 compiling 200 ms a second throughout.
      watch.observe(List.of(sample(second, "rs1", 0), sample(second, "rs2", 200L * second)));
      assertFalse(fs.exists(marker), "rs2 still compiles at second " + second);
      assertFalse(client.steadyAfter(1_000), "a flat client waits for the servers");
    }
    for (int second = 13; second <= 30; second++) {
      watch.observe(List.of(sample(second, "rs1", 0), sample(second, "rs2", 200L * 12)));
    }
    assertTrue(watch.quiet());
    assertTrue(fs.exists(marker));
    assertTrue(client.steadyAfter(1_000), "a flat client stops once the servers are quiet");
  }

  @Test
  void serversWhoseCompilationCannotBeReadLeaveTheDecisionToTheClientsAfterFiveSamples() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration(false));
    Path marker = new Path(tmp.getAbsolutePath(), "unreadable");
    ServerJitQuiet watch = new ServerJitQuiet(fs, marker, CLIENTS_STARTED_AT_ZERO);
    for (int round = 1; round < ServerJitQuiet.UNREADABLE_ROUNDS; round++) {
      watch.observe(List.of(new ClusterMetricsLog.Sample(round * 1000L, "rs1", Map.of())));
      assertFalse(fs.exists(marker), "one unreadable sample is not yet a server that cannot be judged");
    }
    watch.observe(List.of(new ClusterMetricsLog.Sample(9_000L, "rs1", Map.of())));
    assertTrue(fs.exists(marker));
  }

  private ServerJitQuiet watch() {
    try {
      return new ServerJitQuiet(FileSystem.getLocal(new Configuration(false)), new Path(tmp.getAbsolutePath(), "m"),
          CLIENTS_STARTED_AT_ZERO);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static ClusterMetricsLog.Sample sample(int second, String server, long compileMs) {
    return sample(second, server, compileMs, 1_000);
  }

  private static ClusterMetricsLog.Sample sample(int second, String server, long compileMs, double requestsPerSecond) {
    return new ClusterMetricsLog.Sample(second * 1000L, server, Map.of(Metric.JIT_COMPILE_MS, (double) compileMs,
        Metric.REQUESTS_PER_SECOND, requestsPerSecond));
  }

  @Test
  void anIdleServerBeforeTheClientsStartIsNotQuietButUnjudged() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration(false));
    Path marker = new Path(tmp.getAbsolutePath(), "idle");
    ServerJitQuiet watch = new ServerJitQuiet(fs, marker, CLIENTS_STARTED_AT_ZERO);
    // 30 s idle, not compiling: the clients' containers are starting.
    for (int second = 0; second < 30; second++) {
      watch.observe(List.of(sample(second, "rs1", 100, 0)));
    }
    assertFalse(fs.exists(marker), "quiet because idle is not warm");
    // Serving from second 30 and compiling 300 ms a second for 10 s, then quiet.
    long compileMs = 100;
    for (int second = 30; second < 40; second++) {
      compileMs += 300;
      watch.observe(List.of(sample(second, "rs1", compileMs, 5_000)));
      assertFalse(fs.exists(marker), "compiling at second " + second);
    }
    for (int second = 40; second <= 52 && !fs.exists(marker); second++) {
      watch.observe(List.of(sample(second, "rs1", compileMs, 5_000)));
    }
    assertTrue(fs.exists(marker), "quiet after 10 s of serving without compiling");
  }

  /**
   * What ended real warm-ups early: a few requests before the job (the driver restoring a snapshot,
   * finding regions), then 30 idle seconds while the clients' containers start. Judged from those
   * requests, the server was "quiet" at second 11, before any client ran; judged from the clients'
   * common start it is quiet only 10 s after it stopped compiling.
   */
  @Test
  void theDriversOwnRequestsBeforeTheClientsStartDoNotStartTheJudging() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration(false));
    Path marker = new Path(tmp.getAbsolutePath(), "trickle");
    long[] clientsStart = {-1};
    ServerJitQuiet watch = new ServerJitQuiet(fs, marker, () -> clientsStart[0]);
    watch.observe(List.of(sample(0, "rs1", 100, 13)));
    for (int second = 1; second < 30; second++) {
      watch.observe(List.of(sample(second, "rs1", 100, 0)));
      assertFalse(fs.exists(marker), "quiet at second " + second + ", before any client ran");
    }
    clientsStart[0] = 30_000;
    long compileMs = 100;
    for (int second = 30; second < 45; second++) {
      compileMs += 600;
      watch.observe(List.of(sample(second, "rs1", compileMs, 5_000)));
      assertFalse(fs.exists(marker), "compiling at second " + second);
    }
    int quietAt = -1;
    for (int second = 45; second <= 70 && quietAt < 0; second++) {
      watch.observe(List.of(sample(second, "rs1", compileMs, 5_000)));
      quietAt = fs.exists(marker) ? second : -1;
    }
    // The last second of compiling ends at 44 (600 ms, over the bound alone): the 10 s from 44 to 54 hold none of it.
    assertTrue(quietAt == 54, "quiet at second " + quietAt + ", not 54");
  }
}
