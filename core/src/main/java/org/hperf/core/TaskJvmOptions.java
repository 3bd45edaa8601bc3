package org.hperf.core;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The JDK 17 flags HBase's client needs ({@link JvmFlags}), added to the map and reduce task JVMs
 * of a job that runs on a cluster, and to its MapReduce application master (which opens the
 * job's output format, HBase's own for a bulk load). Without them HBase cannot read {@code java.nio.Bits.unaligned()},
 * logs an InaccessibleObjectException in every task and falls back to its slower pure-Java byte
 * comparisons: the client measured would not be the client a JDK 17 user runs. Flags a task JVM
 * does not know (Java 8) are skipped by {@code -XX:+IgnoreUnrecognizedVMOptions}, so the same job
 * runs on clusters of either Java.
 *
 * <p>The application master also compiles with C1 alone ({@link #AM_JIT}), unless its options
 * already choose a tier: it only keeps the job's books, and its C2 compilations in the seconds its
 * clients start are CPU taken from them and from the region servers they measure.
 */
public final class TaskJvmOptions {
  static final String IGNORE_UNKNOWN = "-XX:+IgnoreUnrecognizedVMOptions";
  static final String AM_JIT = "-XX:TieredStopAtLevel=1";

  private TaskJvmOptions() {
  }

  /** Appends the flags to the tasks' and the AM's Java options, after what the user or cluster set. */
  public static void addTo(Configuration conf) {
    String flags = IGNORE_UNKNOWN + " " + JvmFlags.flags();
    for (String key : new String[] {MRJobConfig.MAP_JAVA_OPTS, MRJobConfig.REDUCE_JAVA_OPTS,
        MRJobConfig.MR_AM_COMMAND_OPTS}) {
      String current = conf.get(key, "").trim();
      if (!current.contains(flags)) {
        conf.set(key, current.isEmpty() ? flags : current + " " + flags);
      }
    }
    String am = conf.get(MRJobConfig.MR_AM_COMMAND_OPTS);
    if (!am.contains("TieredStopAtLevel")) {
      conf.set(MRJobConfig.MR_AM_COMMAND_OPTS, am + " " + AM_JIT);
    }
  }
}
