package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class NeighbourCpuTest {
  @Test
  void machineTicksAreBusyAndTotalOfTheCpuLine() {
    // user nice system idle iowait irq softirq steal guest guest_nice
    String stat = "cpu  100 20 30 1000 50 5 6 7 0 0\ncpu0 50 10 15 500 25 2 3 3 0 0\n";
    assertArrayEquals(new long[] {100 + 20 + 30 + 5 + 6 + 7, 1218}, NeighbourCpu.machineTicks(stat));
  }

  @Test
  void processTicksAreUserPlusSystemEvenWithParenthesesInTheName() {
    // Fields 1-17 of /proc/[pid]/stat; utime is field 14 (41), stime field 15 (9).
    String stat = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 1000 0 0 0 41 9 3 4 20 0 30 0 12345 ...";
    assertEquals(50, NeighbourCpu.processTicks(stat));
  }

  /**
   * A CPU-bound loop in a process that is not the comparison's (orphaned, so no longer this JVM's
   * descendant) shows as a neighbour; the same loop in this JVM does not. Whatever else the machine
   * runs is in both windows: the stranger's must exceed this JVM's by half of one core's share, which
   * either wrong attribution (this JVM counted as a neighbour, or the stranger as the comparison's) breaks.
   */
  @Test
  void aBusyStrangerIsANeighbourAndThisJvmIsNot() throws Exception {
    assumeTrue(new File("/proc/stat").canRead(), "Linux's /proc");
    double oneCore = 1.0 / Runtime.getRuntime().availableProcessors();
    File pidFile = File.createTempFile("neighbour", ".pid");
    try (NeighbourCpu cpu = NeighbourCpu.start(List::of).orElseThrow()) {
      long from = System.currentTimeMillis();
      long until = from + 4_000;
      long spins = 0;
      while (System.currentTimeMillis() < until) {
        spins++;
      }
      double own = share(cpu, from);
      // bash starts the loop in the background and exits: the loop is re-parented away from this JVM.
      Process starter = new ProcessBuilder("bash", "-c", "(while :; do :; done) & echo $! > " + pidFile).start();
      assertTrue(starter.waitFor(30, TimeUnit.SECONDS), "bash did not start the loop in 30 s");
      long stranger = Long.parseLong(Files.readString(pidFile.toPath()).trim());
      double strangers;
      try {
        from = System.currentTimeMillis();
        Thread.sleep(4_000);
        strangers = share(cpu, from);
      } finally {
        ProcessHandle.of(stranger).ifPresent(ProcessHandle::destroyForcibly);
      }
      assertTrue(strangers - own > oneCore / 2, "neighbours' share with a stranger's loop " + strangers
          + ", with this JVM's own loop (" + spins + " spins) " + own);
    } finally {
      Files.deleteIfExists(pidFile.toPath());
    }
  }

  private static double share(NeighbourCpu cpu, long from) {
    OptionalDouble share = cpu.share(from, System.currentTimeMillis());
    assertTrue(share.isPresent(), "no two samples in 4 s");
    return share.getAsDouble();
  }
}
