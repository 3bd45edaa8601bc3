package org.hperf.jobs;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Makes all clients of a run measure one common wall-clock window. Each client writes a file
 * named after its index into a shared directory and polls until all clients have; every client
 * then derives the same start time from the same listing (the newest file's modification time plus
 * a lead that covers the polling delay), so no coordinator is needed.
 */
final class StartBarrier {
  static final long POLL_MS = 200;
  static final long LEAD_MS = 2_000;

  private final FileSystem fs;
  private final Path dir;
  private final int clients;

  StartBarrier(FileSystem fs, Path dir, int clients) {
    this.fs = fs;
    this.dir = dir;
    this.clients = clients;
  }

  /**
   * Registers this client and returns the common start time (epoch ms). Throws if not all clients
   * arrived within the timeout: the cluster has fewer free task slots than clients.
   */
  long await(int client, long timeoutMs, Runnable progress) throws IOException, InterruptedException {
    fs.mkdirs(dir);
    fs.create(new Path(dir, String.format("client-%05d", client)), true).close();
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (true) {
      FileStatus[] arrived = fs.listStatus(dir);
      long start = commonStart(arrived);
      if (start >= 0) {
        return start;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("only " + arrived.length + " of " + clients + " clients started within "
            + timeoutMs / 1000 + " s: the cluster has fewer free map slots than --clients; use fewer"
            + " clients or raise hperf.barrier.timeout.seconds");
      }
      progress.run();
      Thread.sleep(POLL_MS);
    }
  }

  /**
   * The common start time as the clients compute it, read by the driver for its progress lines;
   * -1 until every client has arrived (or once the driver has removed the directory).
   */
  long startMsIfAllArrived() throws IOException {
    try {
      return commonStart(fs.listStatus(dir));
    } catch (FileNotFoundException notYet) {
      return -1;
    }
  }

  private long commonStart(FileStatus[] arrived) {
    if (arrived.length < clients) {
      return -1;
    }
    long newest = 0;
    for (FileStatus file : arrived) {
      newest = Math.max(newest, file.getModificationTime());
    }
    return newest + LEAD_MS;
  }
}
