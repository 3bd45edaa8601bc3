package org.hperf.jobs;

import java.io.IOException;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.hperf.core.OperationType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client thread of the sync client: runs its source's operations one at a time through its
 * own Table, timing each with a thin wrapper that records the outcome and the latency (service
 * time, and with a target rate also the time since the operation's intended start, which corrects
 * coordinated omission). Operations before the end of the warm-up are run but not measured. When
 * the run records placement, a measured operation that did not fail is looked up in the client's
 * region location cache after its end (outside its latency): its row's region and server.
 */
final class ClientThread implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(ClientThread.class);
  private static final int ERRORS_LOGGED = 5;

  private final TaskRun run;
  private final Table table;
  /** Null when the run does not record where operations were served. */
  private final RowLocator locator;
  private final OperationSource source;
  final ThreadStats stats = new ThreadStats();
  private int errorsLogged;
  private volatile Throwable failure;
  /** The row of the operation in progress (a scan's start row), and whether a part of it failed. */
  private byte[] row;
  private boolean failed;
  /** The operation's location, once looked up; {@link #located} says whether it was. */
  private HRegionLocation where;
  private boolean located;
  private long readModifyWriteEnd;

  ClientThread(TaskRun run, Table table, RowLocator locator, OperationSource source) {
    this.run = run;
    this.table = table;
    this.locator = run.recorders().recordsPlacement() ? locator : null;
    this.source = source;
  }

  @Override
  public void run() {
    try {
      PaceSchedule schedule = source.schedule(System.nanoTime());
      long k = 0;
      while (stats.measured < source.operationBudget() && !run.stopped().get()) {
        long intendedStart = schedule.intendedStart(k++);
        if (intendedStart > 0) {
          waitUntil(intendedStart);
        }
        long now = System.nanoTime();
        // A paced thread may have waited a whole pace for its turn: the run may have ended meanwhile.
        if (now >= run.endNanos() || run.stopped().get()) {
          break;
        }
        boolean measuring = now >= run.measureFromNanos();
        runOne(source.nextOperation(), measuring, intendedStart);
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
    long record = op == OperationType.INSERT || op == OperationType.READ_MODIFY_WRITE ? -1 : source.chooseRecord();
    failed = false;
    located = false;
    long start = System.nanoTime();
    Outcome outcome = switch (op) {
      case READ -> read(record);
      case UPDATE -> update(record);
      case INSERT -> insert();
      case SCAN -> scan(record, measuring);
      case READ_MODIFY_WRITE -> readModifyWrite(measuring);
    };
    // A read-modify-write ends with its update, before its parts are recorded and located.
    long end = op == OperationType.READ_MODIFY_WRITE ? readModifyWriteEnd : System.nanoTime();
    if (measuring) {
      record(op, outcome, start, end, intendedStart);
      run.recorders().recordTopLevel(start, end, intendedStart, where());
      stats.lastMeasuredEndNanos = end;
    }
  }

  /**
   * A read then an update of the same record, one top-level operation; its read and its update
   * are also measured as reads and updates (their latency from their own start), as YCSB does.
   */
  private Outcome readModifyWrite(boolean measuring) {
    long record = source.chooseRecord();
    long start = System.nanoTime();
    Outcome read = read(record);
    long readEnd = System.nanoTime();
    Outcome written = update(record);
    readModifyWriteEnd = System.nanoTime();
    if (measuring) {
      record(OperationType.READ, read, start, readEnd, 0);
      record(OperationType.UPDATE, written, readEnd, readModifyWriteEnd, 0);
    }
    return Outcome.ofReadModifyWrite(read, written);
  }

  /**
   * Where the operation in progress was served: looked up once, after it ended (all its parts,
   * for a read-modify-write), unless it failed or placement is not recorded.
   */
  private HRegionLocation where() {
    if (!located) {
      where = locator == null || failed ? null : locator.locate(row);
      located = true;
    }
    return where;
  }

  private Outcome read(long record) {
    try {
      Get get = source.read(record);
      row = get.getRow();
      return table.get(get).isEmpty() ? Outcome.NOT_FOUND : Outcome.OK;
    } catch (IOException e) {
      return error(OperationType.READ, e);
    }
  }

  private Outcome update(long record) {
    try {
      Put put = source.update(record);
      row = put.getRow();
      table.put(put);
      return Outcome.OK;
    } catch (IOException e) {
      return error(OperationType.UPDATE, e);
    }
  }

  private Outcome insert() {
    try {
      Put put = source.insert();
      row = put.getRow();
      table.put(put);
      source.insertAcknowledged();
      return Outcome.OK;
    } catch (IOException e) {
      return error(OperationType.INSERT, e);
    }
  }

  private Outcome scan(long record, boolean measuring) {
    long rows = 0;
    Scan scan = source.scan(record);
    row = scan.getStartRow();
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
    failed = true;
    if (errorsLogged++ < ERRORS_LOGGED) {
      LOG.warn("{} failed (counted as an error): {}", op, e.toString());
    }
    return Outcome.ERROR;
  }

  private void record(OperationType op, Outcome outcome, long startNanos, long endNanos, long intendedStart) {
    stats.count(op, outcome);
    run.recorders().record(op, startNanos, endNanos, intendedStart, where());
  }

  private static void waitUntil(long nanoTime) {
    long remaining;
    while ((remaining = nanoTime - System.nanoTime()) > 0) {
      LockSupport.parkNanos(remaining);
    }
  }
}
