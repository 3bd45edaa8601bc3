package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.hperf.core.ProgressLine.Sample;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
  private static final long SECOND = 1_000_000_000L;
  private static final Sample SUBMITTED = Sample.SUBMITTED;

  private final ProgressLine verify = ProgressLine.counted("verify t", "rows checked", 10_000_000);

  @Test
  void anEighthOfTheRowsIsTwelvePercentWithSeventySecondsToGo() {
    assertEquals("[verify t]  12% done, 1,250,000 rows checked (125,000 rows checked/s), elapsed 0m10s,"
        + " remaining ~1m10s", verify.text(SUBMITTED, at(10, 1_250_000), 0));
  }

  @Test
  void nothingCountedYetIsNoneDoneWithNoEstimate() {
    assertEquals("[verify t]   0% done, elapsed 0m10s, nothing counted yet, remaining unknown",
        verify.text(SUBMITTED, at(10, 0), -1));
  }

  @Test
  void percentIsRoundedDownAndNeverAllWhileTheJobRuns() {
    ProgressLine load = ProgressLine.counted("load t", "records", 100);
    assertEquals("[load t]  29% done, 29 records (3 records/s), elapsed 0m10s, remaining ~0m24s",
        load.text(SUBMITTED, at(10, 29), 0));
    assertEquals("[load t]  99% done, 100 records (10 records/s), elapsed 0m10s, all counted, the job is finishing",
        load.text(SUBMITTED, at(10, 100), 0));
    // Work past the total, however it came about, is capped the same way.
    assertEquals("[load t]  99% done, 150 records (15 records/s), elapsed 0m10s, all counted, the job is finishing",
        load.text(SUBMITTED, at(10, 150), 0));
    ProgressLine big = ProgressLine.counted("load t", "records", 10_000_000);
    assertEquals("[load t]  99% done, 9,999,999 records (1,000,000 records/s), elapsed 0m10s, remaining ~0m00s",
        big.text(SUBMITTED, at(10, 9_999_999), 0));
  }

  @Test
  void theRateIsSinceThePreviousLineAndTheEstimateSinceTheWorkBegan() {
    // Work began after 60 s of nothing counted; 3,000,000 more in the last 10 s.
    assertEquals("[verify t]  50% done, 5,000,000 rows checked (300,000 rows checked/s), elapsed 1m40s,"
        + " remaining ~0m40s", verify.text(at(90, 2_000_000), at(100, 5_000_000), 60 * SECOND));
  }

  @Test
  void anUnknownTotalGivesTheWorkAndItsRateOnly() {
    ProgressLine aggregate = ProgressLine.counted("aggregate", "logs", 0);
    assertEquals("[aggregate] 120 logs (12 logs/s), elapsed 0m10s", aggregate.text(SUBMITTED, at(10, 120), 0));
    assertEquals("[aggregate] elapsed 0m10s, nothing counted yet", aggregate.text(SUBMITTED, at(10, 0), -1));
  }

  @Test
  void aTimedRunCountsDownItsDurationFromTheStartOfItsWindow() {
    ProgressLine run = ProgressLine.timed("run 1/3 workloada", "ops", 900);
    assertEquals("[run 1/3 workloada]   0% done, elapsed 0m05s, waiting for the clients to start",
        run.text(SUBMITTED, at(5, 0), -1));
    assertEquals("[run 1/3 workloada]   0% done, elapsed 0m08s, the clients warm the servers, unmeasured",
        run.text(SUBMITTED, at(8, 0), ProgressLine.SERVERS_WARMING), "hperf run --server-warmup");
    assertEquals("[run 1/3 workloada]   0% done, elapsed 0m10s, measuring starts in ~0m30s",
        run.text(at(5, 0), at(10, 0), 40 * SECOND), "the clients warm up");
    assertEquals("[run 1/3 workloada]  10% done, 900,000 ops (10,000 ops/s), elapsed 1m40s, remaining ~13m30s",
        run.text(at(10, 0), at(100, 900_000), 10 * SECOND));
    assertEquals("[run 1/3 workloada]  99% done, 9,000,000 ops (0 ops/s), elapsed 15m20s,"
        + " duration over, the job is finishing", run.text(at(910, 9_000_000), at(920, 9_000_000), 10 * SECOND));
  }

  @Test
  void aTwentySecondRunIsHalfDoneTenSecondsIntoItsWindow() {
    // The reported bug: "5% done ... remaining ~0m19s" halfway through a 20 s run, when the
    // window's start was guessed from the counter's first move.
    ProgressLine run = ProgressLine.timed("run 1/1 workloadc", "ops", 20);
    assertEquals("[run 1/1 workloadc]  50% done, 80,000 ops (8,000 ops/s), elapsed 0m17s, remaining ~0m10s",
        run.text(at(7, 0), at(17, 80_000), 7 * SECOND));
  }

  @Test
  void theLastLineSaysAllOfTheWorkWithoutRateOrEstimate() {
    assertEquals("[verify t] 100% done, 10,000,000 rows checked, elapsed 1m20s", verify.endText(at(80, 10_000_000), 0));
    assertEquals("[verify t]  50% done, 5,000,000 rows checked, elapsed 1m20s", verify.endText(at(80, 5_000_000), 0),
        "a job that did less than its total says so");
    ProgressLine run = ProgressLine.timed("run 1/1 workloadc", "ops", 20);
    assertEquals("[run 1/1 workloadc] 100% done, 160,000 ops, elapsed 0m29s", run.endText(at(29, 160_000), 7 * SECOND));
    assertEquals("[run 1/1 workloadc] 100% done, 160,000 ops, elapsed 0m29s", run.endText(at(29, 160_000), -1),
        "a run that succeeded measured its window");
    assertEquals("[run 1/1 workloadc]  25% done, 40,000 ops, elapsed 0m12s", run.endText(at(12, 40_000), 7 * SECOND),
        "a warm-up that ended before its bound");
    assertEquals("[aggregate] 120 logs, elapsed 0m10s", ProgressLine.counted("aggregate", "logs", 0).endText(
        at(10, 120), 0));
  }

  @Test
  void durationsShowHoursOnlyWhenThereAreAny() {
    assertEquals("1h05m00s", ProgressLine.duration(3900 * SECOND));
    assertEquals("59m59s", ProgressLine.duration(3599 * SECOND));
  }

  private static Sample at(long seconds, long work) {
    return new Sample(work, seconds * SECOND);
  }
}
