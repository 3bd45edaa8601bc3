package org.hperf.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;

/**
 * The cluster's live region servers and where the table's regions are, taken before and after a
 * run. A region server that left (died, was restarted) or regions that moved during the run mean
 * its figures were measured on a disturbed cluster, even if every operation succeeded after the
 * HBase client's retries.
 */
final class ClusterSnapshot {
  private final Set<String> liveServers;
  private final Map<String, String> serverOfRegion;

  private ClusterSnapshot(Set<String> liveServers, Map<String, String> serverOfRegion) {
    this.liveServers = liveServers;
    this.serverOfRegion = serverOfRegion;
  }

  static ClusterSnapshot take(Connection connection, TableName table) throws IOException {
    Set<String> live = new TreeSet<>();
    try (Admin admin = connection.getAdmin()) {
      ClusterMetrics metrics = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS));
      for (ServerName server : metrics.getLiveServerMetrics().keySet()) {
        live.add(server.getServerName());
      }
    }
    Map<String, String> placement = new HashMap<>();
    try (RegionLocator locator = connection.getRegionLocator(table)) {
      // Reads hbase:meta, not the client's location cache.
      for (HRegionLocation location : locator.getAllRegionLocations()) {
        placement.put(location.getRegion().getEncodedName(),
            location.getServerName() == null ? "unassigned" : location.getServerName().getServerName());
      }
    }
    return new ClusterSnapshot(live, placement);
  }

  /** Region servers live in {@code before} and gone now (a restarted server has a new start code). */
  List<String> serversLostSince(ClusterSnapshot before) {
    List<String> lost = new ArrayList<>();
    for (String server : before.liveServers) {
      if (!liveServers.contains(server)) {
        lost.add(server);
      }
    }
    return lost;
  }

  /** Regions of {@code before} now on another server, unassigned, split or merged away. */
  int regionsMovedSince(ClusterSnapshot before) {
    int moved = 0;
    for (Map.Entry<String, String> region : before.serverOfRegion.entrySet()) {
      if (!region.getValue().equals(serverOfRegion.get(region.getKey()))) {
        moved++;
      }
    }
    return moved;
  }
}
