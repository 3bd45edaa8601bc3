package org.hperf.driver;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One side's embedded cluster in a JVM of its own ({@link EmbeddedClusterServer}), as the comparison
 * drives it: started and waited for, its region servers restarted with the side's settings, stopped.
 * Every line the process prints goes to its log; its answers are read from the same lines. Every
 * wait is bounded and says what did not happen.
 */
final class EmbeddedClusterProcess implements AutoCloseable {
  static final Duration START_BOUND = Duration.ofMinutes(5);
  static final Duration RESTART_BOUND = Duration.ofMinutes(5);
  static final Duration STOP_BOUND = Duration.ofMinutes(2);
  /**
   * The cluster's JVM compiles with C1 alone, as the demo's does: compiled by C2 as well, the
   * embedded servers kept compiling for over a minute of each workload; by C1 alone they are steady
   * within seconds (docs/commands.md#demo), which a lifetime of a few minutes needs.
   */
  static final List<String> JIT_FLAGS = List.of("-XX:TieredStopAtLevel=1");

  private final String name;
  private final Process process;
  private final File log;
  /** Its client configuration, known once it is up. */
  private File site;
  private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
  private final PrintWriter requests;

  private EmbeddedClusterProcess(String name, Process process, File log) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.requests = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
  }

  /**
   * Starts the cluster of {@code regionServers} region servers in {@code dir} and returns once it
   * is up and its hbase-site.xml written; {@code name} names it in errors ("side A's cluster").
   */
  static EmbeddedClusterProcess start(String name, File dir, int regionServers, String heap, File log)
      throws IOException, InterruptedException {
    Files.createDirectories(dir.toPath());
    Files.createDirectories(log.getParentFile().toPath());
    List<String> command = ChildJvm.command(List.of(), heap, JIT_FLAGS, EmbeddedClusterServer.class.getName(),
        List.of(dir.getPath(), Integer.toString(regionServers)));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    EmbeddedClusterProcess cluster = new EmbeddedClusterProcess(name, process, log);
    cluster.copyOutput();
    cluster.site = new File(cluster.await("ready", START_BOUND, "to start"));
    return cluster;
  }

  /** Its client configuration, for -conf. */
  File site() {
    return site;
  }

  long pid() {
    return process.pid();
  }

  /**
   * Replaces its region servers by new ones started with {@code settings} (none: the cluster's own
   * configuration); returns what the restart did.
   */
  String restartRegionServers(Map<String, String> settings) throws IOException, InterruptedException {
    requests.println(("restart " + settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "))).trim());
    return await("restarted", RESTART_BOUND, "to restart its region servers");
  }

  /** Asks it to stop and waits, at most {@link #STOP_BOUND}; then ends it. */
  @Override
  public void close() {
    if (!process.isAlive()) {
      return;
    }
    requests.println("stop");
    try {
      if (!process.waitFor(STOP_BOUND.toMillis(), TimeUnit.MILLISECONDS)) {
        System.err.println("hperf ab: " + name + " did not stop within " + STOP_BOUND.toMinutes() + " min: ended");
        process.destroyForcibly().waitFor(STOP_BOUND.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** Ends it at once (the comparison's JVM shutting down). */
  void kill() {
    process.destroyForcibly();
  }

  /** Copies the process's output into its log, and its answers into the queue, until the output ends. */
  private void copyOutput() throws IOException {
    Writer out = Files.newBufferedWriter(log.toPath(), StandardCharsets.UTF_8);
    Thread copier = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8)); Writer closing = out) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          out.write(line);
          out.write('\n');
          if (line.startsWith(EmbeddedClusterServer.ANSWER)) {
            out.flush();
            answers.add(line.substring(EmbeddedClusterServer.ANSWER.length()));
          }
        }
      } catch (IOException e) {
        answers.add("failed its output could not be read: " + e);
      }
      answers.add("ended");
    }, "hperf-ab-" + log.getName());
    copier.setDaemon(true);
    copier.start();
  }

  /** The next answer, which must begin with {@code word}; its rest. */
  private String await(String word, Duration bound, String what) throws IOException, InterruptedException {
    String answer = answers.poll(bound.toMillis(), TimeUnit.MILLISECONDS);
    if (answer == null) {
      kill();
      throw new IOException(name + " did not answer within " + bound.toMinutes() + " min when asked " + what
          + ": it was ended (log " + log + ")");
    }
    if (answer.equals("ended")) {
      // Its output has ended: the process is ending, but a JVM's shutdown may still take a while.
      String exit = process.waitFor(STOP_BOUND.toMillis(), TimeUnit.MILLISECONDS)
          ? "exit code " + process.exitValue() : "not ended within " + STOP_BOUND.toMinutes() + " min: ended";
      kill();
      throw new IOException(name + " ended before it was " + (word.equals("ready") ? "up" : "done") + " (" + exit
          + ", log " + log + ")");
    }
    if (!answer.startsWith(word + " ")) {
      throw new IOException(name + " failed " + what + ": " + answer.replaceFirst("^failed ", "") + " (log " + log
          + ")");
    }
    return answer.substring(word.length() + 1);
  }
}
