package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scripts/perf as a user runs it after a build: the classes come from the class data sharing
 * archive the package phase dumped, which the JVM maps only if the launcher's classpath starts with
 * the jars the archive was dumped from.
 */
class LauncherIT {
  @Test
  void commandsStartFromTheBuildsClassArchive() throws Exception {
    assertTrue(new File("target/hperf.jsa").isFile(), "the package phase dumped no target/hperf.jsa");
    // -Xshare:on: a JVM that cannot map the archive stops instead of silently loading from jars.
    Result help = perf(Map.of("HPERF_JAVA_OPTS", "-Xshare:on -Xlog:class+load=info"), "help");
    assertEquals(0, help.exitCode, help.output);
    assertTrue(help.output.contains("org.hperf.dist.Perf source: shared objects file"), help.output);
    assertTrue(help.output.contains("org.apache.hadoop.conf.Configuration source: shared objects file"), help.output);
  }

  @Test
  void canStartWithoutIt() throws Exception {
    Result help = perf(Map.of("HPERF_CDS", "off", "HPERF_JAVA_OPTS", "-Xlog:class+load=info"), "help");
    assertEquals(0, help.exitCode, help.output);
    assertTrue(help.output.contains("org.hperf.dist.Perf source: file:"), help.output);
  }

  private record Result(int exitCode, String output) {
  }

  private static Result perf(Map<String, String> env, String... args) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(concat(List.of("bash", "../scripts/perf"), List.of(args)))
        .redirectErrorStream(true);
    builder.environment().putAll(env);
    // The build's JVM first on the PATH: the archive is that JVM's.
    builder.environment().put("PATH",
        new File(System.getProperty("java.home"), "bin") + File.pathSeparator + System.getenv("PATH"));
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(process.waitFor(), output);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
  }
}
