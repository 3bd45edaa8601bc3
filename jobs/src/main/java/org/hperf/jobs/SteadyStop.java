package org.hperf.jobs;

import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A client that ends its run when its own throughput has stopped rising and the region servers
 * have stopped JIT-compiling: the server warm-up of {@code hperf run --server-warmup}, whose job is
 * not measured and ends once the cluster serves the workload at a steady rate with its code
 * compiled. Each client judges its own operations per interval: the last {@link #INTERVALS}
 * intervals within {@link #TOLERANCE} of each other (largest at most that much above the smallest,
 * which is above 0); the servers' side is judged by the driver ({@link ServerJitQuiet}), which
 * creates a marker file the client looks for once its own rate is flat. The job ends when the last
 * client stops or at the run's time bound, whichever is first. One writer ({@link #enable}), one
 * reader ({@link #ofJob}).
 */
final class SteadyStop {
  static final String KEY = "hperf.run.stop-when-steady";
  /** The driver's marker that the servers are quiet; absent from the job: the clients' rate alone decides. */
  static final String SERVERS_QUIET_KEY = "hperf.run.servers-quiet.marker";
  static final int INTERVALS = 3;
  static final double TOLERANCE = 0.10;

  private final long[] last = new long[INTERVALS];
  private final BooleanSupplier serversQuiet;
  private int seen;

  SteadyStop() {
    this(() -> true);
  }

  SteadyStop(BooleanSupplier serversQuiet) {
    this.serversQuiet = serversQuiet;
  }

  static void enable(Configuration conf) {
    conf.setBoolean(KEY, true);
  }

  /** As {@link #enable}, and the clients also wait for the driver's marker that the servers are quiet. */
  static void enable(Configuration conf, Path serversQuietMarker) {
    enable(conf);
    conf.set(SERVERS_QUIET_KEY, serversQuietMarker.toString());
  }

  /** A detector for a task of a job that stops when steady; null for every other job. */
  static SteadyStop ofJob(Configuration conf) {
    if (!conf.getBoolean(KEY, false)) {
      return null;
    }
    String marker = conf.get(SERVERS_QUIET_KEY);
    return marker == null ? new SteadyStop() : new SteadyStop(markerExists(conf, new Path(marker)));
  }

  /** True once the marker exists (it is never removed while the job runs); a failed look is a no. */
  private static BooleanSupplier markerExists(Configuration conf, Path marker) {
    boolean[] seen = {false};
    return () -> {
      if (!seen[0]) {
        try {
          FileSystem fs = marker.getFileSystem(conf);
          seen[0] = fs.exists(marker);
        } catch (IOException e) {
          return false;
        }
      }
      return seen[0];
    };
  }

  /**
   * Adds one interval's operations; true once the last {@link #INTERVALS} are steady and the
   * servers are quiet. The servers are asked only when the client's own rate is flat.
   */
  boolean steadyAfter(long operations) {
    last[seen % INTERVALS] = operations;
    seen++;
    if (seen < INTERVALS) {
      return false;
    }
    long min = Long.MAX_VALUE;
    long max = 0;
    for (long count : last) {
      min = Math.min(min, count);
      max = Math.max(max, count);
    }
    return min > 0 && max <= min * (1 + TOLERANCE) && serversQuiet.getAsBoolean();
  }
}
