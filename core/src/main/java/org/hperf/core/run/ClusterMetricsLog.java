package org.hperf.core.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The region servers' own state while a run measured: {@value #FILE} in the run's directory
 * ({@code run-<i>/}), written by {@code hperf run}'s driver, which samples every live region server
 * once per {@code --interval} while the run's job runs, and read by aggregate and report, only
 * through this class. UTF-8 CSV:
 * <pre>
 * timeMs,server,requestsPerSecond,rpcQueueCalls,...,processCpuMs  the header: timeMs, server, then {@link Metric} columns
 * 1764600000123,host:16020,1523.5,0,...,missing                   one row per sample and server
 * </pre>
 * {@code timeMs} is when the sample was taken (ms since the epoch, the driver's clock), {@code server}
 * the region server as {@code host:port} (its RPC port, as the task logs' {@code @rs=} tags name it).
 * The beans' {@code service=} is HBase on a region server of its own, but whatever Hadoop's metrics
 * system was last named in a shared JVM (JobTracker in the embedded cluster, after a LocalJobRunner
 * job): the sampler matches any.
 * A value is a plain decimal number, or {@value #MISSING} when the server did not expose it (no such
 * bean or attribute, info server unreachable): never 0 for a metric that was not read. Metrics marked
 * cumulative are the server's running totals since it started, as it reported them; a reader takes
 * differences. Every /jmx value is Hadoop metrics2's snapshot of the server's last metrics period
 * ({@code *.period} in hadoop-metrics2*.properties, 10 s by default; the server gathers most of
 * them every hbase.regionserver.metrics.period, 5 s): samples closer than that repeat a value.
 * Readers find columns by name: a column they do not know is ignored, one they know
 * that is absent reads as missing.
 */
public final class ClusterMetricsLog {
  public static final String FILE = "cluster-metrics.csv";
  public static final String MISSING = "missing";
  private static final String TIME = "timeMs";
  private static final String SERVER = "server";

  /**
   * What is sampled, its column, unit and where HBase 2.6 exposes it (the region server's /jmx;
   * {@code Server}, {@code IPC} are the beans {@code Hadoop:service=HBase,name=RegionServer,sub=...},
   * {@code JvmMetrics} is {@code Hadoop:service=HBase,name=JvmMetrics}). The file's columns are in
   * this order.
   */
  public enum Metric {
    /**
     * ServerMetrics.getRequestCountPerSecond from the master (Admin.getClusterMetrics): the server's
     * own rate over its last report, fresher than /jmx's snapshot and needing no differencing.
     */
    REQUESTS_PER_SECOND("requestsPerSecond", false),
    /** IPC numCallsInGeneralQueue plus the read, write and scan queues when the server splits its queues. */
    RPC_QUEUE_CALLS("rpcQueueCalls", false),
    /** IPC queueCallTime_mean and _99th_percentile: since the server's last metrics snapshot. */
    RPC_QUEUE_TIME_MEAN_MS("rpcQueueTimeMeanMs", false),
    RPC_QUEUE_TIME_P99_MS("rpcQueueTimeP99Ms", false),
    /** IPC numActiveHandler. */
    ACTIVE_HANDLERS("activeHandlers", false),
    /** hbase.regionserver.handler.count from the server's /conf (no bean exposes it). */
    HANDLERS("handlers", false),
    /** activeHandlers / handlers. */
    HANDLER_SATURATION("handlerSaturation", false),
    /** Server memStoreSize. */
    MEMSTORE_BYTES("memStoreBytes", false),
    /** Server flushQueueLength, compactionQueueLength. */
    FLUSH_QUEUE("flushQueueLength", false),
    COMPACTION_QUEUE("compactionQueueLength", false),
    /** Server compactedCellsCount: cells rewritten by compactions. */
    COMPACTED_CELLS("compactedCells", true),
    /** Server updatesBlockedTime: ms writes waited for memstore flushes. */
    UPDATES_BLOCKED_MS("updatesBlockedMs", true),
    /** Server blockedRequestCount: requests refused or held because a memstore was too big. */
    BLOCKED_REQUESTS("blockedRequests", true),
    /** Server blockCacheCountHitPercent (0-100, since the server started). */
    BLOCK_CACHE_HIT_PERCENT("blockCacheHitPercent", false),
    /** Server storeFileCount and regionCount. */
    STORE_FILES("storeFiles", false),
    REGIONS("regions", false),
    /** Server pauseInfoThresholdExceeded: JVM pauses (GC or other) above 1 s, seen by HBase's JvmPauseMonitor. */
    LONG_PAUSES("longPauses", true),
    /** JvmMetrics GcCount and GcTimeMillis: every collector of the server's JVM. */
    GC_COUNT("gcCount", true),
    GC_TIME_MS("gcTimeMs", true),
    /**
     * JvmMetrics GcTotalExtraSleepTime: what Hadoop's pause monitor saw the JVM stall beyond its
     * sleeps. Hadoop's daemons attach that monitor; HBase 2.6's region server does not (it runs its
     * own, see longPauses), so there it is missing.
     */
    GC_EXTRA_SLEEP_MS("gcExtraSleepMs", true),
    /** JvmMetrics MemHeapUsedM, MemHeapMaxM. */
    HEAP_USED_MB("heapUsedMb", false),
    HEAP_MAX_MB("heapMaxMb", false),
    /**
     * The bean java.lang:type=OperatingSystem's ProcessCpuTime, in ms: the CPU of the server's whole
     * JVM, every thread (in the embedded cluster, the master's and ZooKeeper's too), read when
     * sampled, not from a metrics snapshot. With the client's own (the task logs' jvm lines) it says
     * which side of an operation the cores went to.
     */
    PROCESS_CPU_MS("processCpuMs", true),
    /**
     * The bean java.lang:type=Compilation's TotalCompilationTime, in ms: how long the server JVM's
     * JIT compilers have worked since it started. A server still compiling its read or write path
     * serves each operation at up to twice the CPU it will once that code is optimised.
     */
    JIT_COMPILE_MS("jitCompileMs", true);

    private final String column;
    private final boolean cumulative;

    Metric(String column, boolean cumulative) {
      this.column = column;
      this.cumulative = cumulative;
    }

    public String column() {
      return column;
    }

    /** A running total since the server started: readers difference two samples. */
    public boolean cumulative() {
      return cumulative;
    }

    static Metric ofColumn(String column) {
      for (Metric m : values()) {
        if (m.column.equals(column)) {
          return m;
        }
      }
      return null;
    }
  }

  /** One server at one time; a metric absent from {@code values} was missing. */
  public record Sample(long timeMs, String server, Map<Metric, Double> values) {
    public Sample {
      if (server.isEmpty() || server.contains(",") || server.contains("\n")) {
        throw new IllegalArgumentException("not a server name: '" + server + "'");
      }
      Map<Metric, Double> copy = new EnumMap<>(Metric.class);
      copy.putAll(values);
      values = Collections.unmodifiableMap(copy);
    }

    public OptionalDouble get(Metric metric) {
      Double v = values.get(metric);
      return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }
  }

  private ClusterMetricsLog() {
  }

  /** The header line, without its line end. */
  public static String header() {
    StringBuilder s = new StringBuilder(TIME).append(',').append(SERVER);
    for (Metric m : Metric.values()) {
      s.append(',').append(m.column);
    }
    return s.toString();
  }

  /** One row, without its line end. */
  public static String row(Sample sample) {
    StringBuilder s = new StringBuilder().append(sample.timeMs()).append(',').append(sample.server());
    for (Metric m : Metric.values()) {
      Double v = sample.values().get(m);
      s.append(',').append(v == null || v.isNaN() || v.isInfinite() ? MISSING : number(v));
    }
    return s.toString();
  }

  /** Writes rows as they come and flushes each, so a run cut short keeps what was sampled. */
  public static final class Appender implements AutoCloseable {
    private final Writer out;

    public Appender(OutputStream stream) throws IOException {
      out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
      out.write(header() + "\n");
      out.flush();
    }

    public void append(Sample sample) throws IOException {
      out.write(row(sample) + "\n");
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /** Reads what {@link Appender} wrote; a malformed row is an IOException naming its line. */
  public static List<Sample> read(InputStream in) throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    String headerLine = reader.readLine();
    if (headerLine == null) {
      return List.of();
    }
    String[] columns = headerLine.split(",", -1);
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < columns.length; i++) {
      index.put(columns[i], i);
    }
    if (!index.containsKey(TIME) || !index.containsKey(SERVER)) {
      throw new IOException("not a " + FILE + " (no " + TIME + " and " + SERVER + " columns): " + headerLine);
    }
    List<Sample> samples = new ArrayList<>();
    String line;
    int lineNumber = 1;
    while ((line = reader.readLine()) != null) {
      lineNumber++;
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split(",", -1);
      if (f.length != columns.length) {
        throw new IOException(FILE + " line " + lineNumber + ": " + f.length + " fields, header has " + columns.length);
      }
      try {
        Map<Metric, Double> values = new EnumMap<>(Metric.class);
        for (int i = 0; i < columns.length; i++) {
          Metric m = Metric.ofColumn(columns[i]);
          if (m != null && !f[i].equals(MISSING)) {
            values.put(m, Double.parseDouble(f[i]));
          }
        }
        samples.add(new Sample(Long.parseLong(f[index.get(TIME)]), f[index.get(SERVER)], values));
      } catch (IllegalArgumentException e) {
        throw new IOException(FILE + " line " + lineNumber + ": " + e.getMessage(), e);
      }
    }
    return samples;
  }

  /** A value as the file holds it: plain decimal, at most 3 fraction digits, no trailing zeros. */
  static String number(double v) {
    BigDecimal d = BigDecimal.valueOf(v).setScale(3, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros();
    return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
  }
}
