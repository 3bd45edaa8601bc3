package org.hperf.jobs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.HistogramLogWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hperf.core.ClientMode;
import org.hperf.core.DatasetSpec;
import org.hperf.core.OperationType;
import org.hperf.core.RowCodec;
import org.hperf.core.Seeds;
import org.hperf.core.UsageException;
import org.hperf.core.JobProgress;
import org.hperf.core.generators.Distribution;
import org.hperf.core.run.LatestLatency;
import org.hperf.core.run.TaskLogFormat;

/**
 * One workload client: its map task receives a single record, its client index, and runs
 * {@code threads} client threads (sync) or {@code inflight} lanes on one AsyncTable (async) against
 * the table for the run's window. Every interval it writes each operation's latency histogram to
 * the task's HdrHistogram log (committed only if the attempt succeeds) and shows ops/s in the task
 * status; at the end it adds its counts to the job counters.
 */
public final class WorkloadMapper extends Mapper<LongWritable, NullWritable, NullWritable, NullWritable> {
  static final String BARRIER_DIR = "hperf.run.barrier.dir";
  /** Where the clients leave their latest latencies for the driver's progress line ({@link LatestLatency}). */
  static final String LATENCY_DIR = "hperf.run.latency.dir";
  /**
   * Fault injection for tests: the first attempt of this client's task fails after writing the
   * first interval of its histogram log, leaving the log half written, to prove that a retried
   * attempt is counted once. Never set in a real run.
   */
  public static final String FAIL_FIRST_ATTEMPT_OF_CLIENT = "hperf.test.fail-first-attempt-of-client";
  private static final int PREWARM_BATCH = 100;
  /** How long a stopping task waits for each client thread's (or all lanes') operations in flight. */
  private static final long THREAD_STOP_WAIT_MS = 60_000;

  /** The sync client's connection; null with the async client. */
  private Connection connection;
  /** The async client's connection; null with the sync client, so each mode pays for one connection only. */
  private AsyncConnection asyncConnection;
  /** {@link #clientRetries} when the run's measured phase began (before it: a prewarm, a server warm-up). */
  private long[] retriesBefore = {0, 0};

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Configuration conf = new Configuration(context.getConfiguration());
    ClientRetries.enable(conf);
    ClientMode mode = RunSpec.readFrom(conf).client();
    ClientTransport.configure(conf, mode);
    if (mode == ClientMode.ASYNC) {
      asyncConnection = await(ConnectionFactory.createAsyncConnection(conf));
    } else {
      connection = ConnectionFactory.createConnection(conf);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException {
    if (connection != null) {
      connection.close();
    }
    if (asyncConnection != null) {
      asyncConnection.close();
    }
  }

  @Override
  protected void map(LongWritable clientIndex, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    DatasetSpec dataset = DatasetSpec.readFrom(conf);
    RunSpec run = RunSpec.readFrom(conf);
    WorkloadSpec workload = parseWorkload(conf, dataset);
    int client = (int) clientIndex.get();
    if (workload.prewarm()) {
      prewarm(dataset, workload, run, client, context);
    }
    long startMs = awaitCommonStart(conf, run, client, context);
    if (ServerWarmupPhase.inJob(conf)) {
      startMs = warmUpServers(conf, dataset, workload, run, client, context, startMs);
      Thread.sleep(Math.max(0, startMs - System.currentTimeMillis()));
    }
    // The client's RPC failures and cache clears so far (the server warm-up's) are not the run's.
    retriesBefore = clientRetries();

    long startNanos = System.nanoTime();
    long measureFromNanos = startNanos + run.warmupSeconds() * 1_000_000_000L;
    long endNanos = endOf(run, workload, startNanos, measureFromNanos);
    OperationRecorders recorders = new OperationRecorders(workload, run.targetOpsPerSecond() > 0, run.perServer());
    TaskRun shared = new TaskRun(workload, dataset.keySpace(), RowCodec.of(dataset), dataset.familyBytes(), recorders,
        measureFromNanos, endNanos, new AtomicBoolean());
    TaskCpu cpu = TaskCpu.start(conf);

    WorkloadClient workers = workers(shared, dataset, run, client);
    try {
      workers.start();
      Path log = new Path(FileOutputFormat.getWorkOutputPath(context), TaskLogFormat.fileName(client));
      boolean injectFailure = client == conf.getInt(FAIL_FIRST_ATTEMPT_OF_CLIENT, -1)
          && context.getTaskAttemptID().getId() == 0;
      new IntervalLogger(workload, run, client, recorders, workers, context)
          .logUntilDone(log, startMs + run.warmupSeconds() * 1000, measureFromNanos, endNanos, injectFailure);
    } finally {
      // If the log writer failed, the client must not run on against closed tables (or forever).
      shared.stopped().set(true);
      workers.stop(THREAD_STOP_WAIT_MS);
    }
    if (workers.failure() != null) {
      throw new IOException("client thread or lane died: " + workers.failure(), workers.failure());
    }
    addCounters(workers.stats(), context);
    cpu.addTo(context);
    addClientRetryCounters(context);
  }

  /** The client's threads (sync) or lanes (async) for {@code run}, each with its own source. */
  private WorkloadClient workers(TaskRun shared, DatasetSpec dataset, RunSpec run, int client) throws IOException {
    List<OperationSource> sources = new ArrayList<>();
    for (int t = 0; t < run.inflight(); t++) {
      sources.add(newSource(shared, run, client, t));
    }
    return workers(shared, dataset, run, client, sources);
  }

  private WorkloadClient workers(TaskRun shared, DatasetSpec dataset, RunSpec run, int client,
      List<OperationSource> sources) throws IOException {
    return run.client() == ClientMode.ASYNC
        ? new AsyncClient(shared, asyncConnection.getTable(dataset.tableName()),
            RowLocator.of(asyncConnection.getRegionLocator(dataset.tableName())), sources,
            run.targetOpsPerSecond() > 0, client)
        : new SyncClient(shared, connection, dataset.tableName(), sources, client);
  }

  /**
   * The server warm-up before this run's measurement ({@link ServerWarmupPhase}): the workload as
   * a run of its own, unmeasured, from the clients' common start until every client's warm-up has
   * ended; returns the measured phase's common start, shortly before which the warm-up's threads
   * or lanes have stopped. Its operations count only in {@link WorkloadCounters#SERVER_WARMUP_OPERATIONS};
   * each thread's or lane's share of operationcount bounds only the measured phase.
   */
  private long warmUpServers(Configuration conf, DatasetSpec dataset, WorkloadSpec workload, RunSpec run, int client,
      Context context, long startMs) throws IOException, InterruptedException {
    RunSpec warmup = ServerWarmupPhase.spec(conf, run);
    long startNanos = System.nanoTime();
    OperationRecorders recorders = new OperationRecorders(workload, warmup.targetOpsPerSecond() > 0, false);
    TaskRun shared = new TaskRun(workload, dataset.keySpace(), RowCodec.of(dataset), dataset.familyBytes(), recorders,
        startNanos, Long.MAX_VALUE, new AtomicBoolean());
    List<OperationSource> sources = new ArrayList<>();
    for (int t = 0; t < warmup.inflight(); t++) {
      sources.add(newSource(shared, warmup, client, t, Long.MAX_VALUE));
    }
    WorkloadClient workers = workers(shared, dataset, warmup, client, sources);
    long measureStartMs;
    try {
      workers.start();
      measureStartMs = new ServerWarmupPhase(conf, run, client, context)
          .logUntilAllWarm(workload, recorders, workers, shared.stopped(), startMs, startNanos);
    } finally {
      shared.stopped().set(true);
      workers.stop(THREAD_STOP_WAIT_MS);
    }
    if (workers.failure() != null) {
      throw new IOException("server warm-up: client thread or lane died: " + workers.failure(), workers.failure());
    }
    long operations = 0;
    for (ThreadStats stats : workers.stats()) {
      operations += stats.measured;
    }
    context.getCounter(WorkloadCounters.SERVER_WARMUP_OPERATIONS).increment(operations);
    return measureStartMs;
  }

  /**
   * A task log's writer with its header written: the run and client, and intervals timed from
   * {@code baseMs} (the measured window's start, or the warm-up's).
   */
  static HistogramLogWriter startLog(PrintStream out, WorkloadSpec workload, RunSpec run, int runIndex, int client,
      long baseMs) {
    HistogramLogWriter writer = new HistogramLogWriter(out);
    writer.outputComment(TaskLogFormat.headerComment(workload.name(), runIndex, client, run.clients(), run.client(),
        run.inflight(), run.targetOpsPerSecond()));
    writer.outputLogFormatVersion();
    writer.outputStartTime(baseMs);
    writer.setBaseTime(baseMs);
    writer.outputBaseTime(baseMs);
    writer.outputLegend();
    return writer;
  }

  /**
   * Meets the other clients at the start barrier and sleeps until the common start time. In a duet
   * without a server warm-up, then meets the other run's clients too ({@link DuetBarrier}): the
   * common start is theirs; with a warm-up, the warm-up's end meets them.
   */
  private static long awaitCommonStart(Configuration conf, RunSpec run, int client, Context context)
      throws IOException, InterruptedException {
    Path barrierDir = new Path(conf.get(BARRIER_DIR));
    long startMs = StartBarrier.of(conf, barrierDir.getFileSystem(conf), barrierDir, run.clients())
        .await(client, run.barrierTimeoutSeconds() * 1000, context::progress);
    if (DuetBarrier.inJob(conf) && !ServerWarmupPhase.inJob(conf)) {
      startMs = DuetBarrier.of(conf).await(client, run.barrierTimeoutSeconds() * 1000, context::progress,
          DuetBarrier.timeoutReason(conf));
    }
    Thread.sleep(Math.max(0, startMs - System.currentTimeMillis()));
    return startMs;
  }

  /**
   * Thread or lane {@code t} of a client: its exact share of the operations, its own seed, keys and
   * inserts, the same for thread t of a sync run and lane t of an async one.
   */
  static OperationSource newSource(TaskRun shared, RunSpec run, int client, int t) {
    WorkloadSpec workload = shared.workload();
    long budgetOfClient = share(workload.operationCount(), run.clients(), client);
    long budget = workload.operationCount() == 0 ? Long.MAX_VALUE : share(budgetOfClient, run.inflight(), t);
    return newSource(shared, run, client, t, budget);
  }

  /** As above, with {@code budget} operations at most. */
  private static OperationSource newSource(TaskRun shared, RunSpec run, int client, int t, long budget) {
    WorkloadSpec workload = shared.workload();
    // Update versions: run, client and thread in the high bits, so no two threads write the same.
    long versionBase = ((long) run.runIndex() << 56) | ((long) client << 32) | ((long) t << 24);
    return new OperationSource(shared, chooser(workload, run, client, t),
        new InsertKeys(workload.recordCount(), run.tableRecordCount(), run, client, t),
        new SplittableRandom(Seeds.derive(run.seed(), run.runIndex(), client, t)), budget,
        run.paceNanosPerInflight(), versionBase);
  }

  private static <T> T await(CompletableFuture<T> future) throws IOException, InterruptedException {
    try {
      return future.get();
    } catch (ExecutionException e) {
      Throwable cause = AsyncClient.causeOf(e);
      throw cause instanceof IOException io ? io : new IOException(cause);
    }
  }

  private static WorkloadSpec parseWorkload(Configuration conf, DatasetSpec dataset) {
    try {
      return WorkloadSpec.parse(WorkloadSpec.readFrom(conf), dataset.recordCount());
    } catch (UsageException e) {
      throw new IllegalStateException("the job carries a workload the client validated: " + e.getMessage(), e);
    }
  }

  private static long endOf(RunSpec run, WorkloadSpec workload, long startNanos, long measureFromNanos) {
    long end = run.durationSeconds() > 0 ? measureFromNanos + run.durationSeconds() * 1_000_000_000L : Long.MAX_VALUE;
    if (workload.maxExecutionTimeSeconds() > 0) {
      end = Math.min(end, startNanos + workload.maxExecutionTimeSeconds() * 1_000_000_000L);
    }
    return end;
  }

  /** The exact share of {@code total} for part {@code index} of {@code parts}: the shares add up. */
  static long share(long total, int parts, int index) {
    return total * (index + 1) / parts - total * index / parts;
  }

  private static org.hperf.core.generators.KeyChooser chooser(WorkloadSpec w, RunSpec run, int client, int thread) {
    int slot = client * run.inflight() + thread;
    long sequentialStart = w.recordCount() * slot / ((long) run.clients() * run.inflight());
    return w.requestDistribution().chooser(new Distribution.Parameters(w.recordCount(), w.expectedInserts(),
        w.hotspotDataFraction(), w.hotspotOpnFraction(), w.exponentialPercentile(), w.exponentialFraction(),
        sequentialStart));
  }

  /** Reads this client's share of the workload's records once, so they sit in the block cache. */
  private void prewarm(DatasetSpec dataset, WorkloadSpec workload, RunSpec run, int client, Context context)
      throws IOException, InterruptedException {
    long from = workload.recordCount() * client / run.clients();
    long to = workload.recordCount() * (client + 1) / run.clients();
    if (asyncConnection != null) {
      AsyncTable<?> table = asyncConnection.getTable(dataset.tableName());
      prewarm(dataset, from, to, context, batch -> await(table.getAll(batch)));
    } else {
      try (Table table = connection.getTable(dataset.tableName())) {
        prewarm(dataset, from, to, context, table::get);
      }
    }
    context.setStatus("prewarmed records [" + from + ", " + to + ")");
  }

  /** Reads a batch of rows and waits for them. */
  private interface BatchRead {
    void read(List<Get> batch) throws IOException, InterruptedException;
  }

  private static void prewarm(DatasetSpec dataset, long from, long to, Context context, BatchRead reader)
      throws IOException, InterruptedException {
    List<Get> batch = new ArrayList<>(PREWARM_BATCH);
    for (long record = from; record < to; record++) {
      batch.add(new Get(dataset.keySpace().rowKey(record)).addFamily(dataset.familyBytes()));
      if (batch.size() == PREWARM_BATCH || record == to - 1) {
        reader.read(batch);
        batch.clear();
        context.progress();
      }
    }
  }

  private static void addCounters(List<ThreadStats> all, Context context) {
    for (ThreadStats stats : all) {
      for (OperationType op : OperationType.values()) {
        for (Outcome outcome : Outcome.values()) {
          context.getCounter(WorkloadCounters.of(op, outcome)).increment(stats.outcomes[op.ordinal()][outcome.ordinal()]);
        }
      }
      context.getCounter(WorkloadCounters.SCAN_ROWS).increment(stats.scanRows);
      context.getCounter(WorkloadCounters.WARMUP_OPERATIONS).increment(stats.warmupOperations);
    }
  }

  /** The connection's failed RPCs and location cache clears so far, each UNAVAILABLE if not kept. */
  private long[] clientRetries() {
    return new long[] {
        connection != null ? ClientRetries.failedRpcs(connection) : ClientRetries.failedRpcs(asyncConnection),
        connection != null ? ClientRetries.locationCacheClears(connection)
            : ClientRetries.locationCacheClears(asyncConnection)};
  }

  /** The run's own failed RPCs and cache clears: the connection's since {@link #retriesBefore}. */
  private void addClientRetryCounters(Context context) {
    long[] now = clientRetries();
    long failedRpcs = now[0];
    long cacheClears = now[1];
    if (failedRpcs != ClientRetries.UNAVAILABLE) {
      context.getCounter(WorkloadCounters.CLIENT_RPC_FAILURES).increment(failedRpcs - retriesBefore[0]);
    } else {
      // Not a zero: say that these counts are missing.
      context.getCounter(WorkloadCounters.TASKS_WITHOUT_CLIENT_METRICS).increment(1);
    }
    if (cacheClears != ClientRetries.UNAVAILABLE) {
      context.getCounter(WorkloadCounters.CLIENT_LOCATION_CACHE_CLEARS).increment(cacheClears - retriesBefore[1]);
    }
  }

  /** Writes interval histograms every interval until the client's threads or lanes finish. */
  private static final class IntervalLogger {
    private final WorkloadSpec workload;
    private final RunSpec run;
    private final int client;
    private final OperationRecorders recorders;
    private final WorkloadClient workers;
    private final Context context;
    /** The operations already added to the MEASURED_OPERATIONS counter. */
    private long measuredCounted;
    private TaskJvmIntervals jvm;
    private LatestLatency.Writer latest;

    IntervalLogger(WorkloadSpec workload, RunSpec run, int client, OperationRecorders recorders,
        WorkloadClient workers, Context context) {
      this.workload = workload;
      this.run = run;
      this.client = client;
      this.recorders = recorders;
      this.workers = workers;
      this.context = context;
    }

    void logUntilDone(Path log, long measureFromMs, long measureFromNanos, long endNanos, boolean injectFailure)
        throws IOException, InterruptedException {
      FileSystem fs = log.getFileSystem(context.getConfiguration());
      try (PrintStream out = new PrintStream(fs.create(log, false), false, StandardCharsets.UTF_8.name())) {
        HistogramLogWriter writer = startLog(out, workload, run, run.runIndex(), client, measureFromMs);
        jvm = new TaskJvmIntervals(context.getConfiguration(), measureFromMs);
        latest = latestLatency(fs, measureFromMs);
        long intervalNanos = run.intervalSeconds() * 1_000_000_000L;
        long next = measureFromNanos + intervalNanos;
        while (!waitUntilNanos(next)) {
          writeInterval(writer, measureFromMs, Long.MAX_VALUE);
          if (injectFailure) {
            out.flush();
            throw new IOException("injected failure of client " + client + "'s first attempt after one interval ("
                + FAIL_FIRST_ATTEMPT_OF_CLIENT + ")");
          }
          next += intervalNanos;
        }
        long windowEndMs = measureFromMs + (windowEndNanos(measureFromNanos, endNanos) - measureFromNanos) / 1_000_000;
        writeInterval(writer, measureFromMs, windowEndMs);
        recorders.writeRegions(writer, measureFromMs, windowEndMs);
        writer.outputComment(TaskLogFormat.windowComment(measureFromMs, windowEndMs));
      }
    }

    /**
     * The end of this task's measurement: its last measured operation's end, or the run's clock end
     * if that is earlier, so the time the log writer takes to notice the end is not measured.
     * Called once every client thread or lane has finished.
     */
    private long windowEndNanos(long measureFromNanos, long endNanos) {
      long lastEnd = measureFromNanos;
      for (ThreadStats stats : workers.stats()) {
        lastEnd = Math.max(lastEnd, stats.lastMeasuredEndNanos);
      }
      return Math.min(lastEnd, endNanos);
    }

    /** Every progress period (hperf.progress.seconds; none if 0 or no directory is set), for the driver's line. */
    private LatestLatency.Writer latestLatency(FileSystem fs, long measureFromMs) {
      Configuration conf = context.getConfiguration();
      String dir = conf.get(LATENCY_DIR);
      long periodSeconds = dir == null ? 0 : conf.getLong(JobProgress.INTERVAL_SECONDS, 10);
      return new LatestLatency.Writer(fs, dir == null ? null : new Path(dir), client,
          context.getTaskAttemptID().getId(), periodSeconds, run.intervalSeconds(), measureFromMs);
    }

    /** Writes one interval's histograms and counts its operations measured. */
    private void writeInterval(HistogramLogWriter writer, long measureFromMs, long notAfterMs) {
      long count = recorders.writeInterval(writer, measureFromMs, notAfterMs);
      latest.add(recorders.lastTopLevel(), Math.min(System.currentTimeMillis(), notAfterMs));
      writer.outputComment(jvm.next(Math.min(System.currentTimeMillis(), notAfterMs)).comment());
      long measured = 0;
      for (ThreadStats stats : workers.stats()) {
        measured += stats.measured;
      }
      context.getCounter(WorkloadCounters.MEASURED_OPERATIONS).increment(measured - measuredCounted);
      measuredCounted = measured;
      context.setStatus(String.format(Locale.ROOT, "run %d client %d: %,d ops in the last interval (%,.0f ops/s), %,d measured",
          run.runIndex(), client, count, count / (double) run.intervalSeconds(), measured));
      context.progress();
    }

    /** Sleeps until the nano time; returns true early if every client thread or lane has finished. */
    private boolean waitUntilNanos(long nanoTime) throws InterruptedException {
      while (true) {
        if (workers.finished()) {
          return true;
        }
        long remainingMs = (nanoTime - System.nanoTime()) / 1_000_000;
        if (remainingMs <= 0) {
          return false;
        }
        Thread.sleep(Math.min(remainingMs, 100));
        context.progress();
      }
    }
  }
}
