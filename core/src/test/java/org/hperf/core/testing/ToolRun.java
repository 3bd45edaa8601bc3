package org.hperf.core.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/** A command's exit code and what it printed to stdout and stderr (also still shown on the console). */
public record ToolRun(int exitCode, String out, String err) {

  public static ToolRun capture(Callable<Integer> command) throws Exception {
    PrintStream originalOut = System.out;
    PrintStream originalErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setOut(new PrintStream(new Tee(originalOut, out), true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(new Tee(originalErr, err), true, StandardCharsets.UTF_8));
    try {
      int exitCode = command.call();
      return new ToolRun(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(originalOut);
      System.setErr(originalErr);
    }
  }

  /** Runs a command through ToolRunner with a copy of {@code conf}, capturing its exit code and output. */
  public static ToolRun of(Configuration conf, Tool tool, String... args) throws Exception {
    return capture(() -> ToolRunner.run(new Configuration(conf), tool, args));
  }

  /**
   * A counter's value as the job's counter table printed it ("  Rows intact   20,000"), 0 when the
   * table has no such line: counters of 0 are left out unless --verbose.
   */
  public long counter(String displayName) {
    java.util.regex.Matcher line = java.util.regex.Pattern.compile("^\\s+" + java.util.regex.Pattern.quote(displayName)
        + "\\s+([\\d,]+)$", java.util.regex.Pattern.MULTILINE).matcher(out);
    return line.find() ? Long.parseLong(line.group(1).replace(",", "")) : 0;
  }

  /** Everything printed, stdout then stderr, for assertion messages. */
  public String all() {
    return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
  }

  /** Writes to the console and to the captured buffer; PrintStream and the buffer never throw. */
  private static final class Tee extends OutputStream {
    private final PrintStream console;
    private final ByteArrayOutputStream captured;

    Tee(PrintStream console, ByteArrayOutputStream captured) {
      this.console = console;
      this.captured = captured;
    }

    @Override
    public void write(int b) {
      console.write(b);
      captured.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      console.write(b, off, len);
      captured.write(b, off, len);
    }
  }
}
