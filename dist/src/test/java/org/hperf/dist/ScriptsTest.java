package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The scripts users run: each answers --help, and oozie-submit uploads and submits what the workflow needs. */
class ScriptsTest {
  private static final File SCRIPTS = new File("../scripts").getAbsoluteFile();

  /** A help or a dry run takes about a second. */
  private static final Duration QUICK = Duration.ofSeconds(60);
  /**
   * What the ITs run through scripts/hperf (verify, a short workload against a kept cluster): scripts/hperf
   * first rebuilds perf.jar with Maven when a source is newer than it, which takes minutes.
   */
  private static final Duration COMMAND = Duration.ofMinutes(10);

  /**
   * --help prints the comment block at the top of the script, all of it and nothing else (each
   * script picks its lines on its own: a fixed line range goes stale when the block grows), read
   * here from the file; and the block shows the script's own invocation.
   */
  @ParameterizedTest
  @ValueSource(strings = {"hperf", "hperf-cluster", "pseudo-cluster", "oozie-submit", "cds-classlist"})
  void everyScriptExplainsItselfWithHelp(String script) throws Exception {
    Result help = run(QUICK, Map.of(), script, "--help");
    assertEquals(0, help.exitCode, help.output);
    assertEquals(leadingComment(new File(SCRIPTS, script)), help.output, "the script's comment block");
    assertTrue(help.output.contains("scripts/" + script + " "), "how scripts/" + script + " is run: " + help.output);
  }

  /**
   * The launchers' old names still work for one release: the new script runs with the same
   * arguments (its --help here, on stdout alone) after exactly one line on stderr naming the new name.
   */
  @ParameterizedTest
  @CsvSource({"perf, hperf", "perf-cluster, hperf-cluster"})
  void anOldNameRunsTheNewScriptAfterOneLineOnStderr(String old, String current) throws Exception {
    Path err = Files.createTempFile("script", ".err");
    try {
      Result help = run(QUICK, command(Map.of(), old, "--help").redirectErrorStream(false)
          .redirectError(err.toFile()), old + " --help");
      assertEquals(0, help.exitCode, help.output);
      assertEquals(leadingComment(new File(SCRIPTS, current)), help.output, "scripts/" + current + " --help");
      assertEquals(old + ": scripts/" + old + " is now scripts/" + current + "; this alias goes in the next release\n",
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(err);
    }
  }

  /** The comment lines after the first (#!) up to the first other line, without their "# ". */
  private static String leadingComment(File script) throws IOException {
    List<String> lines = Files.readAllLines(script.toPath(), StandardCharsets.UTF_8);
    StringBuilder block = new StringBuilder();
    for (String line : lines.subList(1, lines.size())) {
      if (!line.startsWith("#")) {
        break;
      }
      block.append(line.replaceFirst("^# ?", "")).append('\n');
    }
    assertTrue(block.length() > 0, script + " starts with no comment block");
    return block.toString();
  }

  /**
   * The scripts run from a terminal, where load and suite would otherwise stop to ask before they
   * start: every load or suite they run passes --yes.
   */
  @Test
  void everyLoadOrSuiteAScriptRunsPassesYes() throws Exception {
    java.util.regex.Pattern runs = java.util.regex.Pattern.compile("\\b(load|suite) -conf\\b");
    int found = 0;
    for (File script : SCRIPTS.listFiles(File::isFile)) {
      for (String line : Files.readAllLines(script.toPath(), StandardCharsets.UTF_8)) {
        if (!line.strip().startsWith("#") && runs.matcher(line).find()) {
          found++;
          assertTrue(line.contains(" --yes"), script.getName() + ": " + line.strip());
        }
      }
    }
    assertTrue(found >= 5, "the loads of bench-load (2), bench-client, bench-workload and cds-classlist: " + found);
  }

  @Test
  void oozieSubmitUploadsTheApplicationAndSubmitsTheWorkflow() throws Exception {
    File jar = Files.createTempFile("perf", ".jar").toFile();
    jar.deleteOnExit();
    Result dry = run(QUICK, Map.of("PERF_JAR", jar.getPath()), "oozie-submit", "--config",
        "../conf/oozie/job.properties", "--app-dir", "/apps/hperf-test", "--dry-run");
    assertEquals(0, dry.exitCode, dry.output);
    assertTrue(dry.output.contains("oozie/workflow.xml ") && dry.output.contains("coordinator.xml /apps/hperf-test/"), dry.output);
    assertTrue(dry.output.contains(jar.getPath() + " /apps/hperf-test/lib/perf.jar"), dry.output);
    assertTrue(dry.output.contains("conf/workloads/updateonly"), "the workload files the actions name: " + dry.output);
    assertTrue(dry.output.contains("\noozie.wf.application.path=hdfs://namenode:8020/apps/hperf-test\n"), dry.output);
    assertTrue(!dry.output.contains("\noozie.coord.application.path="), "Oozie refuses both paths: " + dry.output);
    assertTrue(dry.output.contains("\nworkflowPath=hdfs://namenode:8020/apps/hperf-test\n"), dry.output);
    assertEquals(1, dry.output.lines().filter(l -> l.startsWith("oozie.libpath=")).count(), dry.output);
    assertTrue(dry.output.contains("oozie job -oozie"), dry.output);

    Result coordinator = run(QUICK, Map.of("PERF_JAR", jar.getPath()), "oozie-submit", "--config",
        "../conf/oozie/job.properties", "--coordinator", "--dry-run");
    assertTrue(coordinator.output.contains(
        "\noozie.coord.application.path=hdfs://namenode:8020/apps/hperf/coordinator.xml\n"), coordinator.output);
    assertTrue(!coordinator.output.contains("\noozie.wf.application.path="), coordinator.output);
  }

  @Test
  void oozieSubmitRefusesAMissingConfigInOneLine() throws Exception {
    Result missing = run(QUICK, Map.of(), "oozie-submit", "--config", "no-such.properties", "--dry-run");
    assertEquals(2, missing.exitCode, missing.output);
    assertEquals("oozie-submit: --config no-such.properties does not exist: copy conf/oozie/job.properties and"
        + " fill it in", missing.output.strip());
  }

  /** --hbase-only belongs to stop: a start given it is refused in one line, before a directory is made. */
  @Test
  void pseudoClusterRefusesHBaseOnlyOutsideStop(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path cluster = dir.resolve("cluster");
    Result start = run(QUICK, Map.of(), "pseudo-cluster", "start", "--keep-data", "--hbase-only", "--dir",
        cluster.toString());
    assertEquals(2, start.exitCode(), start.output());
    assertEquals("pseudo-cluster: --hbase-only is an option of stop (start --keep-data then starts what it stopped):"
        + " see scripts/pseudo-cluster --help", start.output().strip());
    assertFalse(Files.exists(cluster), "a cluster directory was made");
  }

  /**
   * A stop of a pseudo-cluster while another start or stop of it is under way (here a process that
   * holds the cluster's lock for 3 s, as an orphaned start of a killed comparison does) waits for it
   * to end before it touches a daemon, and says so.
   */
  @Test
  void pseudoClusterStopWaitsForAnotherCommandOnTheSameCluster(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path cluster = dir.resolve("cluster");
    Path held = dir.resolve("held");
    Process holder = new ProcessBuilder("flock", cluster + ".lock", "sh", "-c", "touch '" + held + "'; sleep 3").start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!Files.exists(held)) {
        assertTrue(System.nanoTime() < deadline, "flock did not take " + cluster + ".lock in 30 s");
        Thread.sleep(50);
      }
      Result stop = run(QUICK, Map.of(), "pseudo-cluster", "stop", "--dir", cluster.toString());
      assertEquals(0, stop.exitCode(), stop.output());
      assertTrue(stop.output().startsWith("pseudo-cluster: another start or stop of " + cluster + " (pid "),
          stop.output());
      assertTrue(stop.output().contains(") is under way: waiting for it, at most 1380 s"), stop.output());
      assertTrue(holder.waitFor(0, TimeUnit.SECONDS), "the stop ended while the other command still held the lock");
    } finally {
      holder.destroyForcibly();
    }
  }

  record Result(int exitCode, String output) {
  }

  /** {@link #run(Duration, Map, String, String...)} bounded for a command of the ITs. */
  static Result run(Map<String, String> env, String script, String... args)
      throws IOException, InterruptedException {
    return run(COMMAND, env, script, args);
  }

  /**
   * Runs {@code scripts/<script>} with bash and {@code env} added; output and errors together. Fails
   * if it has not ended within {@code timeout}, after killing it and what it started. The output
   * goes to a file, not a pipe: reading a pipe to its end would wait as long as a hung script does.
   */
  static Result run(Duration timeout, Map<String, String> env, String script, String... args)
      throws IOException, InterruptedException {
    return run(timeout, command(env, script, args), String.join(" ", script, String.join(" ", args)).strip());
  }

  /** Runs {@code builder} as {@link #run(Duration, Map, String, String...)} does; {@code what} names it. */
  private static Result run(Duration timeout, ProcessBuilder builder, String what)
      throws IOException, InterruptedException {
    Path output = Files.createTempFile("script", ".out");
    try {
      Process process = builder.redirectOutput(output.toFile()).start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        fail("scripts/" + what + " did not finish in " + timeout.toSeconds() + " s; its output:\n"
            + new String(Files.readAllBytes(output), StandardCharsets.UTF_8));
      }
      return new Result(process.exitValue(), new String(Files.readAllBytes(output), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /**
   * {@code env} with the build's JVM first on the PATH: the class data archive scripts/hperf maps is
   * that JVM's (LauncherIT), and a script started with another java would run without it.
   */
  static Map<String, String> buildJavaFirst(Map<String, String> env) {
    Map<String, String> withJava = new java.util.HashMap<>(env);
    withJava.put("PATH",
        new File(System.getProperty("java.home"), "bin") + File.pathSeparator + System.getenv("PATH"));
    return withJava;
  }

  /** {@code scripts/<script>} with bash and {@code env} added, errors merged into its output. */
  static ProcessBuilder command(Map<String, String> env, String script, String... args) {
    List<String> command = new ArrayList<>(List.of("bash", new File(SCRIPTS, script).getPath()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    return builder;
  }
}
