package org.hperf.core;

import org.apache.hadoop.conf.Configuration;

/**
 * How much a command prints. By default its own lines only: what each step does, progress, the
 * counters that are not 0, the results, each finding once, where the output went. Verbose
 * ({@code --verbose}, which every command accepts, or {@code -D hperf.verbose=true}) adds Hadoop's
 * job log as {@code Job.waitForCompletion(true)} prints it (map/reduce percentages, failed task
 * attempts, every counter group), the counters that are 0, and the client libraries' INFO lines
 * ({@link ConsoleLog}). A failed job is loud either way: its attempts' failures and Hadoop's
 * counters are printed ({@link QuietJobWait}).
 */
public final class Verbosity {
  public static final String KEY = "hperf.verbose";
  /**
   * The source GenericOptionsParser records for {@code -D} settings. {@code --verbose} is recorded
   * under it too, so that a command which runs jobs on a configuration of its own (the embedded
   * cluster's, for demo and ab) and passes the user's {@code -D} settings on to it passes this one.
   */
  public static final String COMMAND_LINE_SOURCE = "from command line";

  private Verbosity() {
  }

  public static boolean of(Configuration conf) {
    return conf.getBoolean(KEY, false);
  }

  /** What {@code --verbose} does: the same as {@code -D hperf.verbose=true}. */
  static void setFromCommandLine(Configuration conf) {
    conf.set(KEY, "true", COMMAND_LINE_SOURCE);
  }
}
