package org.hperf.jobs;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;
import org.hperf.core.run.TaskLogFormat;

/**
 * The task JVM's garbage collections and CPU time, interval by interval, for the task log's jvm
 * lines ({@link TaskLogFormat.JvmInterval}): what lets a report say the client, not the cluster,
 * stalled. Differences of the JVM's running totals, so each line covers exactly its interval.
 */
final class TaskJvmIntervals {
  private final boolean sharedJvm;
  private long lastEndMs;
  private long lastGcCount;
  private long lastGcTimeMs;
  private long lastCpuNanos;

  TaskJvmIntervals(Configuration conf, long startMs) {
    // As TaskCpu: the LocalJobRunner runs every task, the driver and maybe the cluster in one JVM.
    sharedJvm = MRConfig.LOCAL_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME));
    lastEndMs = startMs;
    lastGcCount = gcCount();
    lastGcTimeMs = gcTimeMs();
    lastCpuNanos = processCpuNanos();
  }

  /** The JVM from the end of the previous interval (or the start) to {@code endMs}. */
  TaskLogFormat.JvmInterval next(long endMs) {
    long count = gcCount();
    long timeMs = gcTimeMs();
    long cpu = processCpuNanos();
    TaskLogFormat.JvmInterval interval = new TaskLogFormat.JvmInterval(lastEndMs, Math.max(lastEndMs, endMs),
        count - lastGcCount, timeMs - lastGcTimeMs, cpu < 0 || lastCpuNanos < 0 ? -1 : (cpu - lastCpuNanos) / 1_000_000,
        sharedJvm);
    lastEndMs = interval.endMs();
    lastGcCount = count;
    lastGcTimeMs = timeMs;
    lastCpuNanos = cpu;
    return interval;
  }

  private static long gcCount() {
    long total = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      total += Math.max(0, gc.getCollectionCount());
    }
    return total;
  }

  private static long gcTimeMs() {
    long total = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      total += Math.max(0, gc.getCollectionTime());
    }
    return total;
  }

  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }
}
