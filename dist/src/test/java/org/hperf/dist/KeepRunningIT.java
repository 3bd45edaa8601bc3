package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The measuring set-up the README prescribes for a client's cost: {@code scripts/perf demo
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
    Process demo = ScriptsTest.start(env, "perf", "demo", "--keep-running", "--dir", dir.getPath(),
        "--recordcount", "1000", "--regions", "1", "--workloads", "workloadc", "--duration", "1", "--runs", "1",
        "--clients", "1", "--threads", "1");
    // If this JVM is stopped mid-test (a killed build), the demo must not outlive it.
    Runtime.getRuntime().addShutdownHook(new Thread(demo::destroyForcibly));
    StringBuffer output = new StringBuffer();
    Thread reader = readAll(demo, output);
    try {
      Matcher port = awaitLine(demo, output, ZOOKEEPER_PORT, TimeUnit.MINUTES.toMillis(8));
      int zooKeeperPort = Integer.parseInt(port.group(1));
      Matcher siteLine = SITE.matcher(output);
      assertTrue(siteLine.find(), "the demo printed no -conf line:\n" + output);
      String site = siteLine.group(1);
      new Socket("localhost", zooKeeperPort).close(); // the port read is the kept cluster's

      ScriptsTest.Result verify = ScriptsTest.run(env, "perf", "verify", "-conf", site, "--table", "usertable");
      assertEquals(0, verify.exitCode(), verify.output());
      assertTrue(verify.output().contains("verify OK: 1,000 rows intact"), verify.output());
      ScriptsTest.Result missing = ScriptsTest.run(env, "perf", "verify", "-conf", site, "--table", "no_such");
      assertEquals(2, missing.exitCode(), missing.output());
      assertTrue(missing.output().contains("table no_such does not exist"), missing.output());

      demo.destroy(); // SIGTERM, as kill and (for the JVM) Ctrl-C send
      assertTrue(demo.waitFor(3, TimeUnit.MINUTES), "the kept cluster did not stop within 3 min:\n" + output);
      reader.join(10_000);
      assertFalse(output.toString().contains("did not stop cleanly"), output.toString());
      assertThrows(IOException.class, () -> new Socket("localhost", zooKeeperPort).close(),
          "ZooKeeper still answers on " + zooKeeperPort + " after the demo's end");
    } finally {
      demo.destroyForcibly();
      demo.waitFor(1, TimeUnit.MINUTES);
    }
  }

  /** The demo's output, read as it comes (a full pipe would block the demo). */
  private static Thread readAll(Process demo, StringBuffer output) {
    Thread reader = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(demo.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line; (line = lines.readLine()) != null; ) {
          output.append(line).append('\n');
        }
      } catch (IOException e) {
        output.append("(output unreadable: ").append(e).append(")\n");
      }
    }, "keep-running-output");
    reader.setDaemon(true);
    reader.start();
    return reader;
  }

  /** The first match of {@code pattern} in the output, once the demo has printed it. */
  private static Matcher awaitLine(Process demo, StringBuffer output, Pattern pattern, long timeoutMillis)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (System.currentTimeMillis() < deadline) {
      Matcher matcher = pattern.matcher(output);
      if (matcher.find()) {
        return matcher;
      }
      if (!demo.isAlive()) {
        break;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("the demo did not print " + pattern + " (exit: "
        + (demo.isAlive() ? "still running" : demo.exitValue()) + "):\n" + output);
  }
}
