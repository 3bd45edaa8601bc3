package org.hperf.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.hperf.core.run.ClusterMetricsLog.Metric;

/**
 * Reads one region server's metrics from its info server's /jmx JSON (and its handler count, once,
 * from /conf): the beans and attributes {@link Metric} names. An attribute the server does not
 * expose stays out of the result, so it is recorded missing; a server that cannot be reached at
 * all gives an empty result.
 */
final class RegionServerJmx {
  /**
   * The beans, any {@code service=}: a region server names them {@code service=HBase}, but in a JVM
   * where a LocalJobRunner started later (the embedded cluster) Hadoop's metrics system takes the
   * runner's name and they become {@code service=JobTracker}.
   */
  static final String SERVER_BEAN = "Hadoop:service=*,name=RegionServer,sub=Server";
  static final String IPC_BEAN = "Hadoop:service=*,name=RegionServer,sub=IPC";
  static final String JVM_BEAN = "Hadoop:service=*,name=JvmMetrics";
  static final String OS_BEAN = "java.lang:type=OperatingSystem";
  static final String COMPILATION_BEAN = "java.lang:type=Compilation";
  private static final String HBASE_SERVICE = "Hadoop:service=HBase,";
  /** The queues serving clients' calls: general, and read/write/scan when the server splits them. */
  private static final String[] CLIENT_QUEUES = {"numCallsInGeneralQueue", "numCallsInReadQueue",
      "numCallsInWriteQueue", "numCallsInScanQueue"};
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final String baseUrl;
  private final Duration timeout;
  private Double handlers;
  private boolean handlersRead;

  RegionServerJmx(HttpClient http, String host, int infoPort, Duration timeout) {
    this.http = http;
    this.baseUrl = "http://" + host + ":" + infoPort;
    this.timeout = timeout;
  }

  /** The server's metrics as its /jmx shows them now (Hadoop metrics2's snapshot of its last period). */
  Map<Metric, Double> read() throws IOException, InterruptedException {
    Map<Metric, Double> values = new EnumMap<>(Metric.class);
    JsonNode server = bean(SERVER_BEAN);
    put(values, Metric.MEMSTORE_BYTES, server, "memStoreSize");
    put(values, Metric.FLUSH_QUEUE, server, "flushQueueLength");
    put(values, Metric.COMPACTION_QUEUE, server, "compactionQueueLength");
    put(values, Metric.COMPACTED_CELLS, server, "compactedCellsCount");
    put(values, Metric.UPDATES_BLOCKED_MS, server, "updatesBlockedTime");
    put(values, Metric.BLOCKED_REQUESTS, server, "blockedRequestCount");
    put(values, Metric.BLOCK_CACHE_HIT_PERCENT, server, "blockCacheCountHitPercent");
    put(values, Metric.STORE_FILES, server, "storeFileCount");
    put(values, Metric.REGIONS, server, "regionCount");
    put(values, Metric.LONG_PAUSES, server, "pauseInfoThresholdExceeded");

    JsonNode ipc = bean(IPC_BEAN);
    double queued = number(ipc, CLIENT_QUEUES[0]);
    if (!Double.isNaN(queued)) {
      for (int i = 1; i < CLIENT_QUEUES.length; i++) {
        double more = number(ipc, CLIENT_QUEUES[i]);
        queued += Double.isNaN(more) ? 0 : more;
      }
      values.put(Metric.RPC_QUEUE_CALLS, queued);
    }
    // The histogram is queueCallTime in HBase's source; its JMX attributes are capitalised.
    put(values, Metric.RPC_QUEUE_TIME_MEAN_MS, ipc, "QueueCallTime_mean");
    put(values, Metric.RPC_QUEUE_TIME_P99_MS, ipc, "QueueCallTime_99th_percentile");
    put(values, Metric.ACTIVE_HANDLERS, ipc, "numActiveHandler");
    Double handlerCount = handlers();
    if (handlerCount != null) {
      values.put(Metric.HANDLERS, handlerCount);
      Double active = values.get(Metric.ACTIVE_HANDLERS);
      if (active != null && handlerCount > 0) {
        values.put(Metric.HANDLER_SATURATION, active / handlerCount);
      }
    }

    JsonNode jvm = bean(JVM_BEAN);
    put(values, Metric.GC_COUNT, jvm, "GcCount");
    put(values, Metric.GC_TIME_MS, jvm, "GcTimeMillis");
    put(values, Metric.GC_EXTRA_SLEEP_MS, jvm, "GcTotalExtraSleepTime");
    put(values, Metric.HEAP_USED_MB, jvm, "MemHeapUsedM");
    put(values, Metric.HEAP_MAX_MB, jvm, "MemHeapMaxM");

    double cpuNanos = number(bean(OS_BEAN), "ProcessCpuTime");
    if (!Double.isNaN(cpuNanos) && cpuNanos >= 0) { // -1: the JVM cannot measure it
      values.put(Metric.PROCESS_CPU_MS, cpuNanos / 1e6);
    }
    put(values, Metric.JIT_COMPILE_MS, bean(COMPILATION_BEAN), "TotalCompilationTime");
    return values;
  }

  /** hbase.regionserver.handler.count as the server runs with it: no bean exposes it. Read once. */
  private Double handlers() throws IOException, InterruptedException {
    if (!handlersRead) {
      handlersRead = true;
      JsonNode conf = get("/conf?format=json");
      for (JsonNode property : conf.path("properties")) {
        if ("hbase.regionserver.handler.count".equals(property.path("key").asText())) {
          try {
            handlers = Double.valueOf(property.path("value").asText().trim());
          } catch (NumberFormatException e) {
            handlers = null;
          }
        }
      }
    }
    return handlers;
  }

  /** The bean's attributes (service=HBase's if several match), or a missing node if the server has none. */
  private JsonNode bean(String pattern) throws IOException, InterruptedException {
    JsonNode beans = get("/jmx?qry=" + URLEncoder.encode(pattern, StandardCharsets.UTF_8)).path("beans");
    for (JsonNode bean : beans) {
      if (bean.path("name").asText().startsWith(HBASE_SERVICE)) {
        return bean;
      }
    }
    return beans.size() > 0 ? beans.get(0) : JSON.missingNode();
  }

  private JsonNode get(String pathAndQuery) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery)).timeout(timeout).GET().build();
    HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IOException("HTTP " + response.statusCode() + " from " + baseUrl + pathAndQuery);
    }
    return JSON.readTree(response.body());
  }

  private static void put(Map<Metric, Double> values, Metric metric, JsonNode bean, String attribute) {
    double v = number(bean, attribute);
    if (!Double.isNaN(v)) {
      values.put(metric, v);
    }
  }

  /** The attribute as a number, NaN if absent or not a number. */
  private static double number(JsonNode bean, String attribute) {
    JsonNode v = bean.path(attribute);
    return v.isNumber() ? v.asDouble() : Double.NaN;
  }
}
