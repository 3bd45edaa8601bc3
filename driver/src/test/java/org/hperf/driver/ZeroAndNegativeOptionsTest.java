package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counts and times of zero or below, through the driver as a user gives them (issue #35): each exits
 * 2 with one line naming the option and what to give instead, and creates nothing. The cluster named
 * is not there (ZooKeeper on port 1, 3 s to give up), so a command that checked its options only after
 * connecting would fail here, quickly, with another message; ab gets a cluster file of its own (on the
 * embedded cluster it would start one).
 */
class ZeroAndNegativeOptionsTest {
  private static final String WORKLOADS = "../conf/workloads";
  private static final String[] NO_CLUSTER = {"-D", "hbase.zookeeper.quorum=127.0.0.1",
      "-D", "hbase.zookeeper.property.clientPort=1", "-D", "hperf.connect.timeout.seconds=3"};

  @Test
  void run(@TempDir Path tmp) throws Exception {
    File output = tmp.resolve("run").toFile();
    String[] run = {"run", "-P", WORKLOADS + "/workloada", "--output", output.getPath()};
    assertUsage(output, "hperf run: --clients=0 is out of range: give one from 1 to 100000", run, "--clients", "0");
    assertUsage(output, "hperf run: --threads=0 is out of range: give one from 1 to 10000", run, "--threads", "0");
    assertUsage(output, "hperf run: --runs=0 is out of range: give one from 1 to 100", run, "--runs", "0");
    assertUsage(output, "hperf run: --interval=0 is out of range: give one from 1 to 3600", run, "--interval", "0");
    assertUsage(output, "hperf run: --warmup=-1 is out of range: give one from 0 to 86400", run, "--warmup", "-1");
    // 0 means nothing: a run without --duration ends at operationcount, which --help gives as the default.
    assertUsage(output, "hperf run: --duration=0 is out of range: give one from 1 to 604800", run, "--duration",
        "0");
  }

  @Test
  void suite(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("suite").toFile();
    String[] suite = {"suite", "--dir", dir.getPath(), "--scale", "tiny", "--workload-dir", WORKLOADS};
    assertUsage(dir, "hperf suite: --runs=0 is out of range: give one from 1 to 100", suite, "--runs", "0");
    assertUsage(dir, "hperf suite: --clients=0 is out of range: give one from 1 to 100000", suite, "--clients", "0");
  }

  @Test
  void ab(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("ab").toFile();
    Path site = tmp.resolve("hbase-site.xml");
    Files.writeString(site, "<configuration>\n"
        + "<property><name>hbase.zookeeper.quorum</name><value>127.0.0.1</value></property>\n"
        + "<property><name>hbase.zookeeper.property.clientPort</name><value>1</value></property>\n"
        + "<property><name>hperf.connect.timeout.seconds</name><value>3</value></property>\n"
        + "</configuration>\n");
    String[] ab = {"ab", "--dir", dir.getPath(), "--a-conf", site.toString(), "--b-conf", site.toString(),
        "--workload-dir", WORKLOADS};
    // Not "give one from 1": one run a side is refused too, and says why.
    assertUsage(dir, "hperf ab: --runs 0 is too few: one run a side has no run-to-run spread to judge a difference"
        + " by; give --runs 2 or more (3 is usual)", ab, "--runs", "0");
    assertUsage(dir, "hperf ab: --clients=0 is out of range: give one from 1 to 100000", ab, "--clients", "0");
  }

  /** Exit 2, exactly {@code expected} as the one line on stderr, and {@code untouched} not created. */
  private static void assertUsage(File untouched, String expected, String[] command, String... option)
      throws Exception {
    List<String> args = new ArrayList<>(List.of(command[0]));
    args.addAll(List.of(NO_CLUSTER));
    args.addAll(List.of(command).subList(1, command.length));
    args.addAll(List.of(option));
    ToolRun run = ToolRun.capture(() -> Perf.run(args.toArray(new String[0])));
    assertEquals(ExitCode.USAGE, run.exitCode(), run.all());
    assertEquals(expected, run.err().strip(), run.all());
    assertFalse(untouched.exists(), untouched + " was created");
  }
}
