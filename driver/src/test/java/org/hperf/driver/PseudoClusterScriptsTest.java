package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The upgrade comparison's commands are bounded: one that outlives its bound is ended with what it
 * started and named in the failure. Run against stand-in scripts in a temporary hperf home.
 */
class PseudoClusterScriptsTest {

  @Test
  void aCommandPastItsBoundIsEndedWithWhatItStartedAndNamed(@TempDir Path home) throws Exception {
    // Stands in for a hung job client: a child that would sleep 10 minutes, its pid where the test reads it.
    Path pidFile = home.resolve("scripts/sleeper.pid");
    script(home, "hperf-cluster", "sleep 600 &\necho $! > '" + pidFile + "'\nwait\n");
    PseudoClusterScripts scripts = new PseudoClusterScripts(home.toFile(), home.resolve("logs").toFile());
    File cluster = home.resolve("cluster").toFile();

    IOException ended = assertThrows(IOException.class,
        () -> scripts.hperfCluster(cluster, "a-run", List.of("run", "--duration", "6"), Duration.ofSeconds(2)));
    assertTrue(ended.getMessage().startsWith(home.resolve("scripts/hperf-cluster") + " run --duration 6 did not"
        + " finish within 2 s: it was ended, with what it started (log " + home.resolve("logs/001-a-run.log") + ")"),
        ended.getMessage());
    long child = Long.parseLong(Files.readString(pidFile).trim());
    assertFalse(aliveAfter(child, Duration.ofSeconds(30)), "the command's child " + child + " still runs 30 s after");
  }

  @Test
  void aCommandWithinItsBoundGivesItsExitCodeAndLog(@TempDir Path home) throws Exception {
    script(home, "hperf-cluster", "echo \"verify on $HBASE_CONF_DIR\"\nexit 3\n");
    PseudoClusterScripts scripts = new PseudoClusterScripts(home.toFile(), home.resolve("logs").toFile());
    File cluster = home.resolve("cluster").toFile();
    PseudoClusterScripts.Result result = scripts.hperfCluster(cluster, "a-verify", List.of("verify"),
        Duration.ofMinutes(1));
    assertEquals(3, result.exitCode());
    assertEquals("verify on " + new File(cluster, "conf/hbase").getPath(), result.lastLine());
    assertEquals(home.resolve("logs/001-a-verify.log").toFile(), result.log());
  }

  /** A start waits for each daemon in turn (PSEUDO_START_TIMEOUT each); a stop gives each 15 s and a kill. */
  @Test
  void startAndStopAreBoundedByTheScriptsOwnWaitsPerDaemon(@TempDir Path home) throws Exception {
    assertEquals(Duration.ofMinutes(3 * 10 + 5), PseudoClusterScripts.startBound(3, null), "7 daemons and 3 region servers");
    assertEquals(Duration.ofMinutes(8 + 5), PseudoClusterScripts.startBound(1, "60"));
    assertEquals(Duration.ofMinutes(3 * 8 + 5), PseudoClusterScripts.startBound(1, "not a number"));
    assertEquals(Duration.ofSeconds(20 * 10 + 60), PseudoClusterScripts.stopBound(3));
    assertEquals(Duration.ofSeconds(6 * 180 + 300), PseudoClusterScripts.lockWaitBound(null), "the script's own bound");
    assertEquals(Duration.ofSeconds(6 * 60 + 300), PseudoClusterScripts.lockWaitBound("60"));
    File cluster = Files.createDirectories(home.resolve("cluster")).toFile();
    assertEquals(99, PseudoClusterScripts.regionServersOf(cluster), "no cluster.env: the most a start allows");
    Files.writeString(home.resolve("cluster/cluster.env"), "HBASE_VERSION=2.6.1-hadoop3\nREGION_SERVERS=3\n");
    assertEquals(3, PseudoClusterScripts.regionServersOf(cluster));
  }

  /** Whether the process still runs once {@code wait} has passed (or it has ended before). */
  private static boolean aliveAfter(long pid, Duration wait) throws InterruptedException {
    java.util.Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty()) {
      return false;
    }
    try {
      process.get().onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
      return false;
    } catch (java.util.concurrent.TimeoutException e) {
      process.get().destroyForcibly();
      return true;
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void script(Path home, String name, String body) throws IOException {
    Path script = Files.createDirectories(home.resolve("scripts")).resolve(name);
    Files.writeString(script, "#!/usr/bin/env bash\n" + body);
  }
}
