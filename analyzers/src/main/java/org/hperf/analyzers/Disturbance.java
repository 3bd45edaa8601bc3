package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Why a run's figures are not clean: operations that failed, or task attempts that failed and were
 * retried (a region server died, a client crashed). Read from the counters {@code perf run}
 * records in run.properties; reports mark such runs instead of presenting them as clean.
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
    List<String> reasons = new ArrayList<>();
    if (errors > 0) {
      reasons.add(errors + " failed operations");
    }
    if (failedAttempts > 0) {
      reasons.add(failedAttempts + " failed task attempts");
    }
    return reasons;
  }
}
