package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Real processes swapped between the halves of this machine's CPUs, read back with taskset. */
class CpuRotationTest {
  @Test
  void eachSwapMovesBothSidesAndTheProcessesTheyStartedToTheOtherHalf() throws Exception {
    Optional<CpuPinning> pinning = CpuPinning.available(new StringBuilder());
    assumeTrue(pinning.isPresent(), "needs 2 CPUs and taskset");
    // Each side a shell whose sleep is a descendant started before the swaps, as a task JVM is of its NodeManager.
    Process a = new ProcessBuilder("sh", "-c", "sleep 120 & wait").start();
    Process b = new ProcessBuilder("sh", "-c", "sleep 120 & wait").start();
    try {
      pinning.get().pin(0, Map.of("a", a.pid()));
      pinning.get().pin(1, Map.of("b", b.pid()));
      long sleepOfA = awaitChild(a);
      CpuRotation rotation = CpuRotation.start(pinning.get(), List.of(() -> List.of(a.pid()), () -> List.of(b.pid())));
      long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (rotation.swaps() < 3 && System.nanoTime() < bound) {
        Thread.sleep(100);
      }
      rotation.close();
      int swaps = rotation.swaps();
      assertTrue(swaps >= 3, "the rotation did not swap 3 times within 60 s: " + swaps);
      String halfOfA = pinning.get().cpuList(swaps % 2);
      String halfOfB = pinning.get().cpuList(1 - swaps % 2);
      assertEquals(halfOfA, affinity(a.pid()), "A after " + swaps + " swaps");
      assertEquals(halfOfA, affinity(sleepOfA), "A's child after " + swaps + " swaps");
      assertEquals(halfOfB, affinity(b.pid()), "B after " + swaps + " swaps");
    } finally {
      a.descendants().forEach(ProcessHandle::destroy);
      b.descendants().forEach(ProcessHandle::destroy);
      a.destroy();
      b.destroy();
    }
  }

  private static long awaitChild(Process parent) throws InterruptedException {
    long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < bound) {
      Optional<ProcessHandle> child = parent.children().findFirst();
      if (child.isPresent()) {
        return child.get().pid();
      }
      Thread.sleep(50);
    }
    throw new AssertionError("the shell did not start its sleep within 30 s");
  }

  /** The CPU list taskset reports for the process, e.g. "1". */
  private static String affinity(long pid) throws Exception {
    Process taskset = new ProcessBuilder("taskset", "-c", "-p", Long.toString(pid)).redirectErrorStream(true).start();
    assertTrue(taskset.waitFor(30, TimeUnit.SECONDS), "taskset did not answer within 30 s");
    String out = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    return out.substring(out.lastIndexOf(':') + 1).trim();
  }
}
