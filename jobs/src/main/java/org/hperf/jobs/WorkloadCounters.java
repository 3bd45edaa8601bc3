package org.hperf.jobs;

import org.hperf.core.OperationType;

/**
 * Counters of a workload job, one per operation and outcome, counted only inside the measurement
 * window so they equal the operations in the histogram logs; display names in
 * WorkloadCounters.properties.
 */
public enum WorkloadCounters {
  READ_OK, READ_NOT_FOUND, READ_ERROR,
  UPDATE_OK, UPDATE_NOT_FOUND, UPDATE_ERROR,
  INSERT_OK, INSERT_NOT_FOUND, INSERT_ERROR,
  SCAN_OK, SCAN_NOT_FOUND, SCAN_ERROR,
  READ_MODIFY_WRITE_OK, READ_MODIFY_WRITE_NOT_FOUND, READ_MODIFY_WRITE_ERROR,
  /**
   * Operations measured so far, added every interval so a running job shows its progress and rate;
   * at the end, the top-level operations of the run (a read-modify-write counts once).
   */
  MEASURED_OPERATIONS,
  /** Rows returned by all measured scans. */
  SCAN_ROWS,
  /** Operations during --warmup: performed, never measured. */
  WARMUP_OPERATIONS,
  /** CPU time of the client threads, warm-up included: the client's cost per operation. */
  CLIENT_CPU_MICROS,
  /** HBase client RPCs that ended in an exception and were retried or failed (whole task). */
  CLIENT_RPC_FAILURES,
  /** Times the HBase client dropped cached region locations: a server failed or a region moved. */
  CLIENT_LOCATION_CACHE_CLEARS,
  /** Tasks whose client gave no metrics (turned off, or an HBase client hperf cannot read them from). */
  TASKS_WITHOUT_CLIENT_METRICS;

  public static WorkloadCounters of(OperationType op, Outcome outcome) {
    return valueOf(op.name() + "_" + outcome.name());
  }
}
