package org.hperf.jobs;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.hperf.core.OperationType;
import org.hperf.core.run.TaskLogFormat;

/**
 * Where a task's operations were served: per region server an interval recorder per operation
 * and for {@code ALL}, and per region a whole-run histogram per operation and for {@code ALL}
 * (regions are many, intervals many more: 250 regions x 3 tags x 90 intervals would be 67,500
 * histograms a task). Written into the task log with {@link TaskLogFormat}'s server and region tags.
 *
 * <p>Server recorders keep 3 significant digits, as the operations' own; region histograms 2 (1%
 * resolution is plenty for a heat strip, and it keeps 250 regions x 3 tags to a few MB). Both
 * resize to the latencies seen instead of allocating the 1 us to 1 hour range up front. An
 * operation whose location is unknown (it failed) goes to the {@link TaskLogFormat#UNLOCATED}
 * server and to no region, so every operation is in exactly one server's figures.
 */
final class PlacementRecorders {
  private static final int SERVER_DIGITS = 3;
  private static final int REGION_DIGITS = 2;

  private final WorkloadSpec workload;
  private final Map<ServerName, ServerRecorders> servers = new ConcurrentHashMap<>();
  private final ServerRecorders unlocated;
  /** By encoded region name: a String whose hash the RegionInfo keeps. */
  private final Map<String, RegionHistograms> regions = new ConcurrentHashMap<>();

  PlacementRecorders(WorkloadSpec workload) {
    this.workload = workload;
    this.unlocated = new ServerRecorders(TaskLogFormat.UNLOCATED, workload);
  }

  /**
   * One operation (inner or top-level) of {@code op}, served at {@code where} (null, or a location
   * without a server, which the cache should never hold: unlocated).
   */
  void record(HRegionLocation where, OperationType op, long micros) {
    if (where == null || where.getServerName() == null) {
      unlocated.byOperation[op.ordinal()].recordValue(micros);
      return;
    }
    server(where.getServerName()).byOperation[op.ordinal()].recordValue(micros);
    region(where.getRegion()).byOperation[op.ordinal()].recordValue(micros);
  }

  /** One top-level operation, for the {@code ALL} tags. */
  void recordTopLevel(HRegionLocation where, long micros) {
    if (where == null || where.getServerName() == null) {
      unlocated.all.recordValue(micros);
      return;
    }
    server(where.getServerName()).all.recordValue(micros);
    region(where.getRegion()).all.recordValue(micros);
  }

  private ServerRecorders server(ServerName name) {
    ServerRecorders recorders = servers.get(name);
    return recorders != null ? recorders : servers.computeIfAbsent(name,
        n -> new ServerRecorders(n.getAddress().toString(), workload));
  }

  private RegionHistograms region(RegionInfo region) {
    RegionHistograms histograms = regions.get(region.getEncodedName());
    return histograms != null ? histograms : regions.computeIfAbsent(region.getEncodedName(),
        n -> new RegionHistograms(region, workload));
  }

  /**
   * Writes the interval's histogram of every server seen so far (and of the unlocated operations
   * once there were any), per operation the workload performs and for ALL.
   */
  void writeInterval(HistogramLogWriter writer, long measureFromMs, long notAfterMs) {
    for (ServerRecorders server : servers.values()) {
      server.write(writer, workload, measureFromMs, notAfterMs);
    }
    unlocated.write(writer, workload, measureFromMs, notAfterMs);
  }

  /** Writes each region's whole-run histograms, stamped with the task's window; once, at the end. */
  void writeRegions(HistogramLogWriter writer, long windowStartMs, long windowEndMs) {
    for (RegionHistograms region : regions.values()) {
      for (OperationType op : OperationType.values()) {
        if (workload.performs(op)) {
          write(writer, region.byOperation[op.ordinal()], region.tag(op.tag()), windowStartMs, windowEndMs);
        }
      }
      write(writer, region.all, region.tag(OperationType.ALL_TAG), windowStartMs, windowEndMs);
    }
  }

  private static void write(HistogramLogWriter writer, Histogram h, String tag, long startMs, long endMs) {
    if (h.getTotalCount() == 0) {
      return;
    }
    Histogram copy = h.copy();
    copy.setTag(tag);
    copy.setStartTimeStamp(startMs);
    copy.setEndTimeStamp(Math.max(startMs, endMs));
    writer.outputIntervalHistogram(copy);
  }

  /** Interval recorders of one server, for the operations the workload performs and ALL. */
  private static final class ServerRecorders {
    final String name;
    final Recorder[] byOperation = new Recorder[OperationType.values().length];
    final Recorder all = new Recorder(SERVER_DIGITS);
    /** Written once it had an operation, then every interval (the unlocated one only once it had some). */
    boolean seen;

    ServerRecorders(String name, WorkloadSpec workload) {
      this.name = name;
      for (OperationType op : OperationType.values()) {
        if (workload.performs(op)) {
          byOperation[op.ordinal()] = new Recorder(SERVER_DIGITS);
        }
      }
    }

    void write(HistogramLogWriter writer, WorkloadSpec workload, long measureFromMs, long notAfterMs) {
      Histogram[] intervals = new Histogram[byOperation.length];
      long total = 0;
      for (OperationType op : OperationType.values()) {
        if (workload.performs(op)) {
          intervals[op.ordinal()] = byOperation[op.ordinal()].getIntervalHistogram();
          total += intervals[op.ordinal()].getTotalCount();
        }
      }
      Histogram allInterval = all.getIntervalHistogram();
      seen |= total + allInterval.getTotalCount() > 0;
      if (!seen) {
        return;
      }
      for (OperationType op : OperationType.values()) {
        if (intervals[op.ordinal()] != null) {
          OperationRecorders.writeStamped(writer, intervals[op.ordinal()], TaskLogFormat.serverTag(op.tag(), name),
              measureFromMs, notAfterMs);
        }
      }
      OperationRecorders.writeStamped(writer, allInterval, TaskLogFormat.serverTag(OperationType.ALL_TAG, name),
          measureFromMs, notAfterMs);
    }
  }

  /** Whole-run histograms of one region. */
  private static final class RegionHistograms {
    final RegionInfo region;
    final Histogram[] byOperation = new Histogram[OperationType.values().length];
    final Histogram all = new ConcurrentHistogram(REGION_DIGITS);

    RegionHistograms(RegionInfo region, WorkloadSpec workload) {
      this.region = region;
      for (OperationType op : OperationType.values()) {
        if (workload.performs(op)) {
          byOperation[op.ordinal()] = new ConcurrentHistogram(REGION_DIGITS);
        }
      }
    }

    String tag(String operationTag) {
      return TaskLogFormat.regionTag(operationTag, region.getEncodedName(), region.getStartKey(), region.getEndKey());
    }
  }
}
