package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;

/** The driver's exit codes and messages for bad input; none of these needs a cluster. */
class PerfDriverTest {

  @Test
  void helpListsEveryCommand() throws Exception {
    ToolRun help = ToolRun.capture(() -> Perf.run(new String[] {"help"}));
    assertEquals(ExitCode.OK, help.exitCode());
    for (Command command : Perf.COMMANDS) {
      assertTrue(help.out().contains(command.name() + " "), help.all());
    }
  }

  @Test
  void missingOrUnknownCommandIsAUsageError() throws Exception {
    assertEquals(ExitCode.USAGE, ToolRun.capture(() -> Perf.run(new String[0])).exitCode());
    ToolRun unknown = ToolRun.capture(() -> Perf.run(new String[] {"lod"}));
    assertEquals(ExitCode.USAGE, unknown.exitCode());
    assertEquals("hperf: unknown command 'lod': run 'hperf help' for the list of commands", unknown.err().strip());
  }

  @Test
  void commandHelpShowsDefaults() throws Exception {
    ToolRun help = ToolRun.capture(() -> Perf.run(new String[] {"load", "--help"}));
    assertEquals(ExitCode.OK, help.exitCode());
    String flat = help.out().replaceAll("\\s+", " ");
    assertTrue(flat.contains("--mode <bulk|put> bulk: HFiles + bulk load; put: BufferedMutator puts (default: bulk)"),
        help.all());
  }

  @Test
  void everyCommandsHelpShowsVerbose() throws Exception {
    for (Command command : Perf.COMMANDS) {
      ToolRun help = ToolRun.capture(() -> Perf.run(new String[] {command.name(), "--help"}));
      assertEquals(ExitCode.OK, help.exitCode(), help.all());
      assertTrue(help.out().replaceAll("\\s+", " ").contains("--verbose also print Hadoop's job log"), help.all());
    }
    assertTrue(ToolRun.capture(() -> Perf.run(new String[] {"help"})).out().contains("takes --verbose"));
  }

  @Test
  void badOptionsAreOneLineUsageErrors() throws Exception {
    assertUsage("Unrecognized option: --bogus", "load", "--bogus");
    assertUsage("--regions=0 is out of range", "create-table", "--recordcount", "100", "--regions", "0");
    assertUsage("--regions 11 is more than the 10 records", "create-table", "--recordcount", "10", "--regions", "11");
    assertUsage("recordcount=-5 is out of range", "create-table", "--recordcount", "-5");
    assertUsage("--mode fast is not known", "load", "--mode", "fast");
    assertUsage("--drop-existing deletes a table, so name it", "create-table", "--drop-existing");
    assertUsage("--compression zip is not known", "create-table", "--compression", "zip");
  }

  /**
   * The command gives up on its own (3 s here); the test's 60 s bound only keeps a hang from
   * holding the build: it ends the wait and fails saying so.
   */
  @Test
  void unreachableZooKeeperFailsWithinTheTimeout() {
    ToolRun run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> ToolRun.capture(() -> Perf.run(
        new String[] {"verify", "-D", "hbase.zookeeper.quorum=127.0.0.1", "-D", "hbase.zookeeper.property.clientPort=1",
            "-D", "hperf.connect.timeout.seconds=3", "--table", "t"})),
        "verify against an unreachable ZooKeeper with a 3 s connect timeout still waiting after 60 s");
    assertEquals(ExitCode.USAGE, run.exitCode(), run.all());
    assertTrue(run.err().contains("cannot reach HBase through ZooKeeper 127.0.0.1:1 within 3 s"), run.all());
  }

  private static void assertUsage(String expected, String... args) throws Exception {
    ToolRun run = ToolRun.capture(() -> Perf.run(args));
    assertEquals(ExitCode.USAGE, run.exitCode(), run.all());
    assertTrue(run.err().contains(expected), run.all());
    assertEquals(1, run.err().strip().lines().count(), "one line: " + run.err());
  }
}
