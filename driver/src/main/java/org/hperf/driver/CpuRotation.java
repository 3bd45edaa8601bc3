package org.hperf.driver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A duet's sides swapping their CPUs every {@link #PERIOD} while they are measured, not only
 * between lifetimes. On the VMs this was built on, a CPU's speed drifts on its own: two copies of
 * one CPU-bound loop, each pinned to its own CPU and nothing else running, differed by -13% to +19%
 * over 10 s and by 8% over 30 s (sd of the log ratio 9% per 10 s); swapped every second, by 2.4%
 * (docs/benchmarks.md). A swap between lifetimes cancels a CPU that is faster for the whole
 * comparison; only a swap inside the window cancels one that is faster for a minute. Every swap
 * pins each side's processes and their descendants (the task JVMs of its NodeManager, started
 * since the last swap) with {@link CpuPinning}.
 */
final class CpuRotation implements AutoCloseable {
  static final Duration PERIOD = Duration.ofSeconds(1);
  private static final long STOP_BOUND_MILLIS = 30_000;

  private final CpuPinning pinning;
  private final List<Supplier<Collection<Long>>> sides;
  private final Thread thread;
  private final AtomicInteger swaps = new AtomicInteger();
  private final AtomicInteger refused = new AtomicInteger();
  private volatile boolean stopped;

  /**
   * Starts swapping: {@code sidesByHalf.get(h)} gives the daemons of the side placed on half h
   * now; at the first swap it moves to half 1 - h, at the next back.
   */
  static CpuRotation start(CpuPinning pinning, List<Supplier<Collection<Long>>> sidesByHalf) {
    CpuRotation rotation = new CpuRotation(pinning, sidesByHalf);
    rotation.thread.start();
    return rotation;
  }

  private CpuRotation(CpuPinning pinning, List<Supplier<Collection<Long>>> sides) {
    this.pinning = pinning;
    this.sides = List.copyOf(sides);
    this.thread = new Thread(this::swapUntilStopped, "hperf-ab-cpu-rotation");
    thread.setDaemon(true);
  }

  private void swapUntilStopped() {
    int tick = 0;
    while (!stopped) {
      try {
        Thread.sleep(PERIOD.toMillis());
      } catch (InterruptedException e) {
        return;
      }
      tick++;
      for (int side = 0; side < sides.size() && !stopped; side++) {
        refused.addAndGet(pinning.pinEach((side + tick) % 2, withDescendants(sides.get(side).get())));
      }
      swaps.incrementAndGet();
    }
  }

  /** The processes and every process they started since (a NodeManager's task JVMs and their shells). */
  static List<Long> withDescendants(Collection<Long> pids) {
    List<Long> all = new ArrayList<>();
    for (long pid : pids) {
      all.add(pid);
      ProcessHandle.of(pid).ifPresent(process -> process.descendants().forEach(child -> all.add(child.pid())));
    }
    return all;
  }

  /** Stops swapping, bounded: the swaps end before the lifetime's servers are stopped. */
  @Override
  public void close() throws InterruptedException {
    stopped = true;
    thread.interrupt();
    thread.join(STOP_BOUND_MILLIS);
    if (thread.isAlive()) {
      throw new IllegalStateException("the CPU swaps did not stop within " + STOP_BOUND_MILLIS / 1000 + " s");
    }
  }

  /** How many swaps were done: after an odd number, each side is on the other half than it started. */
  int swaps() {
    return swaps.get();
  }

  /** "swapped CPUs 412 times, every 1 s" and how many pins were refused (processes that had ended). */
  String summary() {
    return String.format(Locale.ROOT, "swapped CPUs %d times, every %d s%s", swaps.get(), PERIOD.toSeconds(),
        refused.get() == 0 ? "" : " (" + refused.get() + " pins refused: processes that had ended)");
  }
}
