package org.hperf.jobs;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.run.ClusterMetricsLog;
import org.hperf.core.run.ClusterMetricsLog.Metric;

/**
 * The server half of the server warm-up's stop rule ({@code hperf run --server-warmup}): the driver
 * watches the region servers' JIT compilers through the cluster-metrics samples and, once every
 * server compiled for at most {@link #MAX_SHARE} of the last {@link #WINDOW_MS}, creates a marker
 * file that the warm-up's clients read ({@link SteadyStop}). A client's own flat throughput is not
 * enough: in lifetimes whose clients were steady within a minute, the region server still
 * JIT-compiled for 20-30% of the measured window that followed (C2 recompiles the read and write
 * paths long after the rate stops rising), and a window measured on a compiling server is not steady.
 *
 * <p>A server is judged only from the clients' common start on (their start barrier), and from its
 * first sample with requests: before the warm-up's clients start, an idle server's compiler is
 * quiet too. Requests alone did not tell: the driver's own calls before the job (restoring a
 * snapshot, finding the table's regions) gave a server a few requests a second, it was judged from
 * then, quiet after 10 idle seconds, and warm-ups ended on the clients' flat throughput while the
 * server compiled for 20% of their last 10 s and 10-77% of the measured windows that followed.
 * The share is of wall time, summed over the compiler threads (the JVM's TotalCompilationTime), and lies well below the verdict's not-steady
 * bound of 10% ({@code ClusterFindings}), so that the measured window that follows a quiet warm-up
 * passes it. A server whose JIT time cannot be read
 * (its info server off, or its /jmx not answering {@link #UNREADABLE_ROUNDS} times in a row) cannot
 * be judged: the marker is then created, said on stderr, and the clients' throughput alone ends the
 * warm-up.
 */
final class ServerJitQuiet {
  static final long WINDOW_MS = 10_000;
  /**
   * The window in seconds, when not {@link #WINDOW_MS}: the demo's, whose one JVM compiles with C1
   * alone and keeps its code compiled across the comparison's region-server restarts, so that 10 s
   * of a quiet compiler there would be a third of each lifetime spent proving it again.
   */
  static final String WINDOW_SECONDS_KEY = "hperf.run.server-warmup.jit-window-seconds";
  static final double MAX_SHARE = 0.05;
  /** Rounds in a row in which some server's JIT time could not be read; after this many, no judging. */
  static final int UNREADABLE_ROUNDS = 5;

  private final FileSystem fs;
  private final Path marker;
  /**
   * Each judged server's recent (time, compile ms) samples. A server enters at its first sample with
   * requests: only from then on is its compiler's quiet a sign of warmth.
   */
  private final Map<String, Deque<long[]>> history = new HashMap<>();
  /** The clients' common start (epoch ms), or a negative value until every client has arrived. */
  private final LongSupplier clientsStartMs;
  private final long windowMs;
  private int unreadableRounds;
  private boolean quiet;

  ServerJitQuiet(FileSystem fs, Path marker, LongSupplier clientsStartMs) {
    this(fs, marker, clientsStartMs, WINDOW_MS);
  }

  ServerJitQuiet(FileSystem fs, Path marker, LongSupplier clientsStartMs, long windowMs) {
    if (windowMs <= 0) {
      throw new IllegalArgumentException(WINDOW_SECONDS_KEY + " must be above 0, not " + windowMs / 1000.0);
    }
    this.fs = fs;
    this.marker = marker;
    this.clientsStartMs = clientsStartMs;
    this.windowMs = windowMs;
  }

  /** The window a job's configuration asks for, in ms. */
  static long windowMs(org.apache.hadoop.conf.Configuration conf) {
    return conf.getLong(WINDOW_SECONDS_KEY, WINDOW_MS / 1000) * 1000;
  }

  /** One sampling round, every live server's sample; creates the marker once the servers are quiet. */
  void observe(List<ClusterMetricsLog.Sample> round) {
    if (quiet || round.isEmpty()) {
      return;
    }
    boolean judged = true;
    boolean allQuiet = true;
    long clientsStart = clientsStartMs.getAsLong();
    for (ClusterMetricsLog.Sample sample : round) {
      Double compileMs = sample.values().get(Metric.JIT_COMPILE_MS);
      if (compileMs == null || compileMs.isNaN()) {
        judged = false;
        continue;
      }
      if (clientsStart < 0 || sample.timeMs() < clientsStart) {
        continue;
      }
      Double requests = sample.values().get(Metric.REQUESTS_PER_SECOND);
      if (!history.containsKey(sample.server()) && (requests == null || !(requests > 0))) {
        // Idle before the clients start (their containers take tens of seconds): nothing to compile
        // yet, so a quiet compiler says nothing. A server is judged from its first busy sample on;
        // one that serves none of the workload (no region of the table) is not judged at all.
        continue;
      }
      allQuiet &= quietAfter(sample.server(), sample.timeMs(), compileMs.longValue());
    }
    unreadableRounds = judged ? 0 : unreadableRounds + 1;
    if (unreadableRounds >= UNREADABLE_ROUNDS) {
      System.err.println("hperf run: server warm-up: a region server's JIT compilation time could not be read in "
          + UNREADABLE_ROUNDS + " samples in a row: the warm-up ends on the clients' throughput alone");
      markQuiet();
    } else if (judged && allQuiet && !history.isEmpty()) {
      markQuiet();
    }
  }

  /** Adds a server's sample; true once its compilation over the last window is within the share. */
  boolean quietAfter(String server, long timeMs, long compileMs) {
    Deque<long[]> samples = history.computeIfAbsent(server, s -> new ArrayDeque<>());
    samples.addLast(new long[] {timeMs, compileMs});
    // Keep the newest sample that is at least a window old, and everything after it.
    while (samples.size() > 2 && timeMs - secondOldest(samples)[0] >= windowMs) {
      samples.removeFirst();
    }
    long[] oldest = samples.peekFirst();
    long spanMs = timeMs - oldest[0];
    return spanMs >= windowMs && compileMs - oldest[1] <= MAX_SHARE * spanMs;
  }

  boolean quiet() {
    return quiet;
  }

  private static long[] secondOldest(Deque<long[]> samples) {
    var it = samples.iterator();
    it.next();
    return it.next();
  }

  private void markQuiet() {
    quiet = true;
    try {
      fs.create(marker, true).close();
    } catch (IOException e) {
      // The clients then run to the warm-up's cap, and the lifetime is flagged not steady: said, not hidden.
      System.err.println("hperf run: server warm-up: could not create " + marker + " (" + e + "): the clients will"
          + " run to the warm-up's bound");
    }
  }
}
