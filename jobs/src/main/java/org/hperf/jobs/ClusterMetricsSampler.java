package org.hperf.jobs;

import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hperf.core.run.ClusterMetricsLog;
import org.hperf.core.run.ClusterMetricsLog.Metric;

/**
 * The driver's sampler of the region servers' own state while a run's job runs: one thread that
 * every interval asks the master for the live region servers and reads each one's metrics
 * ({@link RegionServerJmx}) into the run's {@value ClusterMetricsLog#FILE}. Once in the driver,
 * not in every task, so the cluster is asked once per interval whatever the clients. The whole job
 * is sampled (start barrier and warm-up included); readers keep the samples inside the run's
 * measurement window. A server that cannot be read is recorded with every metric missing: the
 * sampler never fails the run, it says on stderr (once per server) what it could not read.
 */
final class ClusterMetricsSampler implements AutoCloseable {
  private final Connection connection;
  private final long intervalMs;
  private final ClusterMetricsLog.Appender out;
  private final HttpClient http;
  private final Map<ServerName, RegionServerJmx> servers = new HashMap<>();
  private final Set<ServerName> reported = new HashSet<>();
  private final Thread thread;
  /** Sees every round's samples after they are written (the server warm-up's JIT watch); may be null. */
  private final Consumer<List<ClusterMetricsLog.Sample>> observer;
  private volatile boolean stopped;
  private IOException writeFailure;

  private ClusterMetricsSampler(Connection connection, long intervalMs, ClusterMetricsLog.Appender out,
      Consumer<List<ClusterMetricsLog.Sample>> observer) {
    this.connection = connection;
    this.observer = observer;
    this.intervalMs = intervalMs;
    this.out = out;
    this.http = HttpClient.newBuilder().connectTimeout(timeout(intervalMs)).build();
    this.thread = new Thread(this::loop, "hperf-cluster-metrics");
    this.thread.setDaemon(true);
  }

  /** Starts sampling now and every {@code intervalSeconds} into {@code file} (a new file). */
  static ClusterMetricsSampler start(Connection connection, FileSystem fs, Path file, int intervalSeconds)
      throws IOException {
    return start(connection, fs, file, intervalSeconds, null);
  }

  /** As {@link #start(Connection, FileSystem, Path, int)}, and each round's samples handed to {@code observer}. */
  static ClusterMetricsSampler start(Connection connection, FileSystem fs, Path file, int intervalSeconds,
      Consumer<List<ClusterMetricsLog.Sample>> observer) throws IOException {
    ClusterMetricsSampler sampler = new ClusterMetricsSampler(connection, intervalSeconds * 1000L,
        new ClusterMetricsLog.Appender(fs.create(file, false)), observer);
    sampler.thread.start();
    return sampler;
  }

  /** Takes a last sample, stops the thread and closes the file; throws if a sample could not be written. */
  @Override
  public void close() throws IOException {
    // Not interrupted: a sample in flight finishes rather than leaving a row of missing values.
    stopped = true;
    try {
      thread.join(intervalMs + 10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      if (!thread.isAlive() && writeFailure == null) {
        sampleAll();
      }
    } finally {
      out.close();
    }
    if (writeFailure != null) {
      throw writeFailure;
    }
  }

  private void loop() {
    long next = System.currentTimeMillis();
    while (!stopped) {
      try {
        sampleAll();
      } catch (IOException e) {
        writeFailure = e;
        return;
      }
      next += intervalMs;
      try {
        while (!stopped && System.currentTimeMillis() < next) {
          Thread.sleep(Math.min(100, Math.max(1, next - System.currentTimeMillis())));
        }
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** One row per live region server; the master not answering is one line on stderr and no rows. */
  private void sampleAll() throws IOException {
    Map<ServerName, ServerMetrics> live;
    try (Admin admin = connection.getAdmin()) {
      live = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS)).getLiveServerMetrics();
    } catch (IOException e) {
      System.err.println("hperf run: cluster metrics: could not list the live region servers: " + e);
      return;
    }
    List<ClusterMetricsLog.Sample> round = new ArrayList<>();
    for (Map.Entry<ServerName, ServerMetrics> entry : live.entrySet()) {
      long timeMs = System.currentTimeMillis();
      Map<Metric, Double> values = new java.util.EnumMap<>(Metric.class);
      values.putAll(sample(entry.getKey(), entry.getValue().getInfoServerPort()));
      // The server's own rate over its last report to the master (every hbase.regionserver.msginterval).
      values.put(Metric.REQUESTS_PER_SECOND, (double) entry.getValue().getRequestCountPerSecond());
      ClusterMetricsLog.Sample sample = new ClusterMetricsLog.Sample(timeMs, entry.getKey().getAddress().toString(),
          values);
      out.append(sample);
      round.add(sample);
    }
    if (observer != null) {
      observer.accept(round);
    }
  }

  private Map<Metric, Double> sample(ServerName server, int infoPort) {
    if (infoPort <= 0) {
      once(server, "its info server is off (hbase.regionserver.info.port -1): every metric recorded missing");
      return Map.of();
    }
    RegionServerJmx jmx = servers.computeIfAbsent(server,
        s -> new RegionServerJmx(http, s.getHostname(), infoPort, timeout(intervalMs)));
    try {
      return jmx.read();
    } catch (IOException e) {
      once(server, "its /jmx could not be read (" + e + "): metrics recorded missing");
      return Map.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Map.of();
    }
  }

  private void once(ServerName server, String what) {
    if (reported.add(server)) {
      System.err.println("hperf run: cluster metrics of " + server.getAddress() + ": " + what);
    }
  }

  private static Duration timeout(long intervalMs) {
    return Duration.ofMillis(Math.max(1000, Math.min(intervalMs, 5000)));
  }
}
