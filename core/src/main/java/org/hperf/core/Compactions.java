package org.hperf.core;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;

/**
 * Major-compacts a table and waits until it is done, as the seed method does before measuring:
 * a freshly loaded table still compacting would make the first workload slower than the rest.
 */
public final class Compactions {
  private static final long POLL_MS = 1000;
  /** A table that reports no compaction this long after the request is taken as done. */
  private static final long QUIET_MS = 10_000;

  private Compactions() {
  }

  /**
   * Requests a major compaction and returns when every region has finished it: the compaction
   * state is NONE and the oldest major-compacted file is newer than the request (the state alone
   * reads NONE before the region servers pick the request up). Prints the state every
   * {@code printEveryMs} (0: never) while it waits, which can be hours. Returns false on timeout.
   */
  public static boolean majorCompactAndWait(Admin admin, TableName table, long timeoutMs, PrintStream progress,
      long printEveryMs) throws IOException, InterruptedException {
    long requested = System.currentTimeMillis();
    // A put load leaves its last writes in the memstores: flushed first, they are compacted with the rest,
    // and a restart (every lifetime of hperf ab starts with one) then finds the table as it was verified.
    admin.flush(table);
    admin.majorCompact(table);
    long deadline = requested + timeoutMs;
    long quietSince = -1;
    long nextPrint = requested + printEveryMs;
    while (System.currentTimeMillis() < deadline) {
      Thread.sleep(POLL_MS);
      CompactionState state = admin.getCompactionState(table);
      long lastMajor = admin.getLastMajorCompactionTimestamp(table);
      if (state == CompactionState.NONE) {
        if (lastMajor >= requested) {
          return true;
        }
        quietSince = quietSince < 0 ? System.currentTimeMillis() : quietSince;
        if (System.currentTimeMillis() - quietSince >= QUIET_MS) {
          return true;
        }
      } else {
        quietSince = -1;
      }
      if (printEveryMs > 0 && System.currentTimeMillis() >= nextPrint) {
        progress.printf(Locale.ROOT, "waiting for major compaction of %s: %s, %d s%n", table.getNameAsString(), state,
            (System.currentTimeMillis() - requested) / 1000);
        nextPrint += printEveryMs;
      }
    }
    return false;
  }
}
