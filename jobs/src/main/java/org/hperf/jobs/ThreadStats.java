package org.hperf.jobs;

import org.hperf.core.OperationType;

/**
 * One client thread's or async lane's counts, written by one operation at a time (a thread's, or
 * a lane's, whose completions happen-before its next issue) and read after it has finished.
 */
final class ThreadStats {
  final long[][] outcomes = new long[OperationType.values().length][Outcome.values().length];
  long scanRows;
  long warmupOperations;
  /** When the thread's or lane's last measured operation ended (nano time), 0 if none. */
  long lastMeasuredEndNanos;
  /** Measured top-level operations so far; read racily by the status line, exactly at the end. */
  volatile long measured;

  void count(OperationType op, Outcome outcome) {
    outcomes[op.ordinal()][outcome.ordinal()]++;
  }
}
