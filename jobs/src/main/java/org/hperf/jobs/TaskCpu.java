package org.hperf.jobs;

import java.lang.management.ManagementFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * The CPU a workload task's JVM spends while its clients run, all threads: the calling threads
 * and the HBase client's own RPC threads (netty event loops, protobuf, callbacks), which do most
 * of a client's work. Only meaningful when the JVM runs nothing else: a YARN container holds one
 * task, but the LocalJobRunner runs every task, the driver and often the embedded cluster in one
 * JVM. There the task counts itself as sharing its JVM instead of reporting a CPU time that is
 * not its own.
 */
final class TaskCpu {
  private final boolean sharedJvm;
  private final long startNanos;

  private TaskCpu(boolean sharedJvm, long startNanos) {
    this.sharedJvm = sharedJvm;
    this.startNanos = startNanos;
  }

  /** Starts measuring now; {@code conf} is the task's configuration. */
  static TaskCpu start(Configuration conf) {
    boolean shared = MRConfig.LOCAL_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME));
    return new TaskCpu(shared, shared ? 0 : processCpuNanos());
  }

  /** Adds the CPU time since {@link #start} or, in a shared JVM, that it could not be measured. */
  void addTo(TaskInputOutputContext<?, ?, ?, ?> context) {
    long now = sharedJvm ? -1 : processCpuNanos();
    if (sharedJvm || now < 0 || startNanos < 0) {
      context.getCounter(WorkloadCounters.TASKS_WITHOUT_CPU_TIME).increment(1);
    } else {
      context.getCounter(WorkloadCounters.TASK_JVM_CPU_MICROS).increment((now - startNanos) / 1000);
    }
  }

  /** The JVM's CPU time, all threads, or -1 where the JVM cannot tell. */
  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }
}
