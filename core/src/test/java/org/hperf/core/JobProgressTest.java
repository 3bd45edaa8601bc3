package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JobProgressTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void countedWorkGivesPercentRateAndRemainingTime() {
    JobProgress load = JobProgress.counting("load t", Counter.WORK, "records", 1_000_000);
    assertEquals("[load t]  25% done, 250,000 records (12,500 records/s), elapsed 0m20s, remaining ~1m00s",
        load.line(0.1, 250_000, 12_500, 20 * SECOND, 0));
  }

  @Test
  void hadoopProgressCountsWhenItIsFurtherThanTheWorkCounter() {
    // A bulk load's maps are done before its reducers write (and count) the first row.
    JobProgress load = JobProgress.counting("load t", Counter.WORK, "records", 1_000_000);
    assertEquals("[load t]  50% done, 0 records (0 records/s), elapsed 1m00s, remaining ~1m00s",
        load.line(0.5, 0, 0, 60 * SECOND, 0));
  }

  @Test
  void timedRunsCountDownTheirDurationOnceMeasuringStarts() {
    JobProgress run = JobProgress.timed("run 1/3 workloada", Counter.WORK, "ops", 900, 10);
    assertEquals("[run 1/3 workloada]   0% done, 0 ops (0 ops/s), elapsed 0m05s, waiting for the clients to start",
        run.line(0, 0, 0, 5 * SECOND, 0));
    assertEquals("[run 1/3 workloada]  10% done, 900,000 ops (10,000 ops/s), elapsed 1m40s, remaining ~13m30s",
        run.line(0, 900_000, 10_000, 100 * SECOND, 90 * SECOND));
    assertEquals("1h05m00s", JobProgress.duration(3900 * SECOND));
  }

  @Test
  void countingOnlyIgnoresHadoopProgress() {
    // A workload run's tasks read their one input record first: Hadoop says 100% from the start.
    JobProgress run = JobProgress.countingOnly("run 1/1 workloadc", Counter.WORK, "ops", 1_000_000);
    assertEquals("[run 1/1 workloadc]  20% done, 200,000 ops (20,000 ops/s), elapsed 0m10s, remaining ~0m40s",
        run.line(1.0, 200_000, 20_000, 10 * SECOND, 0));
  }

  @Test
  void nothingDoneYetHasNoEstimate() {
    JobProgress aggregate = JobProgress.counting("aggregate", Counter.WORK, "logs", 0);
    assertEquals("[aggregate]   0% done, 0 logs (0 logs/s), elapsed 0m10s, remaining unknown",
        aggregate.line(0, 0, 0, 10 * SECOND, 0));
  }

  private enum Counter { WORK }
}
