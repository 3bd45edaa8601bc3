package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Why a run's figures are not clean: operations that failed, RPCs the HBase client retried, task
 * attempts that failed and were retried (a client crashed), region servers that left the cluster
 * or regions that moved during the run. Read from what {@code perf run} records in run.properties;
 * reports mark such runs instead of presenting them as clean.
 */
final class Disturbance {
  private Disturbance() {
  }

  /** What disturbed run {@code runName} ("run-2"), or an empty list if nothing did. */
  static List<String> of(Properties record, String runName) {
    String prefix = "run." + runName.substring("run-".length()) + ".";
    long errors = 0;
    for (String key : record.stringPropertyNames()) {
      if (key.startsWith(prefix + "counter.") && key.endsWith("_ERROR")) {
        errors += Long.parseLong(record.getProperty(key));
      }
    }
    long failedAttempts = Long.parseLong(record.getProperty(prefix + "failedTaskAttempts", "0"));
    long failedRpcs = Long.parseLong(record.getProperty(prefix + "counter.CLIENT_RPC_FAILURES", "0"));
    String serversLost = record.getProperty(prefix + "regionserversLost", "");
    long regionsMoved = Long.parseLong(record.getProperty(prefix + "regionsMoved", "0"));
    List<String> reasons = new ArrayList<>();
    if (errors > 0) {
      reasons.add(errors + " failed operations");
    }
    if (failedRpcs > 0) {
      reasons.add(failedRpcs + " HBase client RPCs failed and were retried");
    }
    if (failedAttempts > 0) {
      reasons.add(failedAttempts + " failed task attempts");
    }
    if (!serversLost.isEmpty()) {
      reasons.add("region servers left the cluster during the run: " + serversLost);
    }
    if (regionsMoved > 0) {
      reasons.add(regionsMoved + " regions moved, split or merged during the run");
    }
    if (record.getProperty(prefix + "clusterStateAfterRun") != null) {
      reasons.add("the cluster's state after the run could not be read");
    }
    return reasons;
  }
}
