package org.hperf.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.hperf.core.OperationType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The async client: one lane per source on one {@link AsyncTable}, so a task keeps as many
 * operations in flight as it has lanes. A lane is a client thread without the thread: its
 * operations follow one another as a thread's do (same source, budget and pace, hence the same
 * operations, keys and intended starts), but each is issued from its predecessor's completion, on
 * the HBase client's RPC thread that completed it. No caller parks per operation and no call is
 * handed from a caller thread to the RPC threads and back, which is what the blocking Table costs.
 *
 * <p>Measurement is the sync client's: latency from issue to completion (and from the intended
 * start with a target rate), warm-up operations run but not measured, a read-modify-write a get
 * then a put issued from the get's completion with its inner read and update recorded too, a
 * failed future whose cause is an IOException counted as an error (what the blocking Table throws
 * for it), anything else ends the lane and fails the task, as it would kill a client thread; where
 * a measured operation that did not fail was served, from the location cache at its completion.
 *
 * <p>Lanes rather than a semaphore over one issuing thread: each lane owns its random source,
 * inserts and schedule exactly as a thread does, so pacing and the per-thread splits mean the same
 * in both modes, and a lane's state needs no lock (its operations never overlap; each completion
 * happens-before the next issue). Paced lanes wait for their intended start on one pacer thread;
 * unpaced lanes use no thread of their own at all.
 */
final class AsyncClient implements WorkloadClient {
  private static final Logger LOG = LoggerFactory.getLogger(AsyncClient.class);
  private static final int ERRORS_LOGGED = 5;

  private final TaskRun run;
  private final AsyncTable<?> table;
  /** Null when the run does not record where operations were served. */
  private final RowLocator locator;
  private final List<Lane> lanes = new ArrayList<>();
  private final CountDownLatch running;
  /** Wakes paced lanes at their intended start; null when unthrottled. */
  private final ScheduledThreadPoolExecutor pacer;
  private final AtomicReference<Throwable> failure = new AtomicReference<>();

  AsyncClient(TaskRun run, AsyncTable<?> table, RowLocator locator, List<OperationSource> sources, boolean paced,
      int client) {
    this.run = run;
    this.table = table;
    this.locator = run.recorders().recordsPlacement() ? locator : null;
    for (OperationSource source : sources) {
      lanes.add(new Lane(source));
    }
    this.running = new CountDownLatch(lanes.size());
    if (paced) {
      pacer = new ScheduledThreadPoolExecutor(1, r -> {
        Thread thread = new Thread(r, "hperf-pacer-" + client);
        thread.setDaemon(true);
        return thread;
      });
    } else {
      pacer = null;
    }
  }

  @Override
  public void start() {
    long now = System.nanoTime();
    for (Lane lane : lanes) {
      lane.schedule = lane.source.schedule(now);
    }
    for (Lane lane : lanes) {
      lane.next();
    }
  }

  @Override
  public boolean finished() {
    return running.getCount() == 0;
  }

  /**
   * Wakes every lane waiting for its pace so that it sees the stop flag, then waits for every lane
   * to end, that is for its operation in flight to complete.
   */
  @Override
  public void stop(long waitMs) throws InterruptedException {
    if (pacer != null) {
      pacer.shutdownNow();
      for (Lane lane : lanes) {
        lane.wake();
      }
    }
    if (!running.await(waitMs, TimeUnit.MILLISECONDS)) {
      LOG.warn("{} of {} lanes still had an operation in flight after {} ms", running.getCount(), lanes.size(),
          waitMs);
    }
    if (pacer != null) {
      pacer.awaitTermination(waitMs, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public List<ThreadStats> stats() {
    List<ThreadStats> stats = new ArrayList<>();
    for (Lane lane : lanes) {
      stats.add(lane.stats);
    }
    return stats;
  }

  @Override
  public Throwable failure() {
    return failure.get();
  }

  /** The cause a future failed with: CompletableFuture wraps it when a dependent stage fails. */
  static Throwable causeOf(Throwable error) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  private final class Lane {
    private final OperationSource source;
    final ThreadStats stats = new ThreadStats();
    /** Calls of {@link #next} not yet served by the lane's drain loop. */
    private final AtomicInteger pending = new AtomicInteger();
    /** True while the lane waits on the pacer; whoever clears it wakes the lane, exactly once. */
    private final AtomicBoolean asleep = new AtomicBoolean();
    private final AtomicBoolean ended = new AtomicBoolean();
    private PaceSchedule schedule;
    /** The index of the lane's next operation in its pace schedule. */
    private long k;
    private int errorsLogged;

    Lane(OperationSource source) {
      this.source = source;
    }

    /**
     * Runs the lane's next step: once at the start, then once per completion or wake-up. A future
     * may complete on the very thread that issues it (already done, or failed at once), so issuing
     * the next operation from inside its completion could recurse one stack frame per operation:
     * instead, only the first caller runs steps, and a call that arrives meanwhile makes it run one
     * more.
     */
    void next() {
      if (pending.getAndIncrement() == 0) {
        do {
          step();
        } while (pending.decrementAndGet() != 0);
      }
    }

    void wake() {
      if (asleep.compareAndSet(true, false)) {
        next();
      }
    }

    /** Ends the lane, issues its next operation, or puts it to sleep until that one's intended start. */
    private void step() {
      try {
        if (ended.get()) {
          return;
        }
        if (stats.measured >= source.operationBudget() || run.stopped().get()) {
          end();
          return;
        }
        long intendedStart = schedule.intendedStart(k);
        if (intendedStart > 0 && intendedStart >= run.endNanos()) {
          end(); // a thread would wait for it, then stop: nothing is measured either way
          return;
        }
        if (intendedStart > 0 && intendedStart - System.nanoTime() > 0) {
          sleepUntil(intendedStart);
          return;
        }
        k++;
        long now = System.nanoTime();
        if (now >= run.endNanos()) {
          end();
          return;
        }
        issue(source.nextOperation(), now >= run.measureFromNanos(), intendedStart);
      } catch (RuntimeException | Error e) {
        die(e);
      }
    }

    private void sleepUntil(long intendedStart) {
      asleep.set(true);
      try {
        pacer.schedule(this::wake, intendedStart - System.nanoTime(), TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException e) {
        wake(); // the task is stopping: the next step sees its flag
      }
    }

    private void issue(OperationType op, boolean measuring, long intendedStart) {
      long record = op == OperationType.INSERT || op == OperationType.READ_MODIFY_WRITE ? -1 : source.chooseRecord();
      switch (op) {
        case READ -> {
          long start = System.nanoTime();
          Get get = source.read(record);
          onCompletion(table.get(get), (result, error) -> completed(op, error == null ? found(result) : error(op, error),
              start, intendedStart, measuring, 0, get.getRow()));
        }
        case UPDATE -> {
          long start = System.nanoTime();
          Put put = source.update(record);
          onCompletion(table.put(put), (ignored, error) -> completed(op, error == null ? Outcome.OK : error(op, error),
              start, intendedStart, measuring, 0, put.getRow()));
        }
        case INSERT -> {
          long start = System.nanoTime();
          Put put = source.insert();
          onCompletion(table.put(put), (ignored, error) -> {
            if (error == null) {
              source.insertAcknowledged();
            }
            completed(op, error == null ? Outcome.OK : error(op, error), start, intendedStart, measuring, 0,
                put.getRow());
          });
        }
        case SCAN -> {
          long start = System.nanoTime();
          Scan scan = source.scan(record);
          onCompletion(table.scanAll(scan), (rows, error) -> {
            int scanned = error == null ? rows.size() : 0;
            Outcome outcome = error != null ? error(op, error) : scanned == 0 ? Outcome.NOT_FOUND : Outcome.OK;
            completed(op, outcome, start, intendedStart, measuring, scanned, scan.getStartRow());
          });
        }
        case READ_MODIFY_WRITE -> readModifyWrite(System.nanoTime(), intendedStart, measuring);
      }
    }

    /**
     * A get, then from its completion a put of the same record (CompletableFuture.thenCompose's
     * chaining without its extra stages): one top-level operation from the get's issue to the put's
     * completion; its read and its update are also measured as reads and updates, each from its
     * own start, and the update is made whatever the read found, as the sync client does.
     */
    private void readModifyWrite(long start, long intendedStart, boolean measuring) {
      long record = source.chooseRecord();
      long readStart = System.nanoTime();
      Get get = source.read(record);
      onCompletion(table.get(get), (result, readError) -> {
        long readEnd = System.nanoTime();
        Outcome read = readError == null ? found(result) : error(OperationType.READ, readError);
        onCompletion(table.put(source.update(record)), (ignored, writeError) -> {
          long end = System.nanoTime();
          Outcome written = writeError == null ? Outcome.OK : error(OperationType.UPDATE, writeError);
          Outcome outcome = Outcome.ofReadModifyWrite(read, written);
          HRegionLocation where = measuring ? locate(get.getRow(), read == Outcome.ERROR || written == Outcome.ERROR)
              : null;
          if (measuring) {
            record(OperationType.READ, read, readStart, readEnd, 0, where);
            record(OperationType.UPDATE, written, readEnd, end, 0, where);
          }
          completedAt(OperationType.READ_MODIFY_WRITE, outcome, start, end, intendedStart, measuring, 0, where);
        });
      });
    }

    /** Runs {@code then} on completion; what it throws ends the lane instead of vanishing in a future. */
    private <T> void onCompletion(CompletableFuture<T> future, BiConsumer<T, Throwable> then) {
      future.whenComplete((value, error) -> {
        try {
          then.accept(value, error);
        } catch (RuntimeException | Error e) {
          die(e);
        }
      });
    }

    private void completed(OperationType op, Outcome outcome, long start, long intendedStart, boolean measuring,
        long scannedRows, byte[] row) {
      long end = System.nanoTime();
      completedAt(op, outcome, start, end, intendedStart, measuring, scannedRows,
          measuring ? locate(row, outcome == Outcome.ERROR) : null);
    }

    /** Where a measured operation's row was served; null if it failed or placement is not recorded. */
    private HRegionLocation locate(byte[] row, boolean failed) {
      return locator == null || failed ? null : locator.locate(row);
    }

    private void completedAt(OperationType op, Outcome outcome, long start, long end, long intendedStart,
        boolean measuring, long scannedRows, HRegionLocation where) {
      if (measuring) {
        record(op, outcome, start, end, intendedStart, where);
        run.recorders().recordTopLevel(start, end, intendedStart, where);
        stats.lastMeasuredEndNanos = end;
        stats.scanRows += scannedRows;
        stats.measured++;
      } else {
        stats.warmupOperations++;
      }
      next();
    }

    private Outcome found(Result result) {
      return result.isEmpty() ? Outcome.NOT_FOUND : Outcome.OK;
    }

    /** An IOException is a counted error, as the blocking Table throws it; anything else ends the lane. */
    private Outcome error(OperationType op, Throwable error) {
      Throwable cause = causeOf(error);
      if (!(cause instanceof IOException)) {
        throw new IllegalStateException(op + " failed with " + cause, cause);
      }
      if (errorsLogged++ < ERRORS_LOGGED) {
        LOG.warn("{} failed (counted as an error): {}", op, cause.toString());
      }
      return Outcome.ERROR;
    }

    private void record(OperationType op, Outcome outcome, long startNanos, long endNanos, long intendedStart,
        HRegionLocation where) {
      stats.count(op, outcome);
      run.recorders().record(op, startNanos, endNanos, intendedStart, where);
    }

    private void die(Throwable e) {
      failure.compareAndSet(null, e);
      end();
    }

    private void end() {
      if (ended.compareAndSet(false, true)) {
        running.countDown();
      }
    }
  }
}
