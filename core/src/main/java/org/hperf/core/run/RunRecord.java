package org.hperf.core.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.ClientMode;
import org.hperf.core.OperationType;
import org.hperf.core.UsageException;

/**
 * What an {@code hperf run} output directory records beside its logs ({@value #FILE}): the
 * workload and its properties, the dataset, how it executed, the versions and the cluster, and
 * per run its job, counters and what disturbed it. Written by the run command and read by
 * aggregate, report and compare through this one class, as Java properties:
 * <pre>
 * workload.name, workload.property.&lt;key&gt;   the workload and every property given for it
 * dataset.&lt;key&gt;                            the table's dataset (DatasetProperty keys)
 * run.clients, run.threads, run.client (sync|async), run.inflight, run.duration.seconds,
 * run.warmup.seconds, run.target.ops, run.runs, run.seed, run.interval.seconds, run.perServer   the execution
 *                                          (a record without run.client is a sync run: inflight = threads;
 *                                          without run.perServer, one from before --per-server: false)
 * version.hbase, version.hadoop, cluster.regionservers, table.regions
 * run.&lt;i&gt;.job, run.&lt;i&gt;.counter.&lt;NAME&gt;     run i's job id and every recorded counter by enum name
 * counter.&lt;NAME&gt;.name                     a recorded counter's display name, as the job's counters gave it
 *                                          (from the bundle beside its enum); absent in records of older hperf
 * run.&lt;i&gt;.failedOperations, .clientRpcFailures, .failedTaskAttempts, .regionserversLost (comma list),
 * .regionsMoved, .clusterStateAfterRun (only when it could not be read)   what disturbed run i
 * run.&lt;i&gt;.startMs, run.&lt;i&gt;.endMs         wall clock (ms since the epoch) when run i's job was submitted
 *                                          and when it ended; absent in records of older hperf (0)
 * ab.side, ab.setup, ab.order              only for one side of {@code hperf ab}: A or B, what the side's
 *                                          setup was, and the interleaved order of both sides' runs
 *                                          ("A1 B1 B2 A2 A3 B3")
 * serverWarmup.maxSeconds, .seconds,       only when {@code hperf run --server-warmup} ran an unmeasured
 * .clients, .steadyClients, .job           warm-up before run 1: its bound, how long its job took, how
 *                                          many of its clients ended steady (the others ran to the bound)
 * </pre>
 */
public final class RunRecord {
  public static final String FILE = "run.properties";
  /**
   * Names of workload counters that readers use (the enum is the jobs module's, which analyzers
   * must not depend on; a test there checks that these names exist).
   */
  public static final String SCAN_ROWS = "SCAN_ROWS";
  public static final String SCAN_OK = "SCAN_OK";
  public static final String MEASURED_OPERATIONS = "MEASURED_OPERATIONS";
  /**
   * What became of an operation, as the workload counts it per operation ({@link #outcomeCounter})
   * and as YCSB's Status names it: the jobs module's Outcome, in its order.
   */
  public static final List<String> OUTCOMES = List.of("OK", "NOT_FOUND", "ERROR");
  private static final String WORKLOAD_PROPERTY = "workload.property.";
  private static final String DATASET = "dataset.";
  private static final String COUNTER = "counter.";
  private static final String COUNTER_NAME_SUFFIX = ".name";

  /** The counter of {@code operation}'s operations that ended in {@code outcome} ({@link #OUTCOMES}): READ_ERROR. */
  public static String outcomeCounter(OperationType operation, String outcome) {
    return operation.name() + "_" + outcome;
  }

  /**
   * How the runs executed. {@code inflight} is the operations each client keeps in flight: its
   * threads with the sync client, its lanes with the async one. {@code perServer}: whether the
   * clients recorded where each operation was served ({@code --per-server}).
   */
  public record Execution(int clients, int threads, ClientMode client, int inflight, long durationSeconds,
      long warmupSeconds, double targetOps, int runs, long seed, int intervalSeconds, boolean perServer) {
  }

  /** The software and cluster the runs measured. */
  public record Cluster(String hbaseVersion, String hadoopVersion, int regionServers, int regions) {
  }

  /** One run's job and outcome, and when it ran (wall clock, ms since the epoch; 0 if unknown). */
  public record Outcome(String jobId, Map<String, Long> counters, long failedOperations, long clientRpcFailures,
      long failedTaskAttempts, List<String> regionServersLost, int regionsMoved, String clusterStateProblem,
      long startMs, long endMs) {

    /** An outcome whose times are unknown. */
    public Outcome(String jobId, Map<String, Long> counters, long failedOperations, long clientRpcFailures,
        long failedTaskAttempts, List<String> regionServersLost, int regionsMoved, String clusterStateProblem) {
      this(jobId, counters, failedOperations, clientRpcFailures, failedTaskAttempts, regionServersLost, regionsMoved,
          clusterStateProblem, 0, 0);
    }

    /** Why this run's figures are not those of a clean run; empty when nothing disturbed it. */
    public List<String> disturbances() {
      List<String> reasons = new ArrayList<>();
      if (failedOperations > 0) {
        reasons.add(failedOperations + " failed operations");
      }
      if (clientRpcFailures > 0) {
        reasons.add(clientRpcFailures + " HBase client RPCs failed and were retried");
      }
      if (failedTaskAttempts > 0) {
        reasons.add(failedTaskAttempts + " failed task attempts");
      }
      if (!regionServersLost.isEmpty()) {
        reasons.add("region servers left the cluster during the run: " + String.join(",", regionServersLost));
      }
      if (regionsMoved > 0) {
        reasons.add(regionsMoved + " regions moved, split or merged during the run");
      }
      if (clusterStateProblem != null) {
        reasons.add("the cluster's state after the run could not be read");
      }
      return reasons;
    }

    public long counter(String name) {
      return counters.getOrDefault(name, 0L);
    }
  }

  /**
   * The side of an {@code hperf ab} comparison these runs are: "A" or "B", what its setup was (e.g.
   * "hfile.block.cache.size=0 on restarted region servers"), and the interleaved order of both
   * sides' runs, each a side and a run index ("A1", "B1", "B2", "A2", ...).
   */
  public record AbSide(String side, String setup, List<String> order) {
    public AbSide {
      Objects.requireNonNull(side, "side");
      Objects.requireNonNull(setup, "setup");
      order = List.copyOf(order);
    }

    /**
     * The configuration keys hperf ab sets on each run it makes (as {@code -D} options), so that the
     * run records its side itself and nobody rewrites its record afterwards.
     */
    public static final String SIDE_KEY = "hperf.ab.side";
    public static final String SETUP_KEY = "hperf.ab.setup";
    public static final String ORDER_KEY = "hperf.ab.order";

    /** Where this side's run {@code runIndex} came in the interleaved order, from 1; 0 if not in it. */
    public int position(int runIndex) {
      return order.indexOf(side + runIndex) + 1;
    }

    /** The side a run was told it is, if hperf ab made it. */
    public static Optional<AbSide> of(org.apache.hadoop.conf.Configuration conf) {
      String side = conf.get(SIDE_KEY);
      return side == null ? Optional.empty() : Optional.of(new AbSide(side, conf.get(SETUP_KEY, ""),
          Arrays.asList(conf.getTrimmedStrings(ORDER_KEY))));
    }

    /** This side as Hadoop's generic options ({@code -D key=value}), for a run's command line. */
    public List<String> genericOptions() {
      return List.of("-D", SIDE_KEY + "=" + side, "-D", SETUP_KEY + "=" + setup,
          "-D", ORDER_KEY + "=" + String.join(",", order));
    }
  }

  /**
   * The unmeasured server warm-up that ran before run 1 ({@code hperf run --server-warmup}): its time
   * bound, how long its job took (submission to end, seconds), its clients and how many of them
   * ended because their throughput was steady rather than at the bound, and its job id.
   */
  public record ServerWarmup(long maxSeconds, double seconds, int clients, int steadyClients, String jobId) {
    public ServerWarmup {
      Objects.requireNonNull(jobId, "jobId");
    }

    /** Every client's throughput stopped rising before the bound. */
    public boolean steady() {
      return steadyClients >= clients;
    }
  }

  private final String workload;
  private final Map<String, String> workloadProperties;
  private final Map<String, String> dataset;
  private final Execution execution;
  private final Cluster cluster;
  private final SortedMap<Integer, Outcome> outcomes = new TreeMap<>();
  /**
   * Counter name to display name. The writer (the run command, in jobs) has the job's counters,
   * which carry the display names of the bundles beside their enums (WorkloadCounters.properties,
   * Hadoop's TaskCounter.properties); readers (report, in analyzers) may not depend on jobs, and
   * the job history that also holds them is not there when a run directory is copied elsewhere.
   * So the record carries them: one writer, every reader.
   */
  private final SortedMap<String, String> counterNames = new TreeMap<>();
  private AbSide abSide;
  private ServerWarmup serverWarmup;

  public RunRecord(String workload, Map<String, String> workloadProperties, Map<String, String> dataset,
      Execution execution, Cluster cluster) {
    this.workload = workload;
    this.workloadProperties = Collections.unmodifiableMap(new TreeMap<>(workloadProperties));
    this.dataset = Collections.unmodifiableMap(new TreeMap<>(dataset));
    this.execution = execution;
    this.cluster = cluster;
  }

  public String workload() {
    return workload;
  }

  public Map<String, String> workloadProperties() {
    return workloadProperties;
  }

  public Map<String, String> dataset() {
    return dataset;
  }

  public Execution execution() {
    return execution;
  }

  public Cluster cluster() {
    return cluster;
  }

  /** Records run {@code index}'s outcome (1-based), replacing any earlier one. */
  public void putOutcome(int index, Outcome outcome) {
    outcomes.put(index, outcome);
  }

  /** Run index to outcome, for the runs that finished; a failed job has none. */
  public SortedMap<Integer, Outcome> outcomes() {
    return Collections.unmodifiableSortedMap(outcomes);
  }

  /** Records the display name of a counter of the outcomes ("READ_OK" is "Read OK"). */
  public void nameCounter(String name, String displayName) {
    counterNames.put(name, displayName);
  }

  /** A counter's display name as its job gave it; the name itself in a record without one. */
  public String counterDisplayName(String name) {
    return counterNames.getOrDefault(name, name);
  }

  /** The A/B side these runs are, if {@code hperf ab} ran them. */
  public Optional<AbSide> abSide() {
    return Optional.ofNullable(abSide);
  }

  /** The server warm-up that ran before run 1, if any. */
  public Optional<ServerWarmup> serverWarmup() {
    return Optional.ofNullable(serverWarmup);
  }

  public void setServerWarmup(ServerWarmup warmup) {
    this.serverWarmup = warmup;
  }

  /** Marks these runs as one side of an interleaved A/B comparison. */
  public void setAbSide(AbSide side) {
    this.abSide = side;
  }

  /**
   * Why runs recorded here and {@code other} do not belong in one run directory (another workload,
   * dataset or execution), or null if they do: {@code hperf run --run-index} adds a run only to a
   * directory of the same settings.
   */
  public String differenceFrom(RunRecord other) {
    if (!workload.equals(other.workload)) {
      return "workload " + workload + " vs " + other.workload;
    }
    if (!workloadProperties.equals(other.workloadProperties)) {
      return "workload properties " + workloadProperties + " vs " + other.workloadProperties;
    }
    if (!dataset.equals(other.dataset)) {
      return "dataset " + dataset + " vs " + other.dataset;
    }
    if (!execution.equals(other.execution)) {
      return "execution " + execution + " vs " + other.execution;
    }
    return null;
  }

  /** What disturbed the run of a run directory's name ("run-2"); empty if nothing or unknown. */
  public List<String> disturbances(String runName) {
    Outcome outcome = outcomes.get(runIndex(runName));
    return outcome == null ? List.of() : outcome.disturbances();
  }

  /** A run directory's index: "run-2" is 2; -1 if the name is not a run's ({@link RunDirectory#runIndex}). */
  public static int runIndex(String runName) {
    return RunDirectory.runIndex(runName);
  }

  public Properties asProperties() {
    Properties p = new Properties();
    p.setProperty("workload.name", workload);
    workloadProperties.forEach((k, v) -> p.setProperty(WORKLOAD_PROPERTY + k, v));
    dataset.forEach((k, v) -> p.setProperty(DATASET + k, v));
    p.setProperty("run.clients", Integer.toString(execution.clients()));
    p.setProperty("run.threads", Integer.toString(execution.threads()));
    p.setProperty("run.client", execution.client().optionValue());
    p.setProperty("run.inflight", Integer.toString(execution.inflight()));
    p.setProperty("run.duration.seconds", Long.toString(execution.durationSeconds()));
    p.setProperty("run.warmup.seconds", Long.toString(execution.warmupSeconds()));
    p.setProperty("run.target.ops", Double.toString(execution.targetOps()));
    p.setProperty("run.runs", Integer.toString(execution.runs()));
    p.setProperty("run.seed", Long.toString(execution.seed()));
    p.setProperty("run.interval.seconds", Integer.toString(execution.intervalSeconds()));
    p.setProperty("run.perServer", Boolean.toString(execution.perServer()));
    p.setProperty("version.hbase", cluster.hbaseVersion());
    p.setProperty("version.hadoop", cluster.hadoopVersion());
    p.setProperty("cluster.regionservers", Integer.toString(cluster.regionServers()));
    p.setProperty("table.regions", Integer.toString(cluster.regions()));
    outcomes.forEach((index, o) -> putOutcome(p, "run." + index + ".", o));
    counterNames.forEach((name, display) -> p.setProperty(COUNTER + name + COUNTER_NAME_SUFFIX, display));
    if (abSide != null) {
      p.setProperty("ab.side", abSide.side());
      p.setProperty("ab.setup", abSide.setup());
      p.setProperty("ab.order", String.join(" ", abSide.order()));
    }
    if (serverWarmup != null) {
      p.setProperty("serverWarmup.maxSeconds", Long.toString(serverWarmup.maxSeconds()));
      p.setProperty("serverWarmup.seconds", String.format(java.util.Locale.ROOT, "%.1f", serverWarmup.seconds()));
      p.setProperty("serverWarmup.clients", Integer.toString(serverWarmup.clients()));
      p.setProperty("serverWarmup.steadyClients", Integer.toString(serverWarmup.steadyClients()));
      p.setProperty("serverWarmup.job", serverWarmup.jobId());
    }
    return p;
  }

  private static void putOutcome(Properties p, String prefix, Outcome o) {
    p.setProperty(prefix + "job", o.jobId());
    o.counters().forEach((name, value) -> p.setProperty(prefix + "counter." + name, Long.toString(value)));
    p.setProperty(prefix + "failedOperations", Long.toString(o.failedOperations()));
    p.setProperty(prefix + "clientRpcFailures", Long.toString(o.clientRpcFailures()));
    p.setProperty(prefix + "failedTaskAttempts", Long.toString(o.failedTaskAttempts()));
    p.setProperty(prefix + "regionserversLost", String.join(",", o.regionServersLost()));
    p.setProperty(prefix + "regionsMoved", Integer.toString(o.regionsMoved()));
    if (o.clusterStateProblem() != null) {
      p.setProperty(prefix + "clusterStateAfterRun", "unknown: " + o.clusterStateProblem());
    }
    if (o.startMs() != 0) {
      p.setProperty(prefix + "startMs", Long.toString(o.startMs()));
      p.setProperty(prefix + "endMs", Long.toString(o.endMs()));
    }
  }

  public void store(OutputStream out) throws IOException {
    asProperties().store(out, "hperf run: workload, dataset, execution, versions and each run's outcome");
  }

  public static RunRecord load(InputStream in) throws IOException {
    Properties p = new Properties();
    p.load(in);
    return of(p);
  }

  /** The record of a run output directory; an IOException naming the file if it is missing. */
  public static RunRecord read(FileSystem fs, Path runDir) throws IOException {
    Path file = new Path(runDir, FILE);
    if (!fs.exists(file)) {
      throw new java.io.FileNotFoundException(file + " is missing: it is written by 'hperf run' beside its logs");
    }
    try (InputStream in = fs.open(file)) {
      return load(in);
    }
  }

  public void write(FileSystem fs, Path runDir) throws IOException {
    try (OutputStream out = fs.create(new Path(runDir, FILE), true)) {
      store(out);
    }
  }

  /** The record that {@link #asProperties} gave. */
  public static RunRecord of(Properties p) {
    Map<String, String> workloadProperties = new TreeMap<>();
    Map<String, String> dataset = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.startsWith(WORKLOAD_PROPERTY)) {
        workloadProperties.put(key.substring(WORKLOAD_PROPERTY.length()), p.getProperty(key));
      } else if (key.startsWith(DATASET)) {
        dataset.put(key.substring(DATASET.length()), p.getProperty(key));
      }
    }
    Map<String, String> counterNames = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.startsWith(COUNTER) && key.endsWith(COUNTER_NAME_SUFFIX)) {
        counterNames.put(key.substring(COUNTER.length(), key.length() - COUNTER_NAME_SUFFIX.length()),
            p.getProperty(key));
      }
    }
    int threads = integer(p, "run.threads", 0);
    Execution execution = new Execution(integer(p, "run.clients", 0), threads, clientMode(p),
        integer(p, "run.inflight", threads), number(p, "run.duration.seconds", 0), number(p, "run.warmup.seconds", 0),
        Double.parseDouble(p.getProperty("run.target.ops", "0")), integer(p, "run.runs", 1),
        number(p, "run.seed", 1), integer(p, "run.interval.seconds", 10),
        Boolean.parseBoolean(p.getProperty("run.perServer", "false")));
    Cluster cluster = new Cluster(p.getProperty("version.hbase", "unknown"), p.getProperty("version.hadoop", "unknown"),
        integer(p, "cluster.regionservers", 1), integer(p, "table.regions", 0));
    RunRecord record = new RunRecord(p.getProperty("workload.name", "unknown"), workloadProperties, dataset,
        execution, cluster);
    counterNames.forEach(record::nameCounter);
    for (int index = 1; index <= execution.runs(); index++) {
      String prefix = "run." + index + ".";
      if (p.getProperty(prefix + "job") != null) {
        record.putOutcome(index, outcome(p, prefix));
      }
    }
    String side = p.getProperty("ab.side");
    if (side != null) {
      String order = p.getProperty("ab.order", "").trim();
      record.setAbSide(new AbSide(side, p.getProperty("ab.setup", ""),
          order.isEmpty() ? List.of() : Arrays.asList(order.split(" +"))));
    }
    if (p.getProperty("serverWarmup.job") != null) {
      record.setServerWarmup(new ServerWarmup(number(p, "serverWarmup.maxSeconds", 0),
          Double.parseDouble(p.getProperty("serverWarmup.seconds", "0")), integer(p, "serverWarmup.clients", 0),
          integer(p, "serverWarmup.steadyClients", 0), p.getProperty("serverWarmup.job")));
    }
    return record;
  }

  private static Outcome outcome(Properties p, String prefix) {
    Map<String, Long> counters = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.startsWith(prefix + "counter.")) {
        counters.put(key.substring((prefix + "counter.").length()), Long.parseLong(p.getProperty(key)));
      }
    }
    String lost = p.getProperty(prefix + "regionserversLost", "");
    String state = p.getProperty(prefix + "clusterStateAfterRun");
    return new Outcome(p.getProperty(prefix + "job"), counters, number(p, prefix + "failedOperations", 0),
        number(p, prefix + "clientRpcFailures", 0), number(p, prefix + "failedTaskAttempts", 0),
        lost.isEmpty() ? List.of() : Arrays.asList(lost.split(",")), integer(p, prefix + "regionsMoved", 0),
        state == null ? null : state.replaceFirst("^unknown: ", ""), number(p, prefix + "startMs", 0),
        number(p, prefix + "endMs", 0));
  }

  /** A record written before the async client existed is a sync run's. */
  private static ClientMode clientMode(Properties p) {
    try {
      return ClientMode.parse(p.getProperty("run.client", ClientMode.SYNC.optionValue()));
    } catch (UsageException e) {
      throw new IllegalArgumentException(FILE + ": " + e.getMessage(), e);
    }
  }

  private static long number(Properties p, String key, long otherwise) {
    String value = p.getProperty(key);
    return value == null ? otherwise : Long.parseLong(value.trim());
  }

  private static int integer(Properties p, String key, int otherwise) {
    return (int) number(p, key, otherwise);
  }
}
