package org.hperf.core;

import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;

/** Reads a finished job's hperf counters and prints them with their display names. */
public final class JobCounters {
  private JobCounters() {
  }

  public static <E extends Enum<E>> long value(Counters counters, E counter) {
    return counters.findCounter(counter).getValue();
  }

  /** Prints one counter group as the JobHistory UI shows it: display names, right-aligned values. */
  public static <E extends Enum<E>> void print(Job job, Class<E> group, PrintStream out) throws IOException {
    Counters counters = job.getCounters();
    out.println(counters.getGroup(group.getName()).getDisplayName() + " (job " + job.getJobID() + "):");
    // In declaration order, which reads better than Hadoop's alphabetical order.
    for (E constant : group.getEnumConstants()) {
      Counter counter = counters.findCounter(constant);
      out.printf("  %-46s %,14d%n", counter.getDisplayName(), counter.getValue());
    }
  }
}
