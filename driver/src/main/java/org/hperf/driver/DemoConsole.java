package org.hperf.driver;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Where the demo's commands print. Quiet (the default): everything they print, stdout and stderr,
 * goes to a log file, and the console shows one line of progress, read once a second from the
 * ledger of the command running ({@code suite.properties}, {@code ab.properties}: the steps done
 * and the one started): rewritten in place on a terminal; otherwise (a pipe or a file keeps every
 * line) a new line when it changed, at most every {@link #LINE_EVERY_SECONDS} s, and every {@link
 * #UNCHANGED_LINE_EVERY_SECONDS} s when it did not. Verbose: the commands print
 * to the console as they always do, and there is no progress line.
 */
final class DemoConsole implements AutoCloseable {
  static final int LINE_EVERY_SECONDS = 10;
  /** Off a terminal, a line at least this often even when nothing changed: the demo is not stuck. */
  static final int UNCHANGED_LINE_EVERY_SECONDS = 30;

  /**
   * What the progress line reads: a command's ledger, which of its keys are steps (their value
   * "done" once done, "started" while running), and how many steps it has.
   */
  record Stage(String label, File ledger, Predicate<String> isStep, int steps) {
  }

  private final PrintStream console;
  private final PrintStream consoleErr;
  private final File log;
  private final PrintStream logStream;
  private final boolean terminal;
  private final long startedNanos = System.nanoTime();
  private final ScheduledExecutorService ticker;
  private volatile Stage stage;
  private String lastStatus = "";
  private long lastPrintedNanos;
  private int shownWidth;

  private DemoConsole(File log, boolean terminal) throws IOException {
    this.console = System.out;
    this.consoleErr = System.err;
    this.log = log;
    this.terminal = terminal;
    if (log == null) {
      this.logStream = null;
      this.ticker = null;
      return;
    }
    this.logStream = new PrintStream(new FileOutputStream(log), true, StandardCharsets.UTF_8);
    System.setOut(logStream);
    System.setErr(logStream);
    followRedirectedStreams();
    this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "hperf-demo-progress");
      thread.setDaemon(true);
      return thread;
    });
    ticker.scheduleWithFixedDelay(this::tick, 1, 1, TimeUnit.SECONDS);
  }

  /**
   * The cluster's log lines go where System.err goes now: log4j's console appender holds the stream
   * it found when it started unless told to follow it, and the cluster's warnings would reach the
   * console past the redirection (70 lines of stack traces in a demo).
   */
  private static void followRedirectedStreams() {
    var appenders = org.apache.log4j.Logger.getRootLogger().getAllAppenders();
    while (appenders.hasMoreElements()) {
      if (appenders.nextElement() instanceof org.apache.log4j.ConsoleAppender console && !console.getFollow()) {
        console.setFollow(true);
        console.activateOptions();
      }
    }
  }

  /** The commands print to the console; nothing is redirected. */
  static DemoConsole verbose() throws IOException {
    return new DemoConsole(null, false);
  }

  /** The commands print into {@code log}; the console gets the progress line. */
  static DemoConsole quiet(File log) throws IOException {
    // System.console() is there only when both stdin and stdout are a terminal: then \r rewrites the line.
    return new DemoConsole(log, System.console() != null);
  }

  boolean isQuiet() {
    return log != null;
  }

  File log() {
    return log;
  }

  /** The console as it was before the commands were redirected: the demo's own lines go here. */
  PrintStream out() {
    return console;
  }

  /** From now on the progress line follows this command's ledger. */
  void follow(Stage next) {
    stage = next;
  }

  /** A line of the demo's own, on the console, below the progress line if one is showing. */
  synchronized void println(String line) {
    clearProgress();
    console.println(line);
  }

  /** The last {@code lines} lines the commands printed, for a failure's message. */
  List<String> logTail(int lines) throws IOException {
    if (log == null) {
      return List.of();
    }
    logStream.flush();
    List<String> all = Files.readAllLines(log.toPath(), StandardCharsets.UTF_8);
    return all.subList(Math.max(0, all.size() - lines), all.size());
  }

  private synchronized void tick() {
    Stage current = stage;
    if (current == null) {
      return;
    }
    String status = status(current);
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startedNanos);
    String line = String.format(Locale.ROOT, "  %dm%02ds  %s", seconds / 60, seconds % 60, status);
    if (terminal) {
      console.print("\r" + line + " ".repeat(Math.max(0, shownWidth - line.length())));
      console.flush();
      shownWidth = line.length();
    } else {
      long sincePrinted = System.nanoTime() - lastPrintedNanos;
      if (sincePrinted >= TimeUnit.SECONDS.toNanos(status.equals(lastStatus) ? UNCHANGED_LINE_EVERY_SECONDS
          : LINE_EVERY_SECONDS)) {
        console.println(line);
        lastPrintedNanos = System.nanoTime();
        lastStatus = status;
      }
    }
  }

  /** "suite: 7 of 26 steps done, now run-workloadf". */
  private static String status(Stage current) {
    Properties ledger = read(current.ledger());
    long done = 0;
    String running = null;
    for (String key : ledger.stringPropertyNames()) {
      if (!current.isStep().test(key)) {
        continue;
      }
      String value = ledger.getProperty(key);
      if ("done".equals(value)) {
        done++;
      } else if ("started".equals(value)) {
        running = key;
      }
    }
    return String.format(Locale.ROOT, "%s: %d of %d steps done%s", current.label(), done, current.steps(),
        running == null ? "" : ", now " + running);
  }

  /** The ledger as last written; empty before its first write (it is replaced whole, never half-written). */
  private static Properties read(File ledger) {
    Properties properties = new Properties();
    try (InputStream in = new FileInputStream(ledger)) {
      properties.load(in);
    } catch (IOException e) {
      // Not written yet: no step done.
    }
    return properties;
  }

  /** Ends a progress line rewritten in place, so that the next line starts on its own. */
  private void clearProgress() {
    if (terminal && shownWidth > 0) {
      console.print("\r" + " ".repeat(shownWidth) + "\r");
      shownWidth = 0;
    }
  }

  /** Stops the progress line and gives the commands' output back to the console. */
  @Override
  public void close() {
    if (log == null) {
      return;
    }
    ticker.shutdownNow();
    try {
      ticker.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      clearProgress();
    }
    System.setOut(console);
    System.setErr(consoleErr);
    logStream.close();
  }
}
