package org.hperf.jobs;

import java.io.IOException;
import java.util.List;

/**
 * A task's client: the operations of its sources (one per thread or lane), started at the common
 * start and running until their budgets or the clock end them. The task's log writer polls
 * {@link #finished}; at the end, or when the task fails, {@link #stop} waits for what is in flight.
 */
interface WorkloadClient {
  void start();

  /** True once no operation is running or will be started. */
  boolean finished();

  /**
   * Waits up to {@code waitMs} for every operation in flight to end (after the task's stop flag is
   * raised, or after the run ended by itself), then releases the client's tables and threads.
   */
  void stop(long waitMs) throws IOException, InterruptedException;

  /** Each thread's or lane's counts; complete once {@link #finished}. */
  List<ThreadStats> stats();

  /** What killed a thread or lane other than a counted operation error, or null. */
  Throwable failure();
}
