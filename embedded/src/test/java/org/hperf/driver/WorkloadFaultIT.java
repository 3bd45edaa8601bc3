package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileInputStream;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.hperf.analyzers.AggregateTool;
import org.hperf.analyzers.ReportTool;
import org.hperf.core.ExitCode;
import org.hperf.core.OperationType;
import org.hperf.core.testing.ToolRun;
import org.hperf.jobs.WorkloadTool;
import org.hperf.loaders.CreateTableTool;
import org.hperf.loaders.LoadTool;
import org.hperf.loaders.VerifyTool;
import org.hperf.testkit.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A region server dies in the middle of a workload run (3 region servers): the job still
 * completes, every operation is counted once (counters == histogram logs), the HBase client's
 * retries and the lost server are recorded, and aggregate and report mark the run DISTURBED
 * instead of presenting its figures as clean. The table is intact afterwards.
 */
@ExtendWith(MiniClusterExtension.class)
class WorkloadFaultIT {
  private static final String TABLE = "fault_run_t";
  private static final int RECORDS = 20_000;
  private static final File OUTPUT = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "fault-run");

  @Test
  void killingARegionServerDuringARunMarksTheRunDisturbedAndCountsEveryOperationOnce() throws Exception {
    FileUtil.fullyDelete(OUTPUT);
    HBaseTestingUtility util = MiniClusterExtension.cluster().testingUtility();
    MiniHBaseCluster hbase = MiniClusterExtension.liveRegionServers(3);
    ToolRun create = MiniClusterExtension.run(new CreateTableTool(), "--table", TABLE, "--recordcount",
        Integer.toString(RECORDS), "--regions", "6");
    assertEquals(ExitCode.OK, create.exitCode(), create.all());
    ToolRun load = MiniClusterExtension.run(new LoadTool(), "--table", TABLE, "--mode", "put");
    assertEquals(ExitCode.OK, load.exitCode(), load.all());
    try (Admin admin = util.getConnection().getAdmin()) {
      admin.balancerSwitch(true, true);
      admin.balance();
      util.waitUntilNoRegionsInTransition(60_000);
      // No balancer moves during the run but those the dead server causes.
      admin.balancerSwitch(false, true);
    }

    CompletableFuture<ToolRun> run = CompletableFuture.supplyAsync(() -> {
      try {
        return MiniClusterExtension.run(new WorkloadTool(), "-D", "hperf.progress.seconds=3",
            "-P", "../conf/workloads/workloada", "--table", TABLE,
            "--clients", "2", "--threads", "4", "--duration", "30", "--interval", "1", "--max-error-ratio", "1",
            "--output", OUTPUT.getPath());
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    HRegionServer victim = MiniClusterExtension.serverHoldingOnly(TABLE);
    ToolRun finished;
    try {
      // Kill once the clients are under way: the victim has served a thousand reads.
      util.waitFor(120_000, 20, () -> readsServed(victim) > 1_000 || run.isDone());
      assertFalse(run.isDone(), "the run is still going when the region server dies");
      hbase.killRegionServer(victim.getServerName());
      finished = run.get(10, TimeUnit.MINUTES);
    } finally {
      // The other ITs share this cluster: leave it settled (two region servers, balancer off, so no
      // balancer move can disturb their runs).
      util.waitUntilNoRegionsInTransition(120_000);
    }
    assertEquals(ExitCode.OK, finished.exitCode(), finished.all());
    assertTrue(finished.out().matches("(?s).*\\[run 1/1 workloada\\] +\\d+% done, [\\d,]+ ops \\([\\d,]+ ops/s\\),"
        + " elapsed \\dm\\d\\ds, remaining ~\\dm\\d\\ds.*"), "console progress\n" + finished.out());
    assertTrue(finished.out().matches("(?s).*\n\\[run 1/1 workloada\\] 100% done, [\\d,]+ ops, elapsed \\dm\\d\\ds\n.*"),
        "the last progress line\n" + finished.out());
    assertLatestLatenciesAreTheRunsOwn(finished.out(), new File(OUTPUT, "run-1"));
    Map<String, Long> counters = WorkloadIT.counters(finished);
    Map<String, Long> logged = WorkloadIT.loggedCounts(new File(OUTPUT, "run-1"), 2);
    for (OperationType op : OperationType.values()) {
      assertEquals(WorkloadIT.countedOperations(counters, op), logged.getOrDefault(op.tag(), 0L),
          op + " counters vs histogram logs\n" + finished.all());
    }
    assertTrue(counters.get("HBase client RPCs failed (retried or failed)") > 0,
        "the client's retries are counted\n" + finished.all());
    Properties record = new Properties();
    try (FileInputStream in = new FileInputStream(new File(OUTPUT, "run.properties"))) {
      record.load(in);
    }
    assertEquals(victim.getServerName().getServerName(), record.getProperty("run.1.regionserversLost"));
    assertTrue(Integer.parseInt(record.getProperty("run.1.regionsMoved")) > 0, record.toString());

    ToolRun aggregate = MiniClusterExtension.run(new AggregateTool(), OUTPUT.getPath());
    assertEquals(ExitCode.OK, aggregate.exitCode(), aggregate.all());
    assertTrue(aggregate.out().contains("run-1 is DISTURBED"), aggregate.all());
    ToolRun report = MiniClusterExtension.run(new ReportTool(), OUTPUT.getPath(), "--output",
        new File(OUTPUT, "report.html").getPath());
    assertEquals(ExitCode.OK, report.exitCode(), report.all());
    assertTrue(report.out().contains("DISTURBED: workloada run-1:")
        && report.out().contains("region servers left the cluster during the run: "
            + victim.getServerName().getServerName()), report.all());

    ToolRun verify = MiniClusterExtension.run(new VerifyTool(), "--table", TABLE);
    assertEquals(ExitCode.OK, verify.exitCode(), verify.all());
  }

  private static long readsServed(HRegionServer server) {
    return server.getRegions(TableName.valueOf(TABLE)).stream().mapToLong(HRegion::getReadRequestsCount).sum();
  }

  /**
   * The clients' latest p50 and p99 on the progress lines (YCSB's status line has them): on at
   * least one line, each between the smallest and largest latency the run's task logs hold, p50 at
   * most p99; a figure in other units, or of operations not measured, falls outside.
   */
  private static void assertLatestLatenciesAreTheRunsOwn(String out, File runDir) throws java.io.IOException {
    org.HdrHistogram.Histogram all = org.hperf.core.LatencyHistograms.newHistogram();
    for (File log : runDir.listFiles((dir, name) -> name.endsWith(".hlog"))) {
      WorkloadIT.intervals(log).stream().filter(h -> "ALL".equals(h.getTag())).forEach(all::add);
    }
    java.util.regex.Matcher line = java.util.regex.Pattern.compile("\\[run 1/1 workloada\\] .*, last \\d+ s: p50"
        + " ([\\d.]+) (us|ms), p99 ([\\d.]+) (us|ms)\n").matcher(out);
    int lines = 0;
    while (line.find()) {
      lines++;
      double p50 = micros(line.group(1), line.group(2));
      double p99 = micros(line.group(3), line.group(4));
      // Shown to three significant digits: within 1% of the histogram's value.
      assertTrue(p50 >= all.getMinValue() * 0.99 && p50 <= p99 && p99 <= all.getMaxValue() * 1.01,
          line.group() + " against the logs' " + all.getMinValue() + "-" + all.getMaxValue() + " us");
    }
    assertTrue(lines > 0, "no progress line with the clients' latest latencies\n" + out);
  }

  private static double micros(String value, String unit) {
    return Double.parseDouble(value) * (unit.equals("ms") ? 1000 : 1);
  }
}
