package org.hperf.driver;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A duet's isolation on the machine: each side's processes on CPUs of their own, with {@code
 * taskset}. The machine's CPUs are split in two halves (on 2 cores: CPU 0 and CPU 1), and a lifetime's
 * placement says which side gets which half; the sides swap halves between lifetimes
 * ({@link AbPlan#duetPlacements}), so that a faster core cannot become a faster side. A process is
 * pinned with all its threads ({@code taskset -a}); the processes it starts later inherit its CPUs,
 * so the side's NodeManager, pinned with every other daemon of its side, pins that side's clients
 * (the task JVMs of its jobs) with them.
 */
final class CpuPinning {
  private static final long TASKSET_BOUND_SECONDS = 30;

  private final List<Integer> cpus;

  private CpuPinning(List<Integer> cpus) {
    this.cpus = cpus;
  }

  /** The pinning this JVM may do, or why there is none: one CPU, or no taskset on the PATH. */
  static Optional<CpuPinning> available(StringBuilder whyNot) {
    int count = Runtime.getRuntime().availableProcessors();
    if (count < 2) {
      whyNot.append("unpinned: this machine gives hperf ").append(count).append(" CPU, and each side needs its own");
      return Optional.empty();
    }
    if (onPath("taskset") == null) {
      whyNot.append("unpinned: no taskset on the PATH (Debian and Ubuntu: package util-linux)");
      return Optional.empty();
    }
    List<Integer> cpus = new ArrayList<>();
    for (int cpu = 0; cpu < count; cpu++) {
      cpus.add(cpu);
    }
    return Optional.of(new CpuPinning(cpus));
  }

  /** Half {@code half} (0 or 1) of the CPUs, as taskset takes a list: "0", "2-3". */
  String cpuList(int half) {
    int size = cpus.size() / 2;
    int first = cpus.get(half * size);
    int last = cpus.get(half * size + size - 1);
    return first == last ? Integer.toString(first) : first + "-" + last;
  }

  /**
   * Pins every one of {@code processes} (name to pid) to half {@code half} of the CPUs; returns what
   * was pinned where, e.g. "CPU 0: regionserver-1 (pid 4242), nodemanager (pid 4100)". Throws if
   * taskset refuses a process (not ours, or ended): a duet whose placement failed would not be one.
   */
  String pin(int half, Map<String, Long> processes) throws IOException, InterruptedException {
    String list = cpuList(half);
    List<String> pinned = new ArrayList<>();
    for (Map.Entry<String, Long> process : processes.entrySet()) {
      Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", list, Long.toString(process.getValue()))
          .redirectErrorStream(true).start();
      if (!taskset.waitFor(TASKSET_BOUND_SECONDS, TimeUnit.SECONDS)) {
        taskset.destroyForcibly();
        throw new IOException("taskset did not pin " + process.getKey() + " within " + TASKSET_BOUND_SECONDS + " s");
      }
      String output = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (taskset.exitValue() != 0) {
        throw new IOException("taskset could not pin " + process.getKey() + " (pid " + process.getValue() + ") to CPU "
            + list + ": " + output);
      }
      pinned.add(String.format(Locale.ROOT, "%s (pid %d)", process.getKey(), process.getValue()));
    }
    return "CPU " + list + ": " + String.join(", ", pinned);
  }

  private static File onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File candidate = new File(dir, program);
      if (candidate.canExecute()) {
        return candidate;
      }
    }
    return null;
  }
}
