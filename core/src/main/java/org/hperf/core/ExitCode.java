package org.hperf.core;

/** The three exit codes every hperf command uses; only the driver's main turns them into System.exit. */
public final class ExitCode {
  /** The command did what was asked. */
  public static final int OK = 0;
  /** A job failed, or a verification found bad data, or an error ratio was exceeded. */
  public static final int FAILED = 1;
  /** Bad options, bad input files, a missing table, an unreachable cluster: nothing was touched. */
  public static final int USAGE = 2;

  private ExitCode() {
  }
}
