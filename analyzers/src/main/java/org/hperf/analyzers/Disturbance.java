package org.hperf.analyzers;

import java.util.List;
import java.util.Properties;
import org.hperf.core.run.RunRecord;

/**
 * Why a run's figures are not clean, as {@code perf run} recorded it ({@link RunRecord.Outcome#disturbances}):
 * failed operations, retried client RPCs, failed task attempts, region servers lost, regions moved.
 */
final class Disturbance {
  private Disturbance() {
  }

  /** What disturbed run {@code runName} ("run-2"), or an empty list if nothing did. */
  static List<String> of(Properties record, String runName) {
    return RunRecord.of(record).disturbances(runName);
  }
}
