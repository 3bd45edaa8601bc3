package org.hperf.driver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The memory this machine can give new processes, as Linux estimates it (MemAvailable). */
final class MachineMemory {
  private static final Path MEMINFO = Path.of("/proc/meminfo");

  private MachineMemory() {
  }

  /** MemAvailable in bytes; -1 where the machine does not say (not Linux). */
  static long availableBytes() {
    try {
      return Files.readAllLines(MEMINFO).stream().filter(line -> line.startsWith("MemAvailable:"))
          .mapToLong(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024).findFirst().orElse(-1);
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }
}
