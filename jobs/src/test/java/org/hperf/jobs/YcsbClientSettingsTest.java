package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hperf.core.ClientMode;
import org.hperf.core.ExitCode;
import org.hperf.core.JobProgress;
import org.hperf.core.UsageException;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YCSB's threadcount, target and status.interval in a workload's properties are the run's threads,
 * target rate and progress interval, and the command line wins over them. None needs a cluster.
 */
class YcsbClientSettingsTest {
  private static final Map<String, String> YCSB_FILE = Map.of("threadcount", "12", "target", "500",
      "status.interval", "3");

  @Test
  void theWorkloadsValuesAreUsedWhenTheCommandLineGivesNone() throws Exception {
    Configuration conf = new Configuration(false);
    RunSpec run = WorkloadTool.runSpec(parse("--duration", "5"), YCSB_FILE, conf);
    assertEquals(12, run.threads());
    assertEquals(12, run.inflight());
    assertEquals(500.0, run.targetOpsPerSecond());
    WorkloadTool.progressFromStatusInterval(YCSB_FILE, conf);
    assertEquals("3", conf.get(JobProgress.INTERVAL_SECONDS));

    RunSpec async = WorkloadTool.runSpec(parse("--client", "async", "--duration", "5"), YCSB_FILE, conf);
    assertEquals(ClientMode.ASYNC, async.client());
    assertEquals(12, async.inflight(), "--inflight defaults to the threads, here the workload's threadcount");
  }

  @Test
  void theCommandLineWins() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(JobProgress.INTERVAL_SECONDS, "7");
    RunSpec run = WorkloadTool.runSpec(parse("--threads", "4", "--target", "100", "--duration", "5"), YCSB_FILE,
        conf);
    assertEquals(4, run.threads());
    assertEquals(4, run.inflight());
    assertEquals(100.0, run.targetOpsPerSecond());
    WorkloadTool.progressFromStatusInterval(YCSB_FILE, conf);
    assertEquals("7", conf.get(JobProgress.INTERVAL_SECONDS), "-D hperf.progress.seconds wins");
  }

  @Test
  void withoutThemTheDefaultsStand() throws Exception {
    Configuration conf = new Configuration(false);
    RunSpec run = WorkloadTool.runSpec(parse("--duration", "5"), Map.of(), conf);
    assertEquals(8, run.threads());
    assertEquals(0.0, run.targetOpsPerSecond());
    WorkloadTool.progressFromStatusInterval(Map.of(), conf);
    assertNull(conf.get(JobProgress.INTERVAL_SECONDS), "JobProgress's own default (10 s) stands");
  }

  @Test
  void ycsbsTargetZeroIsUnthrottledAndStatusIntervalZeroNoProgressLines() throws Exception {
    Configuration conf = new Configuration(false);
    Map<String, String> zeros = Map.of("target", "0", "status.interval", "0");
    RunSpec run = WorkloadTool.runSpec(parse("--duration", "5"), zeros, conf);
    assertEquals(0.0, run.targetOpsPerSecond());
    assertEquals(0, run.paceNanosPerInflight(), "unthrottled");
    WorkloadTool.progressFromStatusInterval(zeros, conf);
    assertEquals("0", conf.get(JobProgress.INTERVAL_SECONDS), "0: no progress lines, as hperf.progress.seconds=0");
  }

  @Test
  void badValuesNameTheProperty() throws Exception {
    Configuration conf = new Configuration(false);
    assertEquals("threadcount=0 is out of range: give one from 1 to 10000", assertThrows(UsageException.class,
        () -> WorkloadTool.runSpec(parse("--duration", "5"), Map.of("threadcount", "0"), conf)).getMessage());
    assertEquals("target=-5 is out of range: give one from 0.0 to 1.0E12", assertThrows(UsageException.class,
        () -> WorkloadTool.runSpec(parse("--duration", "5"), Map.of("target", "-5"), conf)).getMessage());
    assertEquals("status.interval=soon is not a whole number: give one from 0 to 86400",
        assertThrows(UsageException.class,
            () -> WorkloadTool.progressFromStatusInterval(Map.of("status.interval", "soon"), conf)).getMessage());
    // The command line's value is used, so the file's is not read.
    assertEquals(4, WorkloadTool.runSpec(parse("--threads", "4", "--duration", "5"), Map.of("threadcount", "0"), conf)
        .threads());
  }

  /** Through the tool: no "not used" warning for the three keys, and a bad one exits 2 before connecting. */
  @Test
  void theToolReadsThemFromAFileWithoutWarning(@TempDir Path tmp) throws Exception {
    Path workload = tmp.resolve("ycsb-workload");
    Files.writeString(workload, String.join("\n", Files.readAllLines(Path.of("src/test/resources/ycsb-workloada")))
        + "\nthreadcount=0\ntarget=100\nstatus.interval=5\n");
    ToolRun run = ToolRun.of(unreachableCluster(), new WorkloadTool(), "-P", workload.toString(), "--duration", "5",
        "--output", tmp.resolve("out").toString());
    assertEquals(ExitCode.USAGE, run.exitCode(), run.all());
    assertEquals("hperf run: threadcount=0 is out of range: give one from 1 to 10000", run.err().strip(), run.all());
    assertFalse(Files.exists(tmp.resolve("out")));
  }

  /** --format ycsb: a bad value, and run alone (a suite's step, a test) has no aggregate to print with. */
  @Test
  void formatIsCheckedBeforeConnecting(@TempDir Path tmp) throws Exception {
    String workload = "src/test/resources/ycsb-workloada";
    ToolRun bad = ToolRun.of(unreachableCluster(), new WorkloadTool(), "-P", workload, "--format", "json");
    assertEquals(ExitCode.USAGE, bad.exitCode(), bad.all());
    assertEquals("hperf run: --format json: give text or ycsb", bad.err().strip());
    ToolRun alone = ToolRun.of(unreachableCluster(), new WorkloadTool(), "-P", workload, "--format", "ycsb");
    assertEquals(ExitCode.USAGE, alone.exitCode(), alone.all());
    assertEquals("hperf run: --format ycsb needs aggregate, which only the hperf driver provides: run it as"
        + " 'hperf run', or aggregate the run directory with --format ycsb afterwards", alone.err().strip());
    WorkloadTool.YcsbLines refusing = new WorkloadTool.YcsbLines() {
      @Override
      public void check(Configuration conf) throws UsageException {
        throw new UsageException("-D hdrhistogram.percentiles=x: bad");
      }

      @Override
      public int print(Configuration conf, org.apache.hadoop.fs.Path runDir) {
        throw new AssertionError("no run, nothing to print");
      }
    };
    ToolRun index = ToolRun.of(unreachableCluster(), new WorkloadTool(refusing), "-P", workload, "--format", "ycsb",
        "--runs", "2", "--run-index", "2");
    assertEquals(ExitCode.USAGE, index.exitCode(), index.all());
    assertEquals("hperf run: --format ycsb prints the lines of every run, and --run-index makes one: leave --format"
        + " out and run 'hperf aggregate <dir> --format ycsb' once the directory holds every run", index.err().strip());
    ToolRun percentiles = ToolRun.of(unreachableCluster(), new WorkloadTool(refusing), "-P", workload, "--format",
        "ycsb", "--output", tmp.resolve("out").toString());
    assertEquals(ExitCode.USAGE, percentiles.exitCode(), percentiles.all());
    assertEquals("hperf run: -D hdrhistogram.percentiles=x: bad", percentiles.err().strip());
    assertFalse(Files.exists(tmp.resolve("out")));
  }

  /** A cluster that is not there: a check that came after connecting would fail within 3 s, naming it. */
  static Configuration unreachableCluster() {
    Configuration conf = new Configuration();
    conf.set("hbase.zookeeper.quorum", "127.0.0.1");
    conf.set("hbase.zookeeper.property.clientPort", "1");
    conf.set("hperf.connect.timeout.seconds", "3");
    return conf;
  }

  private static ParsedOptions parse(String... args) throws UsageException {
    String[] all = new String[args.length + 2];
    all[0] = "-P";
    all[1] = "x";
    System.arraycopy(args, 0, all, 2, args.length);
    return new WorkloadTool().options().parse(all, 0);
  }
}
