package org.hperf.core.run;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.hperf.core.OperationType;

/**
 * The figures {@code hperf aggregate} computed for one workload's runs, as {@code report} and
 * {@code compare} read them back. Written to and read from {@code aggregate/summary.json} only by
 * {@link #write} and {@link #read}, so the aggregate and its readers cannot disagree on a name;
 * {@code summary.csv} is a flat view of the same object for spreadsheets ({@link #csv}).
 *
 * <p>summary.json is UTF-8 JSON (Jackson, indented, names as the record components):
 * <pre>
 * {"workload": "workloada", "runs": 2, "intervalSeconds": 10,
 *  "overall": {"READ": {"throughputOpsPerSec": .., "throughputMinOpsPerSec": .., "throughputMaxOpsPerSec": ..,
 *                       "throughputStdDevOpsPerSec": .., "latency": {"operations": .., "meanMicros": ..,
 *                       "p50Micros": .., "p90Micros": .., "p95Micros": .., "p99Micros": .., "p999Micros": ..,
 *                       "p9999Micros": .., "maxMicros": ..}}, ..., "ALL": {..}},
 *  "perRun": {"run-1": {"tasks": .., "disturbedBy": ["7 failed operations"], "windowStartMs": ..,
 *             "windowEndMs": .., "operations": {"READ": {"throughputOpsPerSec": .., "latency": {..},
 *             "intervals": [{"index": 0, "opsPerSec": .., "p50Micros": .., "p99Micros": ..}, ..]}, ..},
 *             "placement": {"servers": {"host:16020": {"READ": {"throughputOpsPerSec": .., "share": 0.41,
 *                 "latency": {..}, "intervals": [..]}, .., "ALL": {..}}, .., "unlocated": {..}},
 *               "regions": [{"encodedName": "..", "startKey": "", "endKey": "user2", "operations":
 *                 {"READ": {"operations": .., "share": .., "p50Micros": .., "p99Micros": ..}, ..}}, ..],
 *               "hotspots": [{"kind": "server", "name": "host:16020", "tag": "READ", "share": .., "fairShare": ..,
 *                 "p99Ratio": .., "finding": "host:16020 served 41% of reads (fair share 25%), p99 3.8x .."}]},
 *             "cluster": {"servers": {"host:16020": [{"offsetMs": -2000, "metrics": {"compactionQueueLength": 0,
 *                 "gcTimeMs": 340, ..}}, ..]},
 *               "clients": [{"task": "client-00000", "offsetMs": 0, "lengthMs": 10000, "gcCount": 2, "gcTimeMs": 31,
 *                 "cpuMs": 8200, "sharedJvm": false}, ..]}}, ..},
 *  "configuration": {"run.properties key": "value", ..},
 *  "findings": [{"kind": "warm-up", "run": "run-1", "text": "throughput rose from 6,100 to 17,800 ops/s .."}, ..]}
 * </pre>
 * A placement's servers are by name, "unlocated" being the failed operations; its regions in key
 * order; its hotspots strongest first. A run recorded with {@code --per-server off} has empty ones.
 * A run's cluster state ({@link ClusterState}) holds each server's samples from the last one before
 * the window to the first one after it (so running totals can be differenced over the window; a
 * negative offset is before the window start), a metric the server did not expose left out; each
 * client task's jvm intervals. A run without cluster-metrics.csv has empty ones.
 * Tags are in {@link #TAG_ORDER}; runs in the order the aggregate gave them; configuration by key.
 * {@code findings} are what the aggregate noticed about the runs as a whole, each a {@link Finding}
 * (its kind, the run it names, a line of text), in the order found; any analysis may add a kind
 * (the steady-state analysis, the cluster state's: compactions, blocked updates, GC, RPC queue).
 * Every field is required on read: a summary of another shape is refused, not read as zeros.
 */
public record RunSummary(String workload, int runs, long intervalSeconds, Map<String, Overall> overall,
    Map<String, Run> perRun, Map<String, String> configuration, List<Finding> findings) {

  /** Operations by name, then {@code ALL} and {@code ALL.intended}: the all-operations rows close a table. */
  public static final Comparator<String> TAG_ORDER = Comparator.comparing(RunSummary::isAllTag)
      .thenComparing(Comparator.naturalOrder());

  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      // The caller opened the stream, the caller closes it.
      .configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false)
      .configure(JsonParser.Feature.AUTO_CLOSE_SOURCE, false);

  public RunSummary {
    Objects.requireNonNull(workload, "workload");
    overall = inTagOrder(overall);
    perRun = Collections.unmodifiableMap(new LinkedHashMap<>(perRun));
    configuration = Collections.unmodifiableMap(new TreeMap<>(configuration));
    findings = List.copyOf(findings);
    if (runs != perRun.size()) {
      throw new IllegalArgumentException("runs=" + runs + " but figures for " + perRun.size() + " runs");
    }
  }

  /**
   * Something a reader of the figures should know first, about one run (e.g. "warm-up": its
   * throughput was still rising; "run-outlier": it is far from the other runs): {@code kind} says
   * which analysis found it, {@code run} names the run ("run-1"), {@code text} says it in a line,
   * without the run's name (a report puts "run-1: " before it). Not specific to one analysis: any
   * source of findings adds its own kind.
   */
  public record Finding(String kind, String run, String text) {
    public Finding {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(run, "run");
      Objects.requireNonNull(text, "text");
    }

    /** "run-1: text". */
    public String line() {
      return run + ": " + text;
    }
  }

  /** One tag over all runs: the runs' throughputs (mean, min, max, sample standard deviation), latency of all runs merged. */
  public record Overall(double throughputOpsPerSec, double throughputMinOpsPerSec, double throughputMaxOpsPerSec,
      double throughputStdDevOpsPerSec, Latency latency) {
    public Overall {
      Objects.requireNonNull(latency, "latency");
    }
  }

  /**
   * One run: its tasks, what disturbed it (empty if clean), the window every task measured, its
   * tags, where they were served and the cluster's and clients' own state during it.
   */
  public record Run(int tasks, List<String> disturbedBy, long windowStartMs, long windowEndMs,
      Map<String, RunOperation> operations, Placement placement, ClusterState cluster) {
    public Run {
      disturbedBy = List.copyOf(disturbedBy);
      operations = inTagOrder(operations);
      Objects.requireNonNull(placement, "placement");
      Objects.requireNonNull(cluster, "cluster");
    }

    /** A run without cluster metrics (a run directory from before they were sampled). */
    public Run(int tasks, List<String> disturbedBy, long windowStartMs, long windowEndMs,
        Map<String, RunOperation> operations, Placement placement) {
      this(tasks, disturbedBy, windowStartMs, windowEndMs, operations, placement, ClusterState.NONE);
    }

    /** This run with {@code state} as its cluster state. */
    public Run withCluster(ClusterState state) {
      return new Run(tasks, disturbedBy, windowStartMs, windowEndMs, operations, placement, state);
    }
  }

  /**
   * The region servers' and the client tasks' own state during one run, from the run's
   * {@link ClusterMetricsLog} and its task logs' jvm lines ({@link TaskLogFormat.JvmInterval}):
   * per server its samples inside the window, per task its intervals. Empty for a run without
   * them. What they say about the run is in the summary's {@link Finding}s, with every other
   * analysis's (a summary that kept them here as strings is of another shape: refused on read).
   */
  public record ClusterState(Map<String, List<ServerSample>> servers, List<ClientInterval> clients) {
    public static final ClusterState NONE = new ClusterState(Map.of(), List.of());

    public ClusterState {
      Map<String, List<ServerSample>> byServer = new TreeMap<>();
      servers.forEach((server, samples) -> byServer.put(server, List.copyOf(samples)));
      servers = Collections.unmodifiableMap(byServer);
      clients = List.copyOf(clients);
    }
  }

  /**
   * One sample of one server, {@code offsetMs} after the run's window start: metric column
   * ({@link ClusterMetricsLog.Metric#column}) to value, as the server reported it (running totals
   * included); a metric the server did not expose is absent, never 0.
   */
  public record ServerSample(long offsetMs, Map<String, Double> metrics) {
    public ServerSample {
      metrics = Collections.unmodifiableMap(new TreeMap<>(metrics));
    }
  }

  /** One client task's JVM over one interval, offsets from the run's window start; cpuMs -1 if not measured. */
  public record ClientInterval(String task, long offsetMs, long lengthMs, long gcCount, long gcTimeMs, long cpuMs,
      boolean sharedJvm) {
  }

  /** This summary with each named run's cluster state set; runs not named keep theirs. */
  public RunSummary withClusterStates(Map<String, ClusterState> states) {
    Map<String, Run> runs = new LinkedHashMap<>();
    perRun.forEach((name, run) -> runs.put(name, states.containsKey(name) ? run.withCluster(states.get(name)) : run));
    return new RunSummary(workload, this.runs, intervalSeconds, overall, runs, configuration, findings);
  }

  /** This summary with {@code more} findings after its own. */
  public RunSummary withFindings(List<Finding> more) {
    List<Finding> all = new ArrayList<>(findings);
    all.addAll(more);
    return new RunSummary(workload, runs, intervalSeconds, overall, perRun, configuration, all);
  }

  /**
   * Where one run's operations were served: per region server and tag its throughput over the
   * run's window, its share of the tag's operations and its latency and intervals; per region
   * (key order) its operations and percentiles over the whole run; what stands out.
   */
  public record Placement(Map<String, Map<String, ServerOperation>> servers, List<Region> regions,
      List<Hotspot> hotspots) {
    public static final Placement NONE = new Placement(Map.of(), List.of(), List.of());

    public Placement {
      Map<String, Map<String, ServerOperation>> byServer = new TreeMap<>();
      servers.forEach((server, tags) -> byServer.put(server, inTagOrder(tags)));
      servers = Collections.unmodifiableMap(byServer);
      regions = List.copyOf(regions);
      hotspots = List.copyOf(hotspots);
    }
  }

  /** One tag on one region server in one run; share is of the tag's operations in the run. */
  public record ServerOperation(double throughputOpsPerSec, double share, Latency latency, List<Interval> intervals) {
    public ServerOperation {
      Objects.requireNonNull(latency, "latency");
      intervals = List.copyOf(intervals);
    }
  }

  /** One region over one run; keys printable (non-ASCII bytes as \\xNN), empty for the table's ends. */
  public record Region(String encodedName, String startKey, String endKey, Map<String, RegionOperation> operations) {
    public Region {
      operations = inTagOrder(operations);
    }
  }

  /** One tag in one region over the whole run. */
  public record RegionOperation(long operations, double share, long p50Micros, long p99Micros) {
  }

  /**
   * A region server or region ({@code kind} "server" or "region") that stands out for one tag: its
   * share of the tag's operations against the fair share, its p99 against the median p99 of the
   * others (0 when not comparable), and the finding as a line of text.
   */
  public record Hotspot(String kind, String name, String tag, double share, double fairShare, double p99Ratio,
      String finding) {
  }

  /** One tag in one run: throughput over the run's common window, latency, and the interval series. */
  public record RunOperation(double throughputOpsPerSec, Latency latency, List<Interval> intervals) {
    public RunOperation {
      Objects.requireNonNull(latency, "latency");
      intervals = List.copyOf(intervals);
    }
  }

  /** Interval {@code index} (of {@link #intervalSeconds} each, from the run's common start) of one tag. */
  public record Interval(long index, double opsPerSec, long p50Micros, long p99Micros) {
  }

  /** The figures one merged histogram yields, in microseconds. */
  public record Latency(long operations, double meanMicros, long p50Micros, long p90Micros, long p95Micros,
      long p99Micros, long p999Micros, long p9999Micros, long maxMicros) {

    static final String CSV_HEADER = "operations,mean_us,p50_us,p90_us,p95_us,p99_us,p99.9_us,p99.99_us,max_us";

    public static Latency of(Histogram h) {
      return new Latency(h.getTotalCount(), h.getTotalCount() == 0 ? 0 : h.getMean(),
          h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(95),
          h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getValueAtPercentile(99.99), h.getMaxValue());
    }

    public String csv() {
      return String.format(Locale.ROOT, "%d,%.1f,%d,%d,%d,%d,%d,%d,%d", operations, meanMicros, p50Micros,
          p90Micros, p95Micros, p99Micros, p999Micros, p9999Micros, maxMicros);
    }
  }

  /** The tags summarised, in {@link #TAG_ORDER}. */
  public List<String> tags() {
    return List.copyOf(overall.keySet());
  }

  /** Writes summary.json; the stream stays open. */
  public void write(OutputStream out) throws IOException {
    MAPPER.writeValue(out, this);
    out.write('\n');
    out.flush();
  }

  /** Reads what {@link #write} wrote; anything else (another shape, a missing field) is an IOException. */
  public static RunSummary read(InputStream in) throws IOException {
    return MAPPER.readValue(in, RunSummary.class);
  }

  /**
   * summary.csv: header {@code scope,operation,throughput_ops_per_s,} then the latency columns
   * ({@code operations,mean_us,p50_us,...,max_us}); one row per run and tag (scope {@code run-1}),
   * then one per tag over all runs (scope {@code all-runs}, throughput the mean of the runs').
   */
  public String csv() {
    StringBuilder out = new StringBuilder("scope,operation,throughput_ops_per_s," + Latency.CSV_HEADER + "\n");
    perRun.forEach((run, figures) -> figures.operations().forEach((tag, op) ->
        out.append(csvRow(run, tag, op.throughputOpsPerSec(), op.latency()))));
    overall.forEach((tag, op) -> out.append(csvRow("all-runs", tag, op.throughputOpsPerSec(), op.latency())));
    return out.toString();
  }

  /**
   * placement.csv, where each run's operations were served (empty but for the header without
   * {@code --per-server on}): header {@code run,kind,name,start_key,end_key,operation,operations,share,
   * throughput_ops_per_s,p50_us,p99_us}; per run first its region servers (kind {@code server}, name
   * host:port or {@code unlocated}, no keys) by name and tag, then its regions (kind {@code region},
   * name the encoded region name, its keys; no throughput, a region's figures being of the whole run)
   * in key order. A field holding a comma or a quote is quoted, CSV style.
   */
  public String placementCsv() {
    StringBuilder out = new StringBuilder(
        "run,kind,name,start_key,end_key,operation,operations,share,throughput_ops_per_s,p50_us,p99_us\n");
    perRun.forEach((run, figures) -> {
      figures.placement().servers().forEach((server, tags) -> tags.forEach((tag, op) ->
          out.append(String.join(",", csvField(run), "server", csvField(server), "", "", tag,
              Long.toString(op.latency().operations()), String.format(Locale.ROOT, "%.6f", op.share()),
              String.format(Locale.ROOT, "%.1f", op.throughputOpsPerSec()), Long.toString(op.latency().p50Micros()),
              Long.toString(op.latency().p99Micros()))).append('\n')));
      figures.placement().regions().forEach(region -> region.operations().forEach((tag, op) ->
          out.append(String.join(",", csvField(run), "region", csvField(region.encodedName()),
              csvField(region.startKey()), csvField(region.endKey()), tag, Long.toString(op.operations()),
              String.format(Locale.ROOT, "%.6f", op.share()), "", Long.toString(op.p50Micros()),
              Long.toString(op.p99Micros()))).append('\n')));
    });
    return out.toString();
  }

  private static String csvField(String value) {
    return value.contains(",") || value.contains("\"") || value.contains("\n")
        ? '"' + value.replace("\"", "\"\"") + '"' : value;
  }

  private static String csvRow(String scope, String tag, double throughput, Latency latency) {
    return scope + ',' + tag + ',' + String.format(Locale.ROOT, "%.1f", throughput) + ',' + latency.csv() + '\n';
  }

  private static boolean isAllTag(String tag) {
    return tag.equals(OperationType.ALL_TAG) || tag.startsWith(OperationType.ALL_TAG + ".");
  }

  private static <T> Map<String, T> inTagOrder(Map<String, T> byTag) {
    Map<String, T> ordered = new TreeMap<>(TAG_ORDER);
    ordered.putAll(byTag);
    return Collections.unmodifiableMap(ordered);
  }
}
