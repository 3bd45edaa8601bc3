package org.hperf.jobs;

import java.io.IOException;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.List;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hperf.core.ClientMode;
import org.hperf.core.DatasetProperty;
import org.hperf.core.DatasetSpec;
import org.hperf.core.ExistingDataset;
import org.hperf.core.ExitCode;
import org.hperf.core.HBaseAccess;
import org.hperf.core.HperfTool;
import org.hperf.core.JobCounters;
import org.hperf.core.JobJars;
import org.hperf.core.JobProgress;
import org.hperf.core.KeyRangeInputFormat;
import org.hperf.core.Numbers;
import org.hperf.core.OperationType;
import org.hperf.core.TableSnapshots;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.DatasetOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.cli.RunOptions;
import org.hperf.core.run.LatestLatency;
import org.hperf.core.run.RunDirectory;
import org.hperf.core.run.RunRecord;

/**
 * {@code hperf run -P conf/workloads/workloada}: runs one workload as a MapReduce job against a table
 * made by create-table and load: {@code --clients} map tasks of {@code --threads} threads (or, with
 * {@code --client async}, of {@code --inflight} operations in flight on one AsyncTable), all
 * measuring one common window, each writing an HdrHistogram interval log into
 * {@code <output>/run-<i>/}; {@code --runs} repetitions. With {@code --format ycsb}, YCSB's result
 * lines of the run directory after the runs ({@link YcsbLines}).
 */
public final class WorkloadTool extends HperfTool {
  public static final String NAME = "run";
  /** Hadoop's task counters recorded with each run beside the workload counters. */
  private static final List<TaskCounter> CLIENT_TASK_COUNTERS = List.of(TaskCounter.GC_TIME_MILLIS,
      TaskCounter.CPU_MILLISECONDS);
  private static final String TEXT = "text";
  private static final String YCSB = "ycsb";

  /**
   * What prints YCSB's result lines of a finished run directory for {@code --format ycsb}: the
   * analyzers' aggregate, which this module may not depend on, so the driver hands it in.
   */
  public interface YcsbLines {
    /** Refuses, before any run, the settings the printing would refuse (-D hdrhistogram.percentiles). */
    void check(Configuration conf) throws UsageException;

    /** Prints the lines of every run in {@code runDir}, alone on stdout; returns an exit code. */
    int print(Configuration conf, Path runDir) throws Exception;
  }

  /** Null: --format ycsb is refused (a suite or ab step, a test). */
  private final YcsbLines ycsbLines;
  /**
   * Set (true) by a command that runs this one among its steps: hperf suite, which says once, at
   * its end, why the client CPU was not measured ({@link #clientCpuNote}), instead of each step;
   * hperf ab, whose verdicts do not use the client's CPU.
   */
  public static final String CALLER_NOTES_CLIENT_CPU = "hperf.run.caller-notes-client-cpu";
  /**
   * How many seconds the region servers' JIT compilers must have been quiet to end a server warm-up
   * (10 when not set): the demo's is shorter ({@link ServerJitQuiet#WINDOW_SECONDS_KEY}).
   */
  public static final String SERVER_JIT_WINDOW_SECONDS = ServerJitQuiet.WINDOW_SECONDS_KEY;
  /** True when stdout is for YCSB's lines: this command's own lines then go to stderr. */
  private boolean stdoutForYcsb;
  private PrintStream human = System.out;
  /** This command's runs whose tasks shared their JVM, and those tasks. */
  private int runsWithoutClientCpu;
  private long tasksWithoutClientCpu;

  public WorkloadTool() {
    this(null);
  }

  public WorkloadTool(YcsbLines ycsbLines) {
    this.ycsbLines = ycsbLines;
  }

  @Override
  protected CommandOptions options() {
    CommandOptions options = new CommandOptions(NAME, "-P <workload file> [options]",
        "Run a YCSB-style workload as a MapReduce job: clients x threads against the table, with"
            + " counters and HdrHistogram latency logs. YCSB's threadcount, target and status.interval in the"
            + " workload's properties are honoured as --threads, --target and -D " + JobProgress.INTERVAL_SECONDS
            + "; those, when given, win.");
    return DatasetOptions.addTo(options)
        .value(null, "clients", "n", "map tasks, each one client", "2")
        .value(null, "threads", "n", "client threads per map task (--client sync)",
            "the workload's threadcount, else 8")
        .value(null, "client", "sync|async", "sync: --threads threads, each one blocking Table call at a time (as"
            + " YCSB); async: --inflight operations in flight on one AsyncTable, issued from completions", "sync")
        .value(null, "inflight", "n", "operations each map task keeps in flight with --client async", "--threads")
        .value(null, "duration", "seconds", "measure this long (Cloudera's HBase 1 vs 2 comparison: 900)",
            "until operationcount is done")
        .value(null, "operationcount", "n", "operations over all clients (overrides the workload's)",
            "the workload's operationcount")
        .value(null, "warmup", "seconds", "run this long before measuring; excluded from every figure", "0")
        .value(null, "server-warmup", "max seconds", "the first run (run 1, or --run-index's) first runs the"
            + " workload unmeasured until each"
            + " client's throughput per interval stops rising (its last 3 intervals within 10%) and every region"
            + " server JIT-compiled for at most 5% of the last 10 s, at most this long, then measures in the same"
            + " job: warms a freshly started cluster's region servers (JIT, block cache) and the clients",
            "no server warm-up")
        .value(null, "target", "ops/s", "throttle the whole job to this rate; latency then also measured from"
            + " each operation's intended start",
            "the workload's target (0: unthrottled, as in YCSB), else unthrottled")
        .value(null, "max-error-ratio", "ratio", "exit 1 if any operation's error ratio is above this", "0.001")
        .value(null, "runs", "n", "repetitions, written to run-1 ... run-N", "1")
        .value(null, "run-index", "i", "run only run i of --runs, into an --output that may already hold other"
            + " runs of the same workload and settings (to interleave the runs of two setups, as hperf ab does)",
            "every run, 1 ... N")
        .value(null, "interval", "seconds", "histogram log interval", "from --duration: 1 up to 300 s, 10 up to"
            + " an hour, 60 beyond; 1 for operation-count runs")
        .value(null, "seed", "n", "seed of the key and operation choices", "1")
        .switchOption("per-server", "record latency per region server (per interval) and per region (whole"
            + " run), from the client's region location cache (its cost: docs/benchmarks.md)")
        .value(null, "output", "dir", "run directory (must not exist)", "hperf-runs/<workload>-<time>")
        .value(null, "restore-snapshot", "name", "first put the table back to this snapshot (taken by 'hperf load"
            + " --snapshot'; the table is disabled, restored and enabled), so that the measurement starts from the"
            + " loaded data and not from what earlier writes left", "the table as it is")
        .value(null, "format", TEXT + "|" + YCSB, "what goes to stdout: hperf's lines, or after the runs YCSB's result"
            + " lines ([OVERALL], [READ], ...) of all runs merged and nothing else, hperf's lines then on stderr (as"
            + " aggregate <output> --format ycsb, which it runs and which writes <output>/aggregate)", TEXT);
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    Map<String, String> given = DatasetOptions.givenProperties(parsed, WorkloadTool::isWorkloadKey);
    if (parsed.all("P").length == 0) {
      throw new UsageException("no workload given: add -P conf/workloads/<name>, e.g. -P conf/workloads/workloada");
    }
    String[] files = parsed.all("P");
    given.putIfAbsent("hperf.workload.name", new Path(files[files.length - 1]).getName());
    if (parsed.has("operationcount")) {
      given.put("operationcount", Long.toString(parsed.longValue("operationcount", 0, 1, Long.MAX_VALUE / 4)));
    }
    // Everything the options and the workload say is checked before connecting to the cluster.
    Configuration conf = getConf();
    RunSpec firstRun = runSpec(parsed, given, conf);
    progressFromStatusInterval(given, conf);
    long serverWarmupSeconds = parsed.has("server-warmup") ? RunOptions.serverWarmupSeconds(parsed, 0, false) : 0;
    int onlyRun = parsed.has("run-index") ? parsed.intValue("run-index", 1, 1, firstRun.runs()) : 0;
    boolean ycsb = ycsbFormat(parsed, onlyRun, conf);
    stdoutForYcsb = ycsb;
    human = ycsb ? System.err : System.out;
    // The table's record count bounds only recordcount: it is checked against the table below.
    WorkloadSpec unbounded = WorkloadSpec.parse(given, Long.MAX_VALUE / 4);
    if (unbounded.operationCount() == 0 && firstRun.durationSeconds() == 0
        && unbounded.maxExecutionTimeSeconds() == 0) {
      throw new UsageException("the run has no end: give --duration <seconds> or --operationcount <n>");
    }
    Path output = outputDir(parsed, conf, unbounded, onlyRun);
    int exit;
    // One connection for the whole command: it resolves the dataset and watches the cluster around every run.
    try (Connection connection = HBaseAccess.connect(conf); Admin admin = connection.getAdmin()) {
      // The run phase's recordcount picks among the loaded records; it is no dataset contradiction.
      Map<String, String> datasetGiven = new LinkedHashMap<>(given);
      datasetGiven.remove(DatasetProperty.RECORD_COUNT.key());
      DatasetSpec dataset = ExistingDataset.resolve(admin, datasetGiven);
      String snapshot = parsed.string("restore-snapshot", null);
      if (snapshot != null) {
        // Checked before anything changes; restored before the warm-up, so every run of this command
        // and its warm-up start from the snapshot's data.
        TableSnapshots.checkRestorable(admin, snapshot, dataset.tableName());
        TableSnapshots.restore(admin, dataset.tableName(), snapshot, human);
      }
      WorkloadSpec workload = WorkloadSpec.parse(given, dataset.recordCount());
      firstRun = firstRun.withTableRecordCount(dataset.recordCount());
      FileSystem fs = output.getFileSystem(conf);
      RunRecord record = describe(dataset, workload, given, firstRun, new RunRecord.Cluster(
          org.apache.hadoop.hbase.util.VersionInfo.getVersion(), org.apache.hadoop.util.VersionInfo.getVersion(),
          admin.getRegionServers().size(), admin.getRegions(dataset.tableName()).size()));
      record = recordToExtend(fs, output, record);
      RunRecord.AbSide.of(conf).ifPresent(record::setAbSide);
      fs.mkdirs(output);
      int first = onlyRun > 0 ? onlyRun : 1;
      int last = onlyRun > 0 ? onlyRun : firstRun.runs();
      exit = ExitCode.OK;
      for (int i = first; i <= last && exit == ExitCode.OK; i++) {
        // The server warm-up is the first phase of the first run this command makes: run 1, or run k
        // of --run-index k (a cluster lifetime of hperf ab).
        exit = runOnce(conf, connection, dataset, workload, given, firstRun.withRunIndex(i), output, record,
            i == first ? serverWarmupSeconds : 0);
        record.write(fs, output);
      }
      if (runsWithoutClientCpu > 0 && !conf.getBoolean(CALLER_NOTES_CLIENT_CPU, false)) {
        human.println(clientCpuNote(runsWithoutClientCpu, tasksWithoutClientCpu));
      }
      human.println("histogram logs in " + output + " (" + (first == last ? RunDirectory.runName(first)
          : RunDirectory.runName(first) + " ... " + RunDirectory.runName(last)) + ")");
    }
    return exit == ExitCode.OK && ycsb ? ycsbLines.print(conf, output) : exit;
  }

  /** This command's runs whose client CPU per operation was not measured (their tasks shared a JVM). */
  public int runsWithoutClientCpu() {
    return runsWithoutClientCpu;
  }

  public long tasksWithoutClientCpu() {
    return tasksWithoutClientCpu;
  }

  /** The one line saying why {@code tasks} tasks of {@code runs} runs have no client CPU per operation. */
  public static String clientCpuNote(int runs, long tasks) {
    return ClientCost.unmeasuredNote(tasks, runs);
  }

  /** The workload properties run reads: the dataset's, the workload's and YCSB's client settings. */
  private static boolean isWorkloadKey(String key) {
    return DatasetOptions.isDatasetKey(key) || WorkloadSpec.KEYS.contains(key)
        || RunSpec.YCSB_CLIENT_KEYS.contains(key);
  }

  /**
   * True for --format ycsb, which needs the driver's {@link YcsbLines} and every run of the
   * directory (aggregate refuses a directory missing some).
   */
  private boolean ycsbFormat(ParsedOptions parsed, int onlyRun, Configuration conf) throws UsageException {
    String format = parsed.string("format", TEXT);
    if (!format.equals(TEXT) && !format.equals(YCSB)) {
      throw new UsageException("--format " + format + ": give " + TEXT + " or " + YCSB);
    }
    if (format.equals(TEXT)) {
      return false;
    }
    if (ycsbLines == null) {
      throw new UsageException("--format ycsb needs aggregate, which only the hperf driver provides: run it as"
          + " 'hperf run', or aggregate the run directory with --format ycsb afterwards");
    }
    if (onlyRun > 0) {
      throw new UsageException("--format ycsb prints the lines of every run, and --run-index makes one: leave"
          + " --format out and run 'hperf aggregate <dir> --format ycsb' once the directory holds every run");
    }
    ycsbLines.check(conf);
    return true;
  }

  /**
   * A job's cluster samples, written beside its output while it ran (the output must not exist
   * before the job), moved into the output once it has ended, failed or not.
   */
  private static void keepSamples(FileSystem fs, Path samples, Path jobOutput) throws IOException {
    fs.mkdirs(jobOutput);
    if (!fs.rename(samples, RunDirectory.samples(jobOutput))) {
      throw new IOException("could not move " + samples + " into " + jobOutput);
    }
  }

  /**
   * Run {@code run} as one job; with {@code serverWarmupSeconds} > 0 its clients first warm the
   * servers, unmeasured, until each is steady and the servers' JIT quiet, at most that long
   * ({@link ServerWarmupPhase}: in the same job, so the measured phase starts on warm client JVMs
   * too). The warm-up's outcome goes into {@code record}.
   */
  private int runOnce(Configuration conf, Connection connection, DatasetSpec dataset, WorkloadSpec workload,
      Map<String, String> workloadProperties, RunSpec run, Path output, RunRecord record, long serverWarmupSeconds)
      throws Exception {
    RunDirectory layout = new RunDirectory(output);
    Path runDir = layout.run(run.runIndex());
    Path barrier = layout.barrier(runDir);
    FileSystem fs = runDir.getFileSystem(conf);
    Configuration jobConf = new Configuration(conf);
    Path latency = layout.latestLatency(runDir);
    // A killed earlier attempt's files would pass for this run's. The clients write into the
    // directory, never create it: once removed at the job's end, nothing brings it back.
    deleteQuietly(fs, latency);
    fs.mkdirs(latency);
    jobConf.set(WorkloadMapper.LATENCY_DIR, latency.toString());
    LongSupplier clientsStart = clientsStart(jobConf, fs, barrier, run);
    ServerWarmupWatch warmup = serverWarmupSeconds > 0
        ? ServerWarmupWatch.prepare(jobConf, fs, layout, run, serverWarmupSeconds, clientsStart) : null;
    Job job = createSubmittableJob(jobConf, dataset, workloadProperties, run, runDir, barrier);
    human.printf(Locale.ROOT, "run %d of %d: %s on %s, %d clients x %s%n", run.runIndex(), run.runs(),
        workloadProperties.get("hperf.workload.name"), dataset.table(), run.clients(),
        run.client() == ClientMode.SYNC ? run.threads() + " threads" : run.inflight() + " async operations in flight");
    if (warmup != null) {
      human.printf(Locale.ROOT, "server warm-up: %s unmeasured until each client's throughput is steady and the region servers'"
          + " JIT compilers are quiet, at most %d s, then measured in the same job%n",
          workloadProperties.get("hperf.workload.name"), serverWarmupSeconds);
    }
    ClusterSnapshot before = ClusterSnapshot.take(connection, dataset.tableName());
    boolean ok;
    long startMs = System.currentTimeMillis();
    Path samples = layout.pendingSamples(runDir);
    LongSupplier windowStart = warmup == null ? windowStart(clientsStart, run) : warmup.windowStart(run.warmupSeconds());
    try (ClusterMetricsSampler sampler = warmup == null
        ? ClusterMetricsSampler.start(connection, fs, samples, run.intervalSeconds())
        : ClusterMetricsSampler.start(connection, fs, samples, run.intervalSeconds(), warmup.samplesObserver())) {
      ok = runJob(job, shown(progress(run, workload, windowStart)
          .withDetail(() -> LatestLatency.read(fs, latency).map(LatestLatency.Merged::text).orElse(null))));
    } finally {
      if (warmup != null) {
        warmup.clean();
      }
      fs.delete(barrier, true);
      deleteQuietly(fs, latency);
    }
    keepSamples(fs, samples, runDir);
    if (ok && warmup != null) {
      RunRecord.ServerWarmup outcome = warmup.record(job, run.clients());
      human.println(warmup.outcome(outcome));
      record.setServerWarmup(outcome);
    }
    ClusterChange change = ClusterChange.since(connection, dataset, before, startMs, System.currentTimeMillis());
    if (!ok) {
      record.putOutcome(run.runIndex(), change.outcome(job.getJobID().toString(), Map.of(), 0, 0, 0));
      System.err.println("hperf run: job " + job.getJobID() + " failed: " + job.getStatus().getFailureInfo());
      return ExitCode.FAILED;
    }
    JobCounters.print(job, WorkloadCounters.class, human);
    Counters counters = job.getCounters();
    ClientCost.describe(counters).ifPresent(human::println);
    if (ClientCost.tasksSharingTheirJvm(counters) > 0) {
      runsWithoutClientCpu++;
      tasksWithoutClientCpu += ClientCost.tasksSharingTheirJvm(counters);
    }
    Map<String, Long> values = new TreeMap<>();
    long failedOperations = 0;
    for (WorkloadCounters counter : WorkloadCounters.values()) {
      values.put(counter.name(), JobCounters.value(counters, counter));
      record.nameCounter(counter.name(), counters.findCounter(counter).getDisplayName());
    }
    // The clients' own JVM cost as Hadoop counts it: a stalled client shows here, not on the cluster.
    for (TaskCounter counter : CLIENT_TASK_COUNTERS) {
      values.put(counter.name(), JobCounters.value(counters, counter));
      record.nameCounter(counter.name(), counters.findCounter(counter).getDisplayName());
    }
    for (OperationType op : OperationType.values()) {
      failedOperations += JobCounters.value(counters, WorkloadCounters.of(op, Outcome.ERROR));
    }
    // A retried task attempt: the run's figures come from a disturbed cluster or client.
    long failedAttempts = counters.findCounter(org.apache.hadoop.mapreduce.JobCounter.NUM_FAILED_MAPS).getValue();
    record.putOutcome(run.runIndex(), change.outcome(job.getJobID().toString(), values, failedOperations,
        JobCounters.value(counters, WorkloadCounters.CLIENT_RPC_FAILURES), failedAttempts));
    return checkErrorRatio(counters, run.maxErrorRatio());
  }

  /**
   * A server that left or regions that moved disturb the run even if every operation succeeded. The
   * cluster may be too disturbed to answer right after the run: that is recorded, not thrown.
   */
  private record ClusterChange(List<String> serversLost, int regionsMoved, String problem, long startMs, long endMs) {
    static ClusterChange since(Connection connection, DatasetSpec dataset, ClusterSnapshot before, long startMs,
        long endMs) {
      try {
        ClusterSnapshot after = ClusterSnapshot.take(connection, dataset.tableName());
        return new ClusterChange(List.copyOf(after.serversLostSince(before)), after.regionsMovedSince(before), null,
            startMs, endMs);
      } catch (IOException e) {
        System.err.println("hperf run: could not read the cluster's state after the run: " + e);
        return new ClusterChange(List.of(), 0, String.valueOf(e.getMessage()), startMs, endMs);
      }
    }

    RunRecord.Outcome outcome(String jobId, Map<String, Long> counters, long failedOperations, long rpcFailures,
        long failedAttempts) {
      return new RunRecord.Outcome(jobId, counters, failedOperations, rpcFailures, failedAttempts, serversLost,
          regionsMoved, problem, startMs, endMs);
    }
  }

  /** Removes the progress line's latency files: a courtesy, whose clean-up never fails a run. */
  private static void deleteQuietly(FileSystem fs, Path latency) {
    try {
      fs.delete(latency, true);
    } catch (IOException e) {
      // Left behind in the run directory's .barrier/, which no reader of results lists.
    }
  }

  /**
   * A timed run counts down its duration from the start of its measured window; otherwise the
   * operations measured count up to operationcount (0 when only maxexecutiontime ends the run: no
   * percent then). Not Hadoop's progress: each task reads its one input record first, so Hadoop
   * says 100% while the clients work.
   */
  private static JobProgress progress(RunSpec run, WorkloadSpec workload, LongSupplier windowStartMs) {
    String label = "run " + run.runIndex() + "/" + run.runs() + " " + workload.name();
    return run.durationSeconds() > 0
        ? JobProgress.timed(label, "ops", run.durationSeconds(), windowStartMs, WorkloadCounters.MEASURED_OPERATIONS)
        : JobProgress.counting(label, "ops", workload.operationCount(), WorkloadCounters.MEASURED_OPERATIONS);
  }

  /** The progress lines where this command's own lines go. */
  private JobProgress shown(JobProgress progress) {
    return stdoutForYcsb ? progress.onStandardError() : progress;
  }

  /**
   * The clients' common start (epoch ms), read from the barrier's files as the clients read them,
   * or -1 until every client has arrived; a read that fails counts as not yet, and is tried again at
   * the next call (a progress line or a sampling round), which is as often as anyone needs it.
   */
  private static LongSupplier clientsStart(Configuration conf, FileSystem fs, Path barrierDir, RunSpec run) {
    StartBarrier clients = StartBarrier.of(conf, fs, barrierDir, run.clients());
    return () -> {
      try {
        return clients.startMsIfAllArrived();
      } catch (IOException e) {
        return -1;
      }
    };
  }

  /**
   * When the clients start measuring: their common start plus the warm-up. The job's counter cannot
   * tell, as its first increase reaches the driver up to a progress interval and a task report after it.
   */
  private static LongSupplier windowStart(LongSupplier clientsStart, RunSpec run) {
    return () -> {
      long startMs = clientsStart.getAsLong();
      return startMs < 0 ? JobProgress.NOT_STARTED : startMs + run.warmupSeconds() * 1000;
    };
  }

  /** The workload job, ready to submit; public so tests and the suite can run and inspect it. */
  public static Job createSubmittableJob(Configuration baseConf, DatasetSpec dataset,
      Map<String, String> workloadProperties, RunSpec run, Path runDir, Path barrierDir) throws IOException {
    Configuration conf = new Configuration(baseConf);
    dataset.writeTo(conf);
    WorkloadSpec.writeTo(conf, workloadProperties);
    run.writeTo(conf);
    conf.set(WorkloadMapper.BARRIER_DIR, barrierDir.toString());
    KeyRangeInputFormat.setRange(conf, 0, run.clients(), run.clients());
    if (!JobJars.needed(conf)) {
      // Every client must run at once to meet at the start barrier.
      conf.setInt("mapreduce.local.map.tasks.maximum", Math.max(run.clients(),
          conf.getInt("mapreduce.local.map.tasks.maximum", 1)));
    }
    Job job = Job.getInstance(conf, "hperf run " + workloadProperties.get("hperf.workload.name") + " "
        + dataset.table() + " run-" + run.runIndex());
    job.setJarByClass(WorkloadTool.class);
    job.setInputFormatClass(KeyRangeInputFormat.class);
    job.setMapperClass(WorkloadMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(HistogramLogOutputFormat.class);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    FileOutputFormat.setOutputPath(job, runDir);
    // A speculative twin would double the load on the cluster and measure itself.
    job.setSpeculativeExecution(false);
    JobJars.ship(job);
    TableMapReduceUtil.initCredentials(job);
    return job;
  }

  private static int checkErrorRatio(Counters counters, double maxErrorRatio) {
    OperationType worst = null;
    double worstRatio = 0;
    for (OperationType op : OperationType.values()) {
      long total = 0;
      for (Outcome outcome : Outcome.values()) {
        total += JobCounters.value(counters, WorkloadCounters.of(op, outcome));
      }
      double ratio = total == 0 ? 0 : (double) JobCounters.value(counters, WorkloadCounters.of(op, Outcome.ERROR)) / total;
      if (ratio > worstRatio) {
        worst = op;
        worstRatio = ratio;
      }
    }
    if (worst != null && worstRatio > maxErrorRatio) {
      System.err.printf(Locale.ROOT, "hperf run: %s error ratio %.4f exceeds --max-error-ratio %s%n", worst, worstRatio,
          maxErrorRatio);
      return ExitCode.FAILED;
    }
    return ExitCode.OK;
  }

  /**
   * The run's execution settings from its options and the workload's YCSB client settings
   * ({@link RunSpec#YCSB_CLIENT_KEYS}), the options winning; the barrier's timeout from the configuration.
   */
  static RunSpec runSpec(ParsedOptions parsed, Map<String, String> workload, Configuration conf)
      throws UsageException {
    long duration = parsed.has("duration") ? RunOptions.durationSeconds(parsed, 0) : 0;
    // YCSB's target=0 is its default, unthrottled; --target 0 stays refused, leaving it out is unthrottled.
    double target = parsed.has("target")
        ? Numbers.parseDouble("--target", parsed.string("target", null), 1e-3, 1e12)
        : Numbers.parseDouble(RunSpec.TARGET, workload.getOrDefault(RunSpec.TARGET, "0"), 0, 1e12);
    int threads = parsed.has("threads") ? RunOptions.threads(parsed, 8)
        : (int) Numbers.parseLong(RunSpec.THREADCOUNT, workload.getOrDefault(RunSpec.THREADCOUNT, "8"), 1,
            RunOptions.MAX_THREADS);
    ClientMode client = ClientMode.parse(parsed.string("client", ClientMode.SYNC.optionValue()));
    if (client == ClientMode.SYNC && parsed.has("inflight")) {
      throw new UsageException("--inflight is for --client async; the sync client keeps one operation in flight"
          + " per thread (--threads)");
    }
    int inflight = client == ClientMode.ASYNC ? RunOptions.inflight(parsed, threads) : threads;
    return new RunSpec(RunOptions.clients(parsed, 2), threads, client, inflight, duration,
        RunOptions.warmupSeconds(parsed, 0), target,
        Numbers.parseDouble("--max-error-ratio", parsed.string("max-error-ratio", "0.001"), 0, 1),
        parsed.intValue("interval", RunSpec.defaultIntervalSeconds(duration), 1, 3600), 1,
        RunOptions.runs(parsed, 1, 1), parsed.longValue("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE),
        barrierTimeoutSeconds(conf), 0, parsed.on("per-server"));
  }

  /**
   * YCSB's status.interval as the seconds between progress lines (0: none, as -D
   * hperf.progress.seconds=0), unless that setting is already given (-D, -conf): it wins.
   */
  static void progressFromStatusInterval(Map<String, String> workload, Configuration conf) throws UsageException {
    String interval = workload.get(RunSpec.STATUS_INTERVAL);
    if (interval != null && conf.get(JobProgress.INTERVAL_SECONDS) == null) {
      conf.setLong(JobProgress.INTERVAL_SECONDS, Numbers.parseLong(RunSpec.STATUS_INTERVAL, interval, 0, 24 * 3600));
    }
  }

  private static long barrierTimeoutSeconds(Configuration conf) throws UsageException {
    String value = conf.get(RunSpec.BARRIER_TIMEOUT_SECONDS, Long.toString(RunSpec.DEFAULT_BARRIER_TIMEOUT_SECONDS));
    return Numbers.parseLong(RunSpec.BARRIER_TIMEOUT_SECONDS, value, 1, 7L * 24 * 3600);
  }

  /**
   * The output directory: a new one, or with {@code --run-index i} one that may hold other runs but
   * not run-i (runs are never overwritten).
   */
  private static Path outputDir(ParsedOptions parsed, Configuration conf, WorkloadSpec workload, int onlyRun)
      throws UsageException, IOException {
    String given = parsed.string("output", null);
    Path dir = given != null ? new Path(given) : new Path("hperf-runs", workload.name() + "-"
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    FileSystem fs = dir.getFileSystem(conf);
    if (onlyRun > 0 && fs.exists(new RunDirectory(dir).run(onlyRun))) {
      throw new UsageException("--output " + dir + " already holds " + RunDirectory.runName(onlyRun) + ": give another --run-index or"
          + " a new directory, runs are never overwritten");
    }
    if (onlyRun == 0 && fs.exists(dir)) {
      throw new UsageException("--output " + dir + " already exists: give a new directory, runs are never"
          + " overwritten");
    }
    return fs.makeQualified(dir);
  }

  /**
   * The record to add this command's runs to: the directory's own if it has one (with --run-index),
   * which keeps its other runs' outcomes and anything else recorded there, provided it describes runs
   * of the same settings; else the new one.
   */
  private static RunRecord recordToExtend(FileSystem fs, Path output, RunRecord fresh)
      throws IOException, UsageException {
    if (!fs.exists(new Path(output, RunRecord.FILE))) {
      return fresh;
    }
    RunRecord existing = RunRecord.read(fs, output);
    String difference = existing.differenceFrom(fresh);
    if (difference != null) {
      throw new UsageException("--output " + output + " holds runs of other settings (" + difference + "): give a"
          + " new directory for these");
    }
    return existing;
  }

  /** What the run was: everything needed to report and reproduce it, kept beside its logs. */
  private static RunRecord describe(DatasetSpec dataset, WorkloadSpec workload, Map<String, String> given, RunSpec run,
      RunRecord.Cluster cluster) {
    Map<String, String> datasetValues = new TreeMap<>();
    dataset.asProperties().forEach((key, value) -> datasetValues.put(key.key(), value));
    return new RunRecord(workload.name(), given, datasetValues, run.execution(), cluster);
  }
}
