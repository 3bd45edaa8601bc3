package org.hperf.dist;

/**
 * The main class of the Oozie workflow's java actions: runs a perf command like {@link Perf} but
 * reports its exit code the way Oozie's launcher understands, returning normally on success and
 * throwing otherwise, because a java action must not call System.exit.
 */
public final class OozieMain {
  private OozieMain() {
  }

  public static void main(String[] args) {
    int exitCode = Perf.run(args);
    if (exitCode != 0) {
      throw new IllegalStateException("perf " + (args.length > 0 ? args[0] : "") + " exited with code " + exitCode);
    }
  }
}
