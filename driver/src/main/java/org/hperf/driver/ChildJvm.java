package org.hperf.driver;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a JVM like this one (its java, its class path, its flags: the JDK 17 opens,
 * the class archive, the log and temporary directories, hperf.home), with a heap of its own and a
 * main class: the processes of an embedded duet ({@link TwoEmbeddedClusters}), each side's cluster
 * and each of its commands, run as scripts/hperf would run them.
 */
final class ChildJvm {
  private ChildJvm() {
  }

  /**
   * {@code java <this JVM's flags> -Xmx<heap> <extra flags> -cp <this class path> <main> <args>},
   * behind {@code prefix} (e.g. taskset -c 0; empty for none). A debugger's agent and this JVM's
   * own heap and JIT limits are not passed on.
   */
  static List<String> command(List<String> prefix, String heap, List<String> extraFlags, String mainClass,
      List<String> args) {
    List<String> command = new ArrayList<>(prefix);
    command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!flag.startsWith("-Xmx") && !flag.startsWith("-XX:TieredStopAtLevel") && !flag.startsWith("-agentlib:jdwp")
          && !flag.startsWith("-XX:MaxRAMPercentage")) {
        command.add(flag);
      }
    }
    command.add("-Xmx" + heap);
    command.addAll(extraFlags);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    command.addAll(args);
    return command;
  }
}
