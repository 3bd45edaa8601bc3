package org.hperf.jobs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Makes all clients of a run measure one common wall-clock window. Each client writes a file
 * named after its index into a shared directory and polls until all clients have; every client
 * then derives the same start time from the same listing (the newest file's modification time plus
 * a lead that covers the polling delay), so no coordinator is needed.
 *
 * <p>The lead is {@link #LEAD_MS} where the clients are task JVMs on a cluster's nodes (each sees
 * the last arrival through the NameNode, on a clock of its own), and {@link #LOCAL_LEAD_MS} where
 * they are threads of one JVM in MapReduce's local runner (one clock, files on the local disk):
 * there two seconds of every job were idle.
 */
final class StartBarrier {
  static final long POLL_MS = 200;
  static final long LEAD_MS = 2_000;
  static final long LOCAL_LEAD_MS = 1_000;

  private final FileSystem fs;
  private final Path dir;
  private final int clients;
  private final long leadMs;
  /** The start of each client's file name: a duet's two runs share one directory ({@link DuetBarrier}). */
  private final String prefix;

  StartBarrier(FileSystem fs, Path dir, int clients, long leadMs) {
    this(fs, dir, clients, leadMs, "");
  }

  StartBarrier(FileSystem fs, Path dir, int clients, long leadMs, String prefix) {
    this.fs = fs;
    this.dir = dir;
    this.clients = clients;
    this.leadMs = leadMs;
    this.prefix = prefix;
  }

  /** A barrier of a job configured by {@code conf}, with the lead its framework needs. */
  static StartBarrier of(Configuration conf, FileSystem fs, Path dir, int clients) {
    return new StartBarrier(fs, dir, clients, leadMs(conf));
  }

  static long leadMs(Configuration conf) {
    return "local".equals(conf.get("mapreduce.framework.name", "local")) ? LOCAL_LEAD_MS : LEAD_MS;
  }

  /**
   * Registers this client and returns the common start time (epoch ms). Throws if not all clients
   * arrived within the timeout: the cluster has fewer free task slots than clients.
   */
  long await(int client, long timeoutMs, Runnable progress) throws IOException, InterruptedException {
    return await(client, timeoutMs, progress, "the cluster has fewer free map slots than --clients; use fewer"
        + " clients or raise hperf.barrier.timeout.seconds");
  }

  /** As {@link #await(int, long, Runnable)}, {@code why} saying what a timeout means. */
  long await(int client, long timeoutMs, Runnable progress, String why) throws IOException, InterruptedException {
    arrive(client);
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (true) {
      FileStatus[] arrived = fs.listStatus(dir);
      long start = commonStart(arrived);
      if (start >= 0) {
        return start;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("only " + arrived.length + " of " + clients + " clients started within "
            + timeoutMs / 1000 + " s: " + why);
      }
      progress.run();
      Thread.sleep(POLL_MS);
    }
  }

  /** Registers this client without waiting: it then polls {@link #startMsIfAllArrived}. */
  void arrive(int client) throws IOException {
    fs.mkdirs(dir);
    fs.create(new Path(dir, String.format(Locale.ROOT, "%sclient-%05d", prefix, client)), true).close();
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
    return newest + leadMs;
  }
}
