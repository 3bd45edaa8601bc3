package org.hperf.driver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What processes other than a comparison's own took of the machine's CPU while it measured. An
 * upgrade comparison's pseudo-distributed clusters share this machine with whatever else runs on
 * it: in the first A/A comparison a build beside two lifetimes took 17-52% of the CPU and made them
 * the slowest of their side. Once a second it reads the machine's busy time from /proc/stat and the
 * CPU time of the comparison's own processes (this JVM and its descendants, the clusters' daemons and
 * theirs: YARN's task JVMs are the NodeManager's); the difference is the neighbours'. Steal counts
 * as a neighbour's too: another guest of the host took it.
 */
final class NeighbourCpu implements AutoCloseable {
  /** A lifetime whose window lost more than this share of the machine's CPU to neighbours is not clean. */
  static final double DISTURBING_SHARE = 0.10;
  private static final Path PROC = Path.of("/proc");

  /** Cumulative clock ticks at one instant: the machine's busy and total, and the comparison's own. */
  private record Sample(long atMs, long busy, long total, long ours) {
  }

  private final Supplier<Collection<Long>> daemonPids;
  private final List<Sample> samples = new ArrayList<>();
  private final ScheduledExecutorService timer;
  /** Each own process's ticks at the last sample, so that a process that ends takes only its own ticks away. */
  private Map<Long, Long> lastTicks = new HashMap<>();
  private long ours;

  private NeighbourCpu(Supplier<Collection<Long>> daemonPids) {
    this.daemonPids = daemonPids;
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread thread = new Thread(r, "hperf-neighbour-cpu");
      thread.setDaemon(true);
      return thread;
    });
  }

  /**
   * Samples from now until closed; empty where /proc cannot be read (not Linux), where nothing is
   * measured. {@code daemonPids} gives the clusters' daemons as they are at each sample.
   */
  static Optional<NeighbourCpu> start(Supplier<Collection<Long>> daemonPids) {
    if (!Files.isReadable(PROC.resolve("stat")) || !Files.isReadable(PROC.resolve("self/stat"))) {
      return Optional.empty();
    }
    NeighbourCpu cpu = new NeighbourCpu(daemonPids);
    cpu.timer.scheduleAtFixedRate(cpu::sample, 0, 1, TimeUnit.SECONDS);
    return Optional.of(cpu);
  }

  /**
   * The neighbours' share of the machine's CPU between two instants (ms since the epoch), from the
   * samples inside them; empty when fewer than two fall inside.
   */
  synchronized OptionalDouble share(long fromMs, long toMs) {
    Sample first = null;
    Sample last = null;
    for (Sample s : samples) {
      if (s.atMs() >= fromMs && s.atMs() <= toMs) {
        first = first == null ? s : first;
        last = s;
      }
    }
    if (first == null || last == first || last.total() == first.total()) {
      return OptionalDouble.empty();
    }
    long neighbours = (last.busy() - first.busy()) - (last.ours() - first.ours());
    return OptionalDouble.of(Math.max(0, neighbours) / (double) (last.total() - first.total()));
  }

  private void sample() {
    try {
      long[] machine = machineTicks(Files.readString(PROC.resolve("stat")));
      Map<Long, Long> ticks = new HashMap<>();
      addTicks(ticks, ProcessHandle.current().pid());
      ProcessHandle.current().descendants().forEach(p -> addTicks(ticks, p.pid()));
      for (long daemon : daemonPids.get()) {
        addTicks(ticks, daemon);
        ProcessHandle.of(daemon).ifPresent(p -> p.descendants().forEach(d -> addTicks(ticks, d.pid())));
      }
      synchronized (this) {
        // A process seen before adds what it used since; a new one all it used (it began since the last
        // sample, or was not yet a descendant); one that ended adds nothing more.
        for (Map.Entry<Long, Long> process : ticks.entrySet()) {
          ours += process.getValue() - lastTicks.getOrDefault(process.getKey(), 0L);
        }
        lastTicks = ticks;
        samples.add(new Sample(System.currentTimeMillis(), machine[0], machine[1], ours));
      }
    } catch (IOException | RuntimeException e) {
      // A sample missed: the share is taken over the samples there are.
    }
  }

  private static void addTicks(Map<Long, Long> ticks, long pid) {
    try {
      ticks.put(pid, processTicks(Files.readString(PROC.resolve(pid + "/stat"))));
    } catch (IOException | RuntimeException e) {
      // The process ended between listing and reading it.
    }
  }

  /**
   * /proc/stat's first line ("cpu user nice system idle iowait irq softirq steal ..."): the busy
   * ticks (all but idle and iowait) and the total of the eight.
   */
  static long[] machineTicks(String procStat) {
    String[] fields = procStat.substring(0, procStat.indexOf('\n')).trim().split("\\s+");
    if (!fields[0].equals("cpu")) {
      throw new IllegalArgumentException("not /proc/stat's cpu line: " + fields[0]);
    }
    long total = 0;
    long idle = 0;
    for (int i = 1; i <= 8; i++) {
      long value = Long.parseLong(fields[i]);
      total += value;
      if (i == 4 || i == 5) {
        idle += value;
      }
    }
    return new long[] {total - idle, total};
  }

  /**
   * A process's user and system ticks from its /proc/[pid]/stat line (fields 14 and 15). Its name,
   * field 2, is in parentheses and may hold spaces and parentheses itself: fields are counted after the last ')'.
   */
  static long processTicks(String pidStat) {
    String[] fields = pidStat.substring(pidStat.lastIndexOf(')') + 2).trim().split("\\s+");
    // fields[0] is field 3 (the state): field n is fields[n - 3].
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
