package org.hperf.core;

import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/**
 * The console log levels of the job client in this JVM. Under {@code hadoop jar} the cluster's
 * log4j configuration applies, whose root level is usually INFO: the job client then prints its
 * tracking URL, splits, tokens, ResourceManager and ZooKeeper connections at every job. hperf's own
 * lines say what a person needs, so by default an INFO root is raised to WARN (a level set lower
 * than INFO, for debugging, is left alone); verbose shows Hadoop's job log
 * ({@code org.apache.hadoop.mapreduce.Job} at INFO, which conf/log4j.properties leaves at WARN).
 * Done here and not only in conf/log4j.properties because that file is scripts/hperf's alone.
 * Through the log4j 1 API (reload4j, the logging of Hadoop 3's client); where it is missing the
 * levels stay as configured.
 */
final class ConsoleLog {
  static final String HADOOP_JOB_LOGGER = "org.apache.hadoop.mapreduce.Job";
  /**
   * Once a command in this JVM was verbose, a command it runs (a suite's step, an ab run) must not
   * quiet the log again.
   */
  private static boolean verboseSeen;
  private static boolean rootRaised;

  private ConsoleLog() {
  }

  static synchronized void configure(boolean verbose) {
    try {
      if (verbose) {
        verboseSeen = true;
        Logger.getLogger(HADOOP_JOB_LOGGER).setLevel(Level.INFO);
        if (rootRaised) {
          Logger.getRootLogger().setLevel(Level.INFO);
          rootRaised = false;
        }
      } else if (!verboseSeen && Level.INFO.equals(Logger.getRootLogger().getLevel())) {
        Logger.getRootLogger().setLevel(Level.WARN);
        rootRaised = true;
      }
    } catch (LinkageError noLog4j) {
      // Another logging backend: its own configuration decides, as it would without hperf.
    }
  }
}
