package org.hperf.jobs;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.hperf.core.OperationType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What recording placement adds to a read's recording, without the HBase location lookup (which
 * scripts/bench-workload measures with the client): one READ and one ALL record into the task's
 * recorders, with {@code --per-server off} and on, over {@code regions} regions on 4 servers.
 * Run with {@code scripts/bench-ops} (it runs this after core's benchmarks).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlacementBenchmark {
  @Param({"16", "250"})
  public int regions;

  @Param({"off", "on"})
  public String perServer;

  private OperationRecorders recorders;
  private HRegionLocation[] locations;
  private long k;

  @Setup
  public void setUp() throws Exception {
    WorkloadSpec workload = WorkloadSpec.parse(Map.of("readproportion", "1", "updateproportion", "0"), 1000);
    recorders = new OperationRecorders(workload, false, perServer.equals("on"));
    locations = new HRegionLocation[regions];
    for (int r = 0; r < regions; r++) {
      RegionInfo info = RegionInfoBuilder.newBuilder(TableName.valueOf("usertable"))
          .setStartKey(new byte[] {(byte) r}).setEndKey(new byte[] {(byte) (r + 1)}).setRegionId(r).build();
      locations[r] = new HRegionLocation(info, ServerName.valueOf("rs-" + r % 4, 16020, 1));
    }
  }

  @Benchmark
  public long recordARead() {
    long start = ++k * 1000;
    HRegionLocation where = locations[(int) ((k * 0x9E3779B97F4A7C15L >>> 32) % regions)];
    long end = start + 250_000 + (k & 1023) * 1000;
    recorders.record(OperationType.READ, start, end, 0, where);
    recorders.recordTopLevel(start, end, 0, where);
    return end;
  }
}
