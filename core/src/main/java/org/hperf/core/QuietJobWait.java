package org.hperf.core;

import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;

/**
 * Waits for a submitted job as {@code Job.waitForCompletion(true)} does, polling at the same
 * interval ({@code mapreduce.client.progressmonitor.pollinterval}), but prints only what went wrong:
 * each failed task attempt in one line as Hadoop reports it, and for a failed job all of Hadoop's
 * counters. Hadoop's own monitor logs map/reduce percentages and every counter group through log4j,
 * whose configuration on a cluster is the cluster's; hperf's progress lines and counter tables say
 * it in fewer lines, and {@link Verbosity verbose} brings Hadoop's back.
 */
final class QuietJobWait {
  /** As Job.monitorAndPrintJob asks for them. */
  private static final int EVENTS_PER_CALL = 10;

  private QuietJobWait() {
  }

  /** True if the job succeeded. */
  static boolean waitFor(Job job, PrintStream err) throws IOException, InterruptedException {
    int pollMs = Job.getProgressPollInterval(job.getConfiguration());
    int events = 0;
    boolean complete;
    do {
      complete = job.isComplete();
      // Read after isComplete, so the last events are read once the job has ended.
      events += printFailedAttempts(job, events, err);
      if (!complete) {
        Thread.sleep(pollMs);
      }
    } while (!complete);
    if (job.isSuccessful()) {
      return true;
    }
    Counters counters = job.getCounters();
    err.println("job " + job.getJobID() + " " + job.getJobState() + ", "
        + (counters == null ? "its counters not available" : counters.toString()));
    return false;
  }

  /** Prints the failed attempts among the events from {@code from} on; returns how many events there were. */
  private static int printFailedAttempts(Job job, int from, PrintStream err) throws IOException, InterruptedException {
    int read = 0;
    TaskCompletionEvent[] batch;
    do {
      batch = job.getTaskCompletionEvents(from + read, EVENTS_PER_CALL);
      for (TaskCompletionEvent event : batch) {
        if (event.getStatus() == TaskCompletionEvent.Status.FAILED) {
          err.println("task attempt " + event.getTaskAttemptId() + " failed: "
              + firstLine(job.getTaskDiagnostics(event.getTaskAttemptId())));
        }
      }
      read += batch.length;
    } while (batch.length == EVENTS_PER_CALL);
    return read;
  }

  /** The first line of the last diagnostic: the exception, without its stack. */
  private static String firstLine(String[] diagnostics) {
    for (int i = diagnostics == null ? -1 : diagnostics.length - 1; i >= 0; i--) {
      String text = diagnostics[i] == null ? "" : diagnostics[i].strip();
      if (!text.isEmpty()) {
        return text.lines().findFirst().orElse(text);
      }
    }
    return "no diagnostics";
  }
}
