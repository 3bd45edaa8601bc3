package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.hperf.driver.Perf;
import org.junit.jupiter.api.Test;

/**
 * perf.jar as a cluster gets it: thin (no Hadoop or HBase inside), runnable with the cluster's
 * classpath beside it as 'hadoop jar' does, and passing exit codes through.
 */
class PerfJarIT {
  private static final File TARGET = new File("target");
  private static final File JAR = new File(TARGET, "perf.jar");

  @Test
  void jarHoldsHperfAndItsTwoLibrariesOnly() throws Exception {
    try (JarFile jar = new JarFile(JAR)) {
      Manifest manifest = jar.getManifest();
      assertEquals("org.hperf.driver.Perf", manifest.getMainAttributes().getValue("Main-Class"));
      assertTrue(manifest.getMainAttributes().getValue("Add-Opens").contains("java.base/java.lang"));
      assertTrue(jar.getEntry("org/hperf/loaders/LoadTool.class") != null);
      assertTrue(jar.getEntry("org/hperf/loaders/LoadCounters.properties") != null);
      // Relocated: a cluster's own (older) commons-cli sits ahead of the job jar on its class paths.
      assertTrue(jar.getEntry("org/hperf/shaded/commons/cli/CommandLine.class") != null);
      assertTrue(jar.getEntry("org/hperf/shaded/HdrHistogram/Histogram.class") != null);
      assertFalse(jar.stream().anyMatch(e -> e.getName().startsWith("org/apache/commons/cli/")
          || e.getName().startsWith("org/HdrHistogram/")), "unrelocated commons-cli or HdrHistogram");
      assertFalse(jar.stream().anyMatch(e -> e.getName().startsWith("org/apache/hadoop/")), "no Hadoop or HBase");
    }
    assertTrue(JAR.length() < 5 << 20, "perf.jar is " + JAR.length() + " bytes");
  }

  /** Exit codes and what the driver prints come through the process boundary unchanged, and nothing else with them. */
  @Test
  void exitCodesAndOutputSurviveTheProcessBoundary() throws Exception {
    Run help = runJar("help");
    assertEquals(0, help.exitCode(), help.output());
    assertEquals(Perf.commandList(), help.output(), "the driver's command list, alone");
    Run bogus = runJar("load", "--bogus");
    assertEquals(2, bogus.exitCode(), bogus.output());
    assertEquals(1, bogus.output().strip().lines().count(), "one line: " + bogus.output());
    assertTrue(bogus.output().contains("Unrecognized option: --bogus"), bogus.output());
    Run unknown = runJar("no-such-command");
    assertEquals(2, unknown.exitCode(), unknown.output());
    assertEquals("hperf: unknown command 'no-such-command': run 'hperf help' for the list of commands\n",
        unknown.output());
  }

  /** A finished perf.jar command: its exit code and its output, stdout and stderr together. */
  private record Run(int exitCode, String output) {
  }

  private static Run runJar(String... args) throws Exception {
    String classpath = JAR.getPath() + File.pathSeparator
        + Files.readString(new File(TARGET, "classpath.txt").toPath(), StandardCharsets.UTF_8).strip();
    List<String> command = new ArrayList<>(List.of(
        new File(System.getProperty("java.home"), "bin/java").getPath(), "-cp", classpath,
        "org.hperf.driver.Perf"));
    command.addAll(List.of(args));
    File log = new File(TARGET, "perf-jar-it.log");
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
    // Each command starts no cluster and ends in seconds; a hung one is killed and named.
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      fail("java -cp perf.jar:<cluster classpath> org.hperf.driver.Perf " + String.join(" ", args)
          + " did not finish in 2 min; see " + log.getAbsolutePath());
    }
    return new Run(process.exitValue(), Files.readString(log.toPath(), StandardCharsets.UTF_8));
  }
}
