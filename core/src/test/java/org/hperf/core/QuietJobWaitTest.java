package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.TaskType;
import org.junit.jupiter.api.Test;

/** The quiet wait against a job whose status the test scripts, poll by poll. */
class QuietJobWaitTest {
  private static final TaskAttemptID FIRST_ATTEMPT = new TaskAttemptID("1700000000000", 7, TaskType.MAP, 1, 0);

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void aSucceededJobPrintsNothing() throws Exception {
    ScriptedJob job = new ScriptedJob(3, true);
    assertTrue(QuietJobWait.waitFor(job, stream()));
    assertEquals("", printed());
    assertTrue(job.polls >= 3, "polled until complete: " + job.polls);
  }

  @Test
  void aFailedAttemptIsOneLineWithTheFirstLineOfItsDiagnostics() throws Exception {
    ScriptedJob job = new ScriptedJob(3, true);
    job.events.add(new TaskCompletionEvent(0, FIRST_ATTEMPT, 1, true, TaskCompletionEvent.Status.FAILED, ""));
    job.events.add(new TaskCompletionEvent(1, new TaskAttemptID("1700000000000", 7, TaskType.MAP, 1, 1), 1, true,
        TaskCompletionEvent.Status.SUCCEEDED, ""));
    assertTrue(QuietJobWait.waitFor(job, stream()));
    assertEquals("task attempt " + FIRST_ATTEMPT + " failed: java.io.IOException: injected\n", printed());
  }

  @Test
  void aFailedJobPrintsHadoopsCounters() throws Exception {
    ScriptedJob job = new ScriptedJob(1, false);
    job.counters.findCounter("hperf workload", "Read OK").setValue(42);
    assertFalse(QuietJobWait.waitFor(job, stream()));
    String text = printed();
    assertTrue(text.startsWith("job null FAILED, Counters: 1\n"), text);
    assertTrue(text.contains("Read OK=42"), text);
  }

  private PrintStream stream() {
    return new PrintStream(err, true, StandardCharsets.UTF_8);
  }

  private String printed() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** Complete after {@code pollsToComplete} polls; events appear at the first. */
  private static final class ScriptedJob extends Job {
    final List<TaskCompletionEvent> events = new ArrayList<>();
    final Counters counters = new Counters();
    private final int pollsToComplete;
    private final boolean succeeds;
    int polls;

    @SuppressWarnings("deprecation")
    ScriptedJob(int pollsToComplete, boolean succeeds) throws IOException {
      super(conf());
      this.pollsToComplete = pollsToComplete;
      this.succeeds = succeeds;
    }

    private static Configuration conf() {
      Configuration conf = new Configuration(false);
      conf.setInt(Job.PROGRESS_MONITOR_POLL_INTERVAL_KEY, 1);
      return conf;
    }

    @Override
    public boolean isComplete() {
      return ++polls >= pollsToComplete;
    }

    @Override
    public boolean isSuccessful() {
      return succeeds;
    }

    @Override
    public JobStatus.State getJobState() {
      return succeeds ? JobStatus.State.SUCCEEDED : JobStatus.State.FAILED;
    }

    @Override
    public TaskCompletionEvent[] getTaskCompletionEvents(int from, int max) {
      return events.subList(Math.min(from, events.size()), Math.min(from + max, events.size()))
          .toArray(new TaskCompletionEvent[0]);
    }

    @Override
    public String[] getTaskDiagnostics(TaskAttemptID attempt) {
      return attempt.equals(FIRST_ATTEMPT)
          ? new String[] {"", "java.io.IOException: injected\n\tat org.hperf.jobs.WorkloadMapper.run(WorkloadMapper.java:1)\n"}
          : new String[0];
    }

    @Override
    public Counters getCounters() {
      return counters;
    }
  }
}
