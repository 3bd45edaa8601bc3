package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.hperf.core.ProgressLine.Sample;
import org.junit.jupiter.api.Test;

/** The tracker against a job whose Hadoop progress is always 100%, with a clock the test moves. */
class JobProgressTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long WALL_CLOCK_AT_SUBMISSION_MS = 1_700_000_000_000L;

  private final RunningJob job = newJob();
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private long clockNanos;
  private long windowStartMs = JobProgress.NOT_STARTED;

  @Test
  void verifyAtAnEighthSaysTwelvePercentThoughHadoopSaysAllMapsAreDone() throws IOException {
    // The reported bug: 10 s into a 60 s verify, "100% done, 1,250,000 rows intact ... remaining ~0m00s".
    JobProgress.Tracker tracker = tracker(JobProgress.counting("verify t", "rows checked", 10_000_000, Work.ROWS));
    at(10, 1_250_000, tracker);
    assertEquals(List.of("[verify t]  12% done, 1,250,000 rows checked (125,000 rows checked/s), elapsed 0m10s,"
        + " remaining ~1m10s"), lines());
  }

  @Test
  void remainingTimeRunsFromWhenTheCounterFirstMoved() throws IOException {
    // A bulk load's maps sort keys for a minute; only its reducers count rows.
    JobProgress.Tracker tracker = tracker(JobProgress.counting("load t", "records", 10_000_000, Work.ROWS));
    at(30, 0, tracker);
    at(60, 0, tracker);
    at(70, 1_000_000, tracker);
    at(80, 2_000_000, tracker);
    assertEquals(List.of(
        "[load t]   0% done, elapsed 0m30s, nothing counted yet, remaining unknown",
        "[load t]   0% done, elapsed 1m00s, nothing counted yet, remaining unknown",
        "[load t]  10% done, 1,000,000 records (100,000 records/s), elapsed 1m10s, remaining ~1m30s",
        "[load t]  20% done, 2,000,000 records (100,000 records/s), elapsed 1m20s, remaining ~1m20s"), lines());
  }

  @Test
  void workIsTheSumOfItsCounters() throws IOException {
    // Verify's rows checked: intact and corrupt as the scan meets them, missing at each task's end.
    JobProgress.Tracker tracker = tracker(JobProgress.counting("verify t", "rows checked", 1_000, Work.ROWS,
        Work.BAD_ROWS));
    job.counters.findCounter(Work.BAD_ROWS).setValue(100);
    at(10, 400, tracker);
    assertEquals(List.of("[verify t]  50% done, 500 rows checked (50 rows checked/s), elapsed 0m10s,"
        + " remaining ~0m10s"), lines());
  }

  @Test
  void aTimedRunCountsItsWindowFromTheClientsCommonStartNotFromItsCounter() throws IOException {
    JobProgress.Tracker tracker = tracker(JobProgress.timed("run 1/1 workloadc", "ops", 20, () -> windowStartMs,
        Work.ROWS));
    at(10, 0, tracker);
    // The clients met at 12 s and start measuring at 14 s; their counts reach the driver much later.
    windowStartMs = WALL_CLOCK_AT_SUBMISSION_MS + 14_000;
    at(20, 0, tracker);
    at(30, 90_000, tracker);
    assertEquals(List.of(
        "[run 1/1 workloadc]   0% done, elapsed 0m10s, waiting for the clients to start",
        "[run 1/1 workloadc]  30% done, elapsed 0m20s, nothing counted yet, remaining ~0m14s",
        "[run 1/1 workloadc]  80% done, 90,000 ops (9,000 ops/s), elapsed 0m30s, remaining ~0m04s"), lines());
  }

  @Test
  void theDetailFollowsOnlyLinesThatCountWork() throws IOException {
    // A run's latest latencies: never on a line that counts nothing yet, nor when the supplier has none.
    String[] latest = {"last 10 s: p50 1.20 ms, p99 8.40 ms"};
    JobProgress.Tracker tracker = tracker(JobProgress.counting("run 1/1 workloadc", "ops", 1_000, Work.ROWS)
        .withDetail(() -> latest[0]));
    at(10, 0, tracker);
    at(20, 400, tracker);
    latest[0] = null;
    at(30, 500, tracker);
    assertEquals(List.of(
        "[run 1/1 workloadc]   0% done, elapsed 0m10s, nothing counted yet, remaining unknown",
        "[run 1/1 workloadc]  40% done, 400 ops (40 ops/s), elapsed 0m20s, remaining ~0m15s, last 10 s: p50 1.20 ms,"
            + " p99 8.40 ms",
        "[run 1/1 workloadc]  50% done, 500 ops (10 ops/s), elapsed 0m30s, remaining ~0m20s"), lines());
  }

  @Test
  void aRateSpansAtLeastEightSecondsSoThatReportsEveryThreeSecondsNeverReadAsAStall() throws IOException {
    // Lines every 3 s; the counters move when a task reports (every 3 s), and one report comes late.
    JobProgress.Tracker tracker = tracker(JobProgress.counting("run 1/1 workloada", "ops", 0, Work.ROWS));
    at(3, 0, tracker);
    at(6, 300, tracker);
    at(9, 300, tracker);
    at(12, 900, tracker);
    at(15, 1_200, tracker);
    assertEquals(List.of(
        "[run 1/1 workloada] elapsed 0m03s, nothing counted yet",
        "[run 1/1 workloada] 300 ops (50 ops/s), elapsed 0m06s",
        "[run 1/1 workloada] 300 ops (33 ops/s), elapsed 0m09s",
        "[run 1/1 workloada] 900 ops (100 ops/s), elapsed 0m12s",
        "[run 1/1 workloada] 1,200 ops (100 ops/s), elapsed 0m15s"), lines(), "0 ops/s at 9 s over the last 3 s alone");
  }

  @Test
  void theLastLineOfASucceededJobIsAllItsWork() throws IOException {
    JobProgress.Tracker tracker = tracker(JobProgress.counting("load t", "records", 1_000, Work.ROWS));
    at(10, 400, tracker);
    clockNanos = 12 * SECOND;
    job.counters.findCounter(Work.ROWS).setValue(1_000);
    job.complete = true;
    tracker.printEndSafely();
    assertEquals(List.of("[load t]  40% done, 400 records (40 records/s), elapsed 0m10s, remaining ~0m15s",
        "[load t] 100% done, 1,000 records, elapsed 0m12s"), lines());
  }

  @Test
  void aCompletedJobGetsNoLine() throws IOException {
    JobProgress.Tracker tracker = tracker(JobProgress.counting("verify t", "rows checked", 100, Work.ROWS));
    job.complete = true;
    at(10, 100, tracker);
    assertEquals(List.of(), lines());
  }

  private JobProgress.Tracker tracker(JobProgress progress) {
    return progress.new Tracker(job, new PrintStream(printed, true, StandardCharsets.UTF_8), () -> clockNanos,
        () -> WALL_CLOCK_AT_SUBMISSION_MS + clockNanos / 1_000_000);
  }

  private void at(long seconds, long rows, JobProgress.Tracker tracker) throws IOException {
    clockNanos = seconds * SECOND;
    job.counters.findCounter(Work.ROWS).setValue(rows);
    tracker.print();
  }

  private List<String> lines() {
    String text = printed.toString(StandardCharsets.UTF_8);
    return text.isEmpty() ? List.of() : List.of(text.split("\\R"));
  }

  private static RunningJob newJob() {
    try {
      return new RunningJob();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private enum Work { ROWS, BAD_ROWS }

  /** A job that reads as running, with all maps and reduces done as Hadoop tells it: what fooled the old rule. */
  private static final class RunningJob extends Job {
    final Counters counters = new Counters();
    boolean complete;

    @SuppressWarnings("deprecation")
    RunningJob() throws IOException {
      super(new Configuration(false));
    }

    @Override
    public boolean isComplete() {
      return complete;
    }

    @Override
    public Counters getCounters() {
      return counters;
    }

    @Override
    public float mapProgress() {
      return 1;
    }

    @Override
    public float reduceProgress() {
      return 1;
    }
  }
}
