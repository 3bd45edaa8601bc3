package org.hperf.jobs;

import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.hperf.core.JobCounters;

/**
 * The client's CPU cost per operation of a finished run, said only when it was measured whole:
 * from the task JVMs' CPU time (all threads) when every task had a JVM of its own. Tasks of the
 * LocalJobRunner share one JVM: such a run has no line of its own, and the command that ran it
 * says once why ({@link #unmeasuredNote}) instead of printing a partial figure after every run.
 */
final class ClientCost {
  private ClientCost() {
  }

  /** The run's line, or empty when a task shared its JVM ({@link #tasksSharingTheirJvm}). */
  static Optional<String> describe(Counters counters) {
    if (tasksSharingTheirJvm(counters) > 0) {
      return Optional.empty();
    }
    long operations = JobCounters.value(counters, WorkloadCounters.MEASURED_OPERATIONS)
        + JobCounters.value(counters, WorkloadCounters.WARMUP_OPERATIONS);
    if (operations == 0) {
      return Optional.of("client CPU per operation: no operations");
    }
    long cpuMicros = JobCounters.value(counters, WorkloadCounters.TASK_JVM_CPU_MICROS);
    long hadoopCpuMs = counters.findCounter(TaskCounter.CPU_MILLISECONDS).getValue();
    // Hadoop's CPU time covers the whole task, a server warm-up phase and its operations included.
    long allOperations = operations + JobCounters.value(counters, WorkloadCounters.SERVER_WARMUP_OPERATIONS);
    return Optional.of(String.format(Locale.ROOT, "client CPU per operation: %.1f us while running (task JVMs, all"
        + " threads); %.1f us with task start-up (Hadoop's CPU time spent)", cpuMicros / (double) operations,
        hadoopCpuMs * 1000.0 / allOperations));
  }

  static long tasksSharingTheirJvm(Counters counters) {
    return JobCounters.value(counters, WorkloadCounters.TASKS_WITHOUT_CPU_TIME);
  }

  /** Why {@code tasks} tasks of {@code runs} runs have no client CPU per operation. */
  static String unmeasuredNote(long tasks, int runs) {
    return "client CPU per operation: not measured: " + count(tasks, "task") + " of " + count(runs, "run")
        + " ran in a shared JVM (LocalJobRunner); run on YARN, or see scripts/bench-workload, which measures the"
        + " client as a process of its own";
  }

  private static String count(long n, String noun) {
    return String.format(Locale.ROOT, "%,d %s%s", n, noun, n == 1 ? "" : "s");
  }
}
