package org.hperf.jobs;

import java.util.Locale;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.hperf.core.JobCounters;

/**
 * The client's CPU cost per operation of a finished run, said only when it was measured whole:
 * from the task JVMs' CPU time (all threads) when every task had a JVM of its own. Tasks of the
 * LocalJobRunner share one JVM, so there the line says so instead of printing a partial figure.
 */
final class ClientCost {
  private ClientCost() {
  }

  static String describe(Counters counters) {
    long operations = JobCounters.value(counters, WorkloadCounters.MEASURED_OPERATIONS)
        + JobCounters.value(counters, WorkloadCounters.WARMUP_OPERATIONS);
    long shared = JobCounters.value(counters, WorkloadCounters.TASKS_WITHOUT_CPU_TIME);
    if (shared > 0) {
      return "client CPU per operation: not measured: " + shared + " task(s) shared their JVM (LocalJobRunner);"
          + " run on YARN, or see scripts/bench-workload, which measures the client as a process of its own";
    }
    if (operations == 0) {
      return "client CPU per operation: no operations";
    }
    long cpuMicros = JobCounters.value(counters, WorkloadCounters.TASK_JVM_CPU_MICROS);
    long hadoopCpuMs = counters.findCounter(TaskCounter.CPU_MILLISECONDS).getValue();
    return String.format(Locale.ROOT, "client CPU per operation: %.1f us while running (task JVMs, all threads);"
        + " %.1f us with task start-up (Hadoop's CPU time spent)", cpuMicros / (double) operations,
        hadoopCpuMs * 1000.0 / operations);
  }
}
