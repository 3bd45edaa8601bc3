package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A child JVM of an embedded duet: a real java process with its own heap, this class path and the args. */
class ChildJvmTest {

  /** Prints the heap it was given, its JIT limit flag and its arguments, then exits 7. */
  public static final class Probe {
    public static void main(String[] args) {
      long heapMb = Runtime.getRuntime().maxMemory() >> 20;
      boolean c1Only = ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:TieredStopAtLevel=1");
      System.out.println("heap " + heapMb + " c1 " + c1Only + " args " + String.join(",", args));
      System.exit(7);
    }
  }

  @Test
  void theChildRunsTheMainWithItsOwnHeapFlagsAndArguments(@TempDir Path tmp) throws Exception {
    List<String> command = ChildJvm.command(List.of(), "96m", List.of("-XX:TieredStopAtLevel=1"),
        Probe.class.getName(), List.of("one", "two"));
    File log = tmp.resolve("child.log").toFile();
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("the child JVM did not exit in 2 minutes: " + command);
    }
    String out = Files.readString(log.toPath());
    assertEquals(7, process.exitValue(), out);
    long heapMb = Long.parseLong(out.replaceAll("(?s).*heap (\\d+) .*", "$1"));
    // Not this JVM's heap (surefire's is far larger): the one given, less the survivor space a JVM keeps back.
    assertTrue(heapMb <= 96 && heapMb >= 64, "heap " + heapMb + " MB for -Xmx96m\n" + out);
    assertTrue(out.contains("c1 true args one,two"), out);
  }

  @Test
  void aPrefixRunsInFrontOfJava() {
    List<String> command = ChildJvm.command(List.of("taskset", "-c", "0"), "64m", List.of(), "Main", List.of());
    assertEquals(List.of("taskset", "-c", "0"), command.subList(0, 3));
    assertTrue(command.get(3).endsWith("/bin/java"), command.toString());
    assertEquals("Main", command.get(command.size() - 1));
  }
}
