package org.hperf.core;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;

/** Reads a finished job's hperf counters and prints them with their display names. */
public final class JobCounters {
  private static final int MIN_NAME_WIDTH = 46;

  private JobCounters() {
  }

  public static <E extends Enum<E>> long value(Counters counters, E counter) {
    return counters.findCounter(counter).getValue();
  }

  /**
   * Prints one counter group as the JobHistory UI shows it: display names, right-aligned values;
   * the counters that are 0 only when {@link Verbosity verbose} (the job's configuration says).
   */
  public static <E extends Enum<E>> void print(Job job, Class<E> group, PrintStream out) throws IOException {
    Counters counters = job.getCounters();
    boolean verbose = Verbosity.of(job.getConfiguration());
    List<Counter> shown = new ArrayList<>();
    // In declaration order, which reads better than Hadoop's alphabetical order.
    for (E constant : group.getEnumConstants()) {
      Counter counter = counters.findCounter(constant);
      if (verbose || counter.getValue() != 0) {
        shown.add(counter);
      }
    }
    int width = shown.stream().mapToInt(c -> c.getDisplayName().length()).max().orElse(0);
    out.println(counters.getGroup(group.getName()).getDisplayName() + " (job " + job.getJobID() + "):");
    for (Counter counter : shown) {
      out.printf(Locale.ROOT, "  %-" + Math.max(MIN_NAME_WIDTH, width) + "s %,14d%n", counter.getDisplayName(), counter.getValue());
    }
  }
}
