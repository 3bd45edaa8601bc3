package org.hperf.core;

import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.cli.CommandOptions;

/**
 * What a command that writes or runs at scale (load, suite) is about to do, printed before it
 * touches anything: records, regions, bytes with replication, a rough time, the tables it creates.
 * Then two gates. The file system must have the space ({@link Footprint}): when it has not, one
 * line and exit 2. And an operator at a terminal must answer y: anything else stops with exit 2.
 *
 * <p>With {@code --yes}, or when stdin or stdout is not a terminal (a script, cron, CI, an Oozie
 * action), it goes on without asking, the plan still printed so that the log shows what ran:
 * waiting for an answer no one can give would hang a scheduled job, and refusing there would break
 * every script that ran the command before the question existed; the space check guards them too.
 */
public final class Preflight {
  public static final String YES = "yes";
  private final String command;
  private final List<String> lines = new ArrayList<>();

  public Preflight(String command) {
    this.command = command;
  }

  /** The --yes flag, described alike for every command that has a preflight. */
  public static CommandOptions addYesTo(CommandOptions options) {
    return options.flag(null, YES, "start without asking. Without it the plan (records, regions, bytes on HDFS with"
        + " replication, rough time, tables created) is printed first and, on a terminal, must be answered y;"
        + " when stdin or stdout is not a terminal (scripts, CI, Oozie) the plan is printed and the command goes"
        + " on. Too little free space on HDFS is refused either way (exit 2)");
  }

  /** One line of the plan: a short label and what it says. */
  public Preflight line(String label, String text) {
    lines.add(String.format(Locale.ROOT, "  %-8s %s", label, text));
    return this;
  }

  /**
   * Prints the plan with the free space of {@code where}'s file system, then refuses when that is
   * short of {@code footprint} (null: the command writes no dataset) and asks on a terminal.
   *
   * @param fix what the user can do when the space is short, e.g. "load fewer records (...) or free space"
   */
  public void check(Footprint footprint, FileSystem fs, Path where, String fix, boolean yes, PrintStream out)
      throws UsageException, IOException {
    String refusal = null;
    if (footprint != null) {
      long remaining = freeBytes(fs, where);
      line("space", "needs " + Footprint.decimal(footprint.requiredBytes()) + " free (" + footprint.describe()
          + "); " + fs.getUri() + " has " + Footprint.decimal(remaining));
      refusal = refusal(footprint, remaining, fs.getUri().toString(), fix);
    }
    out.println("hperf " + command + " will:");
    lines.forEach(out::println);
    if (refusal != null) {
      throw new UsageException(refusal);
    }
    confirm(yes, terminal(), out);
  }

  /** The one line that refuses a footprint {@code remainingBytes} cannot hold, or null when it fits. */
  public static String refusal(Footprint footprint, long remainingBytes, String fileSystem, String fix) {
    long shortBytes = footprint.shortfallBytes(remainingBytes);
    if (shortBytes == 0) {
      return null;
    }
    return "not enough free space on " + fileSystem + ": needs " + Footprint.decimal(footprint.requiredBytes()) + " ("
        + footprint.describe() + "), has " + Footprint.decimal(Math.max(0, remainingBytes)) + ", short by "
        + Footprint.decimal(shortBytes) + ": " + fix;
  }

  /**
   * Returns when the command may go on: {@code --yes} given, no terminal to ask ({@code terminal}
   * null), or the answer y or yes; throws otherwise, before anything was written.
   *
   * @param terminal asks its argument and returns the answer, null at the end of input
   */
  public static void confirm(boolean yes, UnaryOperator<String> terminal, PrintStream out) throws UsageException {
    if (yes) {
      return;
    }
    if (terminal == null) {
      out.println("not on a terminal: going on without asking (--yes says so)");
      return;
    }
    String answer = terminal.apply("Proceed? [y/N] ");
    String word = answer == null ? "" : answer.trim().toLowerCase(Locale.ROOT);
    if (!word.equals("y") && !word.equals("yes")) {
      throw new UsageException("stopped at the question: nothing was written (answer y to go on, or pass --yes)");
    }
  }

  /** The terminal to ask on, or null when stdin or stdout is not one (Java 17's System.console()). */
  static UnaryOperator<String> terminal() {
    Console console = System.console();
    return console == null ? null : prompt -> console.readLine("%s", prompt);
  }

  /**
   * The free space where {@code path} is or will be. A local file system reports its disk only for
   * a path that exists (0 otherwise), so the nearest existing ancestor is asked; HDFS answers for
   * the whole file system whatever the path.
   */
  static long freeBytes(FileSystem fs, Path path) throws IOException {
    Path existing = fs.makeQualified(path);
    while (existing.getParent() != null && !fs.exists(existing)) {
      existing = existing.getParent();
    }
    return fs.getStatus(existing).getRemaining();
  }
}
