package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The measuring set-up the README prescribes for a client's cost: {@code scripts/hperf demo
 * --keep-running} keeps its cluster up in one process, commands run in processes of their own with
 * {@code -conf} its hbase-site.xml, and a SIGTERM (Ctrl-C, kill) stops the cluster.
 */
class KeepRunningIT {
  private static final Pattern SITE = Pattern.compile(" -conf (\\S+hbase-site\\.xml) ");
  private static final Pattern ZOOKEEPER_PORT = Pattern.compile("hbase.zookeeper.property.clientPort=(\\d+)");

  @Test
  void commandsInOtherProcessesUseTheKeptClusterAndSigtermStopsIt() throws Exception {
    File dir = new File("target/keep-running-it").getAbsoluteFile();
    Map<String, String> env = ScriptsTest.buildJavaFirst(Map.of());
    // The demo's output goes to a file: a thread reading its pipe can lose the last lines (the
    // stop hook's) when the JDK drains and closes the pipe at the process's exit ("Stream closed").
    Path log = Files.createDirectories(dir.toPath().getParent()).resolve("keep-running-it.log");
    // No warm-up and no comparison: DemoIT runs the demo's; here they would be most of the test, for nothing asserted.
    Process demo = ScriptsTest.command(env, "hperf", "demo", "--keep-running", "--dir", dir.getPath(),
        "--recordcount", "1000", "--regions", "1", "--workloads", "workloadc", "--duration", "1", "--runs", "1",
        "--clients", "1", "--threads", "1", "--server-warmup", "0", "--warmup", "0", "--no-compare")
        .redirectOutput(log.toFile()).start();
    // If this JVM is stopped mid-test (a killed build), the demo must not outlive it.
    Runtime.getRuntime().addShutdownHook(new Thread(demo::destroyForcibly));
    try {
      Matcher port = awaitLine(demo, log, ZOOKEEPER_PORT, TimeUnit.MINUTES.toMillis(8));
      int zooKeeperPort = Integer.parseInt(port.group(1));
      String output = Files.readString(log);
      Matcher siteLine = SITE.matcher(output);
      assertTrue(siteLine.find(), "the demo printed no -conf line:\n" + output);
      String site = siteLine.group(1);
      new Socket("localhost", zooKeeperPort).close(); // the port read is the kept cluster's

      ScriptsTest.Result verify = ScriptsTest.run(env, "hperf", "verify", "-conf", site, "--table", "usertable");
      assertEquals(0, verify.exitCode(), verify.output());
      assertTrue(verify.output().contains("verify OK: 1,000 rows intact"), verify.output());
      // A workload job too: client commands run on the client's jars alone, without the cluster's.
      ScriptsTest.Result run = ScriptsTest.run(env, "hperf", "run", "-conf", site, "-P",
          new File("../conf/workloads/workloadc").getAbsolutePath(), "--clients", "1", "--client", "async",
          "--duration", "2", "--output", new File(dir, "run-async").getPath());
      assertEquals(0, run.exitCode(), run.output());
      ScriptsTest.Result missing = ScriptsTest.run(env, "hperf", "verify", "-conf", site, "--table", "no_such");
      assertEquals(2, missing.exitCode(), missing.output());
      assertTrue(missing.output().contains("table no_such does not exist"), missing.output());

      demo.destroy(); // SIGTERM, as kill and (for the JVM) Ctrl-C send
      assertTrue(demo.waitFor(3, TimeUnit.MINUTES), "the kept cluster did not stop within 3 min:\n"
          + Files.readString(log));
      output = Files.readString(log);
      assertFalse(output.contains("did not stop cleanly"), output);
      // Printed by the shutdown hook once the cluster has closed: a hook that hung or threw would
      // leave the JVM to end on SIGTERM anyway, without this line.
      assertTrue(output.contains("embedded cluster stopped"), output);
      assertThrows(IOException.class, () -> new Socket("localhost", zooKeeperPort).close(),
          "ZooKeeper still answers on " + zooKeeperPort + " after the demo's end");
    } finally {
      demo.destroyForcibly();
      demo.waitFor(1, TimeUnit.MINUTES);
    }
  }

  /** The first match of {@code pattern} in the demo's output, once the demo has printed it. */
  private static Matcher awaitLine(Process demo, Path log, Pattern pattern, long timeoutMillis)
      throws InterruptedException, IOException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (System.currentTimeMillis() < deadline) {
      Matcher matcher = pattern.matcher(Files.readString(log));
      if (matcher.find()) {
        return matcher;
      }
      if (!demo.isAlive()) {
        break;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("the demo did not print " + pattern + " (exit: "
        + (demo.isAlive() ? "still running" : demo.exitValue()) + "):\n" + Files.readString(log));
  }
}
