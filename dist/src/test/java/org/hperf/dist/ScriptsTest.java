package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The scripts users run: each answers --help, and oozie-submit uploads and submits what the workflow needs. */
class ScriptsTest {
  private static final File SCRIPTS = new File("../scripts").getAbsoluteFile();

  @ParameterizedTest
  @ValueSource(strings = {"perf", "perf-cluster", "pseudo-cluster", "oozie-submit", "cds-classlist"})
  void everyScriptExplainsItselfWithHelp(String script) throws Exception {
    Result help = run(Map.of(), script, "--help");
    assertEquals(0, help.exitCode, help.output);
    assertTrue(help.output.contains("scripts/" + script) || help.output.contains("Usage"), help.output);
    assertTrue(!help.output.contains("set -euo"), "only the comment block: " + help.output);
  }

  @Test
  void oozieSubmitUploadsTheApplicationAndSubmitsTheWorkflow() throws Exception {
    File jar = Files.createTempFile("perf", ".jar").toFile();
    jar.deleteOnExit();
    Result dry = run(Map.of("PERF_JAR", jar.getPath()), "oozie-submit", "--config", "../conf/oozie/job.properties",
        "--app-dir", "/apps/hperf-test", "--dry-run");
    assertEquals(0, dry.exitCode, dry.output);
    assertTrue(dry.output.contains("oozie/workflow.xml ") && dry.output.contains("coordinator.xml /apps/hperf-test/"), dry.output);
    assertTrue(dry.output.contains(jar.getPath() + " /apps/hperf-test/lib/perf.jar"), dry.output);
    assertTrue(dry.output.contains("conf/workloads/updateonly"), "the workload files the actions name: " + dry.output);
    assertTrue(dry.output.contains("\noozie.wf.application.path=hdfs://namenode:8020/apps/hperf-test\n"), dry.output);
    assertTrue(!dry.output.contains("\noozie.coord.application.path="), "Oozie refuses both paths: " + dry.output);
    assertTrue(dry.output.contains("\nworkflowPath=hdfs://namenode:8020/apps/hperf-test\n"), dry.output);
    assertEquals(1, dry.output.lines().filter(l -> l.startsWith("oozie.libpath=")).count(), dry.output);
    assertTrue(dry.output.contains("oozie job -oozie"), dry.output);

    Result coordinator = run(Map.of("PERF_JAR", jar.getPath()), "oozie-submit", "--config",
        "../conf/oozie/job.properties", "--coordinator", "--dry-run");
    assertTrue(coordinator.output.contains(
        "\noozie.coord.application.path=hdfs://namenode:8020/apps/hperf/coordinator.xml\n"), coordinator.output);
    assertTrue(!coordinator.output.contains("\noozie.wf.application.path="), coordinator.output);
  }

  @Test
  void oozieSubmitRefusesAMissingConfigInOneLine() throws Exception {
    Result missing = run(Map.of(), "oozie-submit", "--config", "no-such.properties", "--dry-run");
    assertEquals(2, missing.exitCode, missing.output);
    assertEquals("oozie-submit: --config no-such.properties does not exist: copy conf/oozie/job.properties and"
        + " fill it in", missing.output.strip());
  }

  record Result(int exitCode, String output) {
  }

  /** Runs {@code scripts/<script>} with bash and {@code env} added; output and errors together. */
  static Result run(Map<String, String> env, String script, String... args)
      throws IOException, InterruptedException {
    Process process = command(env, script, args).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(process.waitFor(), output);
  }

  /**
   * {@code env} with the build's JVM first on the PATH: the class data archive scripts/perf maps is
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
