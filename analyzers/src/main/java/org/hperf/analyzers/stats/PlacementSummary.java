package org.hperf.analyzers.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.hperf.analyzers.merge.RunResult;
import org.hperf.core.OperationType;
import org.hperf.core.run.RunSummary;
import org.hperf.core.run.TaskLogFormat;

/**
 * One run's {@link RunSummary.Placement} from the aggregate's merged server and region histograms
 * ({@link TaskLogFormat}'s tags): per server and tag its throughput over the run's window, its
 * share of the tag's operations, latency and intervals; per region (in key order) its operations,
 * share, p50 and p99 over the whole run; and the {@link Hotspots} of each operation tag (and of ALL
 * when the workload mixes operations), strongest first: by the larger of share over fair share and
 * p99 ratio. "unlocated" (failed operations) is listed among the servers but is never a hotspot.
 */
public final class PlacementSummary {
  private PlacementSummary() {
  }

  /** {@code regionServers} and {@code regions}: the cluster's and table's counts at the run's start (0: unknown). */
  public static RunSummary.Placement of(RunResult run, int regionServers, int regions) {
    Map<String, Map<String, RunSummary.ServerOperation>> servers = new TreeMap<>();
    Map<String, RegionFigures> byRegion = new TreeMap<>();
    for (Map.Entry<String, Histogram> e : run.totals.entrySet()) {
      TaskLogFormat.ServerTag server = TaskLogFormat.parseServerTag(e.getKey());
      if (server != null) {
        List<RunSummary.Interval> intervals = new ArrayList<>();
        for (RunResult.IntervalPoint p : run.series(e.getKey())) {
          intervals.add(new RunSummary.Interval(p.index(), p.opsPerSec(), p.p50Micros(), p.p99Micros()));
        }
        servers.computeIfAbsent(server.server(), s -> new TreeMap<>()).put(server.tag(),
            new RunSummary.ServerOperation(run.throughput(e.getKey()), share(run, server.tag(), e.getValue()),
                RunSummary.Latency.of(e.getValue()), intervals));
        continue;
      }
      TaskLogFormat.RegionTag region = TaskLogFormat.parseRegionTag(e.getKey());
      if (region != null) {
        Histogram h = e.getValue();
        byRegion.computeIfAbsent(region.encodedName(), n -> new RegionFigures(region)).operations.put(region.tag(),
            new RunSummary.RegionOperation(h.getTotalCount(), share(run, region.tag(), h), h.getValueAtPercentile(50),
                h.getValueAtPercentile(99)));
      }
    }
    List<RegionFigures> inKeyOrder = new ArrayList<>(byRegion.values());
    inKeyOrder.sort(Comparator.comparing((RegionFigures r) -> r.tag.startKeyHex())
        .thenComparing(r -> r.tag.encodedName()));
    List<RunSummary.Region> regionList = new ArrayList<>();
    for (RegionFigures r : inKeyOrder) {
      regionList.add(new RunSummary.Region(r.tag.encodedName(), TaskLogFormat.printableKey(r.tag.startKey()),
          TaskLogFormat.printableKey(r.tag.endKey()), r.operations));
    }
    return new RunSummary.Placement(servers, regionList, hotspots(run, servers, regionList, regionServers, regions));
  }

  private static List<RunSummary.Hotspot> hotspots(RunResult run, Map<String, Map<String, RunSummary.ServerOperation>>
      servers, List<RunSummary.Region> regions, int regionServerCount, int regionCount) {
    List<RunSummary.Hotspot> found = new ArrayList<>();
    for (String tag : judgedTags(servers)) {
      long tagOperations = count(run, tag);
      List<Hotspots.Entity> serverEntities = new ArrayList<>();
      servers.forEach((server, tags) -> {
        RunSummary.ServerOperation op = tags.get(tag);
        if (op != null && !server.equals(TaskLogFormat.UNLOCATED)) {
          serverEntities.add(new Hotspots.Entity(server, server, op.latency().operations(), op.latency().p99Micros()));
        }
      });
      found.addAll(Hotspots.find("server", tag, serverEntities, regionServerCount, tagOperations));
      List<Hotspots.Entity> regionEntities = new ArrayList<>();
      for (RunSummary.Region region : regions) {
        RunSummary.RegionOperation op = region.operations().get(tag);
        if (op != null) {
          regionEntities.add(new Hotspots.Entity(region.encodedName(), label(region), op.operations(),
              op.p99Micros()));
        }
      }
      found.addAll(Hotspots.find("region", tag, regionEntities, regionCount, tagOperations));
    }
    found.sort(Comparator.comparingDouble((RunSummary.Hotspot h) -> -Math.max(h.share() / h.fairShare(),
        h.p99Ratio())));
    return found;
  }

  /** The operation tags the servers served, and ALL only when there are several (else it repeats the one). */
  private static Set<String> judgedTags(Map<String, Map<String, RunSummary.ServerOperation>> servers) {
    Set<String> operations = new TreeSet<>();
    servers.values().forEach(tags -> tags.keySet().stream().filter(t -> !t.equals(OperationType.ALL_TAG))
        .forEach(operations::add));
    Set<String> judged = new TreeSet<>(RunSummary.TAG_ORDER);
    judged.addAll(operations);
    if (operations.size() > 1) {
      judged.add(OperationType.ALL_TAG);
    }
    return judged;
  }

  /** A region as a sentence names it: its key range. */
  public static String label(RunSummary.Region region) {
    return "region [" + (region.startKey().isEmpty() ? "(start)" : region.startKey()) + ", "
        + (region.endKey().isEmpty() ? "(end)" : region.endKey()) + ")";
  }

  private static double share(RunResult run, String tag, Histogram h) {
    long all = count(run, tag);
    return all == 0 ? 0 : h.getTotalCount() / (double) all;
  }

  private static long count(RunResult run, String tag) {
    Histogram h = run.totals.get(tag);
    return h == null ? 0 : h.getTotalCount();
  }

  private static final class RegionFigures {
    final TaskLogFormat.RegionTag tag;
    final Map<String, RunSummary.RegionOperation> operations = new TreeMap<>();

    RegionFigures(TaskLogFormat.RegionTag tag) {
      this.tag = tag;
    }
  }
}
