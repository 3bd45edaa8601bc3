package org.hperf.jobs;

import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.hperf.core.KeySpace;
import org.hperf.core.OperationType;
import org.hperf.core.RowCodec;
import org.hperf.core.generators.KeyChooser;
import org.hperf.core.generators.Zipfian;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client thread: chooses operations and keys as the workload says and runs them through its
 * own Table, timing each with a thin wrapper that records the outcome and the latency (service
 * time, and with a target rate also the time since the operation's intended start, which corrects
 * coordinated omission). Operations before the end of the warm-up are run but not measured.
 */
final class ClientThread implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(ClientThread.class);
  private static final int ERRORS_LOGGED = 5;

  /**
   * What every thread of a task shares: the workload, the table, the recorders, the clock, and a
   * stop flag the task raises when it ends early (its log could not be written).
   */
  record Shared(WorkloadSpec workload, KeySpace keySpace, RowCodec codec, byte[] family, OperationRecorders recorders,
      long measureFromNanos, long endNanos, AtomicBoolean stopped) {
  }

  private final Shared shared;
  private final Table table;
  private final KeyChooser keys;
  private final InsertKeys insertKeys;
  private final SplittableRandom random;
  private final OperationMix mix;
  private final Zipfian scanLengths;
  private final long operationBudget;
  private final long paceNanos;
  private final long versionBase;
  final ThreadStats stats = new ThreadStats();
  private long inserted;
  private long updates;
  private int errorsLogged;
  private volatile Throwable failure;

  /** {@code operationBudget} is Long.MAX_VALUE when only the clock bounds the run. */
  ClientThread(Shared shared, Table table, KeyChooser keys, InsertKeys insertKeys, SplittableRandom random,
      long operationBudget, long paceNanos, long versionBase) {
    this.shared = shared;
    this.table = table;
    this.keys = keys;
    this.insertKeys = insertKeys;
    this.random = random;
    this.operationBudget = operationBudget;
    this.paceNanos = paceNanos;
    this.versionBase = versionBase;
    WorkloadSpec w = shared.workload();
    this.mix = new OperationMix(w);
    scanLengths = w.zipfianScanLength() && w.maxScanLength() > w.minScanLength()
        ? new Zipfian(w.maxScanLength() - w.minScanLength() + 1, Zipfian.YCSB_CONSTANT) : null;
  }

  @Override
  public void run() {
    try {
      PaceSchedule schedule = new PaceSchedule(paceNanos, System.nanoTime(), random);
      long k = 0;
      while (stats.measured < operationBudget && !shared.stopped().get()) {
        long intendedStart = schedule.intendedStart(k++);
        if (intendedStart > 0) {
          waitUntil(intendedStart);
        }
        long now = System.nanoTime();
        if (now >= shared.endNanos()) {
          break;
        }
        boolean measuring = now >= shared.measureFromNanos();
        runOne(mix.next(random), measuring, intendedStart);
        if (measuring) {
          stats.measured++;
        } else {
          stats.warmupOperations++;
        }
      }
    } catch (RuntimeException | Error e) {
      failure = e;
    }
  }

  /** A thread that died of something other than a counted operation error, or null. */
  Throwable failure() {
    return failure;
  }

  private void runOne(OperationType op, boolean measuring, long intendedStart) {
    long record = op == OperationType.INSERT || op == OperationType.READ_MODIFY_WRITE ? -1 : chooseRecord();
    long start = System.nanoTime();
    Outcome outcome = switch (op) {
      case READ -> read(record);
      case UPDATE -> update(record);
      case INSERT -> insert();
      case SCAN -> scan(record, measuring);
      case READ_MODIFY_WRITE -> readModifyWrite(measuring);
    };
    long end = System.nanoTime();
    if (measuring) {
      record(op, outcome, start, end, intendedStart);
      shared.recorders().recordTopLevel(start, end, intendedStart);
      stats.lastMeasuredEndNanos = end;
    }
  }

  /**
   * A read then an update of the same record, one top-level operation; its read and its update
   * are also measured as reads and updates (their latency from their own start), as YCSB does.
   */
  private Outcome readModifyWrite(boolean measuring) {
    long record = chooseRecord();
    long start = System.nanoTime();
    Outcome read = read(record);
    long readEnd = System.nanoTime();
    Outcome written = update(record);
    if (measuring) {
      record(OperationType.READ, read, start, readEnd, 0);
      record(OperationType.UPDATE, written, readEnd, System.nanoTime(), 0);
    }
    return read == Outcome.ERROR || written == Outcome.ERROR ? Outcome.ERROR
        : read == Outcome.NOT_FOUND ? Outcome.NOT_FOUND : Outcome.OK;
  }

  private long chooseRecord() {
    long available = shared.workload().recordCount() + inserted;
    return insertKeys.recordOf(keys.next(random, available));
  }

  private Outcome read(long record) {
    Outcome outcome;
    try {
      Get get = new Get(shared.keySpace().rowKey(record));
      if (shared.workload().readAllFields()) {
        get.addFamily(shared.family());
      } else {
        get.addColumn(shared.family(), shared.codec().qualifier(random.nextInt(shared.codec().fieldCount())));
      }
      Result result = table.get(get);
      outcome = result.isEmpty() ? Outcome.NOT_FOUND : Outcome.OK;
    } catch (IOException e) {
      outcome = error(OperationType.READ, e);
    }
    return outcome;
  }

  private Outcome update(long record) {
    Outcome outcome;
    try {
      long keyNumber = shared.keySpace().keyNumber(record);
      Put put = new Put(shared.keySpace().rowKeyOfKeyNumber(keyNumber));
      long version = versionBase + ++updates;
      if (shared.workload().writeAllFields()) {
        for (int field = 0; field < shared.codec().fieldCount(); field++) {
          put.addColumn(shared.family(), shared.codec().qualifier(field), shared.codec().value(keyNumber, field, version));
        }
      } else {
        int field = random.nextInt(shared.codec().fieldCount());
        put.addColumn(shared.family(), shared.codec().qualifier(field), shared.codec().value(keyNumber, field, version));
      }
      table.put(put);
      outcome = Outcome.OK;
    } catch (IOException e) {
      outcome = error(OperationType.UPDATE, e);
    }
    return outcome;
  }

  private Outcome insert() {
    try {
      long keyNumber = shared.keySpace().keyNumber(insertKeys.insertedRecord(inserted));
      Put put = new Put(shared.keySpace().rowKeyOfKeyNumber(keyNumber));
      for (int field = 0; field < shared.codec().fieldCount(); field++) {
        put.addColumn(shared.family(), shared.codec().qualifier(field),
            shared.codec().value(keyNumber, field, RowCodec.LOADED_VERSION));
      }
      table.put(put);
      inserted++; // only acknowledged inserts become choosable, as YCSB's acknowledged counter
      return Outcome.OK;
    } catch (IOException e) {
      return error(OperationType.INSERT, e);
    }
  }

  private Outcome scan(long record, boolean measuring) {
    WorkloadSpec w = shared.workload();
    int length = scanLengths != null ? w.minScanLength() + (int) scanLengths.next(random.nextDouble())
        : w.minScanLength() + random.nextInt(w.maxScanLength() - w.minScanLength() + 1);
    Scan scan = new Scan().withStartRow(shared.keySpace().rowKey(record)).setLimit(length)
        .setCaching(Math.min(length, 1000));
    if (w.readAllFields()) {
      scan.addFamily(shared.family());
    } else {
      scan.addColumn(shared.family(), shared.codec().qualifier(random.nextInt(shared.codec().fieldCount())));
    }
    long rows = 0;
    try (ResultScanner scanner = table.getScanner(scan)) {
      while (scanner.next() != null) {
        rows++;
      }
    } catch (IOException e) {
      return error(OperationType.SCAN, e);
    }
    if (measuring) {
      stats.scanRows += rows;
    }
    return rows == 0 ? Outcome.NOT_FOUND : Outcome.OK;
  }

  private Outcome error(OperationType op, IOException e) {
    if (errorsLogged++ < ERRORS_LOGGED) {
      LOG.warn("{} failed (counted as an error): {}", op, e.toString());
    }
    return Outcome.ERROR;
  }

  private void record(OperationType op, Outcome outcome, long startNanos, long endNanos, long intendedStart) {
    stats.count(op, outcome);
    shared.recorders().record(op, startNanos, endNanos, intendedStart);
  }

  private static void waitUntil(long nanoTime) {
    long remaining;
    while ((remaining = nanoTime - System.nanoTime()) > 0) {
      LockSupport.parkNanos(remaining);
    }
  }
}
