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
   * Top-level operations measured (a read-modify-write counts once, its inner read and update
   * only in READ and UPDATE), added every interval so a running job shows its progress and rate;
   * at the end equal to the operations of the logs' ALL tag.
   */
  MEASURED_OPERATIONS,
  /** Rows returned by all measured scans. */
  SCAN_ROWS,
  /** Operations during --warmup: performed, never measured. */
  WARMUP_OPERATIONS,
  /**
   * CPU time of the task JVMs while their clients ran (warm-up included), all threads: the client's
   * whole cost, HBase client RPC threads too. Only from tasks with a JVM of their own (YARN).
   */
  TASK_JVM_CPU_MICROS,
  /** Tasks that shared their JVM (the LocalJobRunner), whose CPU time is therefore not counted. */
  TASKS_WITHOUT_CPU_TIME,
  /** HBase client RPCs that ended in an exception and were retried or failed (whole task). */
  CLIENT_RPC_FAILURES,
  /** Times the HBase client dropped cached region locations: a server failed or a region moved. */
  CLIENT_LOCATION_CACHE_CLEARS,
  /** Tasks whose client gave no metrics (turned off, or an HBase client hperf cannot read them from). */
  TASKS_WITHOUT_CLIENT_METRICS,
  /** Tasks whose server warm-up (hperf run --server-warmup) ended because their throughput was steady. */
  TASKS_STOPPED_STEADY,
  /** Operations of the server warm-up before the run's measurement: performed, never measured. */
  SERVER_WARMUP_OPERATIONS;

  public static WorkloadCounters of(OperationType op, Outcome outcome) {
    return valueOf(op.name() + "_" + outcome.name());
  }
}
