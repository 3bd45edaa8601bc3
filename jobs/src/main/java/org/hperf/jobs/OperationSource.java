package org.hperf.jobs;

import java.util.SplittableRandom;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.hperf.core.OperationType;
import org.hperf.core.RowCodec;
import org.hperf.core.generators.KeyChooser;
import org.hperf.core.generators.Zipfian;

/**
 * What one client thread (sync) or lane (async) does: its operation budget and pace, and for each
 * operation its type, its record and the HBase request that carries it. Both clients draw from it
 * in the same order, so a thread and a lane with the same seed issue the same operations. Used by
 * one operation at a time: a thread's, or a lane's, whose operations follow one another.
 */
final class OperationSource {
  private final TaskRun run;
  private final KeyChooser keys;
  private final InsertKeys insertKeys;
  private final SplittableRandom random;
  private final OperationMix mix;
  private final Zipfian scanLengths;
  private final long operationBudget;
  private final long paceNanos;
  private final long versionBase;
  private long inserted;
  private long updates;

  /** {@code operationBudget} is Long.MAX_VALUE when only the clock bounds the run. */
  OperationSource(TaskRun run, KeyChooser keys, InsertKeys insertKeys, SplittableRandom random, long operationBudget,
      long paceNanos, long versionBase) {
    this.run = run;
    this.keys = keys;
    this.insertKeys = insertKeys;
    this.random = random;
    this.operationBudget = operationBudget;
    this.paceNanos = paceNanos;
    this.versionBase = versionBase;
    WorkloadSpec w = run.workload();
    this.mix = new OperationMix(w);
    scanLengths = w.zipfianScanLength() && w.maxScanLength() > w.minScanLength()
        ? new Zipfian(w.maxScanLength() - w.minScanLength() + 1, Zipfian.YCSB_CONSTANT) : null;
  }

  long operationBudget() {
    return operationBudget;
  }

  /** The intended starts of this source's operations, from now; its first draw when paced. */
  PaceSchedule schedule(long startNanos) {
    return new PaceSchedule(paceNanos, startNanos, random);
  }

  OperationType nextOperation() {
    return mix.next(random);
  }

  /** A record among the loaded ones and this source's acknowledged inserts. */
  long chooseRecord() {
    long available = run.workload().recordCount() + inserted;
    return insertKeys.recordOf(keys.next(random, available));
  }

  Get read(long record) {
    Get get = new Get(run.keySpace().rowKey(record));
    if (run.workload().readAllFields()) {
      get.addFamily(run.family());
    } else {
      get.addColumn(run.family(), run.codec().qualifier(random.nextInt(run.codec().fieldCount())));
    }
    return get;
  }

  /** An update of the record with a fresh version in its values, so verify still passes afterwards. */
  Put update(long record) {
    long keyNumber = run.keySpace().keyNumber(record);
    Put put = new Put(run.keySpace().rowKeyOfKeyNumber(keyNumber));
    long version = versionBase + ++updates;
    RowCodec codec = run.codec();
    if (run.workload().writeAllFields()) {
      for (int field = 0; field < codec.fieldCount(); field++) {
        put.addColumn(run.family(), codec.qualifier(field), codec.value(keyNumber, field, version));
      }
    } else {
      int field = random.nextInt(codec.fieldCount());
      put.addColumn(run.family(), codec.qualifier(field), codec.value(keyNumber, field, version));
    }
    return put;
  }

  /** The next insert; it becomes choosable once {@link #insertAcknowledged} says it is written. */
  Put insert() {
    long keyNumber = run.keySpace().keyNumber(insertKeys.insertedRecord(inserted));
    Put put = new Put(run.keySpace().rowKeyOfKeyNumber(keyNumber));
    RowCodec codec = run.codec();
    for (int field = 0; field < codec.fieldCount(); field++) {
      put.addColumn(run.family(), codec.qualifier(field), codec.value(keyNumber, field, RowCodec.LOADED_VERSION));
    }
    return put;
  }

  /** Only acknowledged inserts become choosable, as YCSB's acknowledged counter. */
  void insertAcknowledged() {
    inserted++;
  }

  /** A scan of the workload's scan length from the record, at most that many rows. */
  Scan scan(long record) {
    WorkloadSpec w = run.workload();
    int length = scanLengths != null ? w.minScanLength() + (int) scanLengths.next(random.nextDouble())
        : w.minScanLength() + random.nextInt(w.maxScanLength() - w.minScanLength() + 1);
    Scan scan = new Scan().withStartRow(run.keySpace().rowKey(record)).setLimit(length)
        .setCaching(Math.min(length, 1000));
    if (w.readAllFields()) {
      scan.addFamily(run.family());
    } else {
      scan.addColumn(run.family(), run.codec().qualifier(random.nextInt(run.codec().fieldCount())));
    }
    return scan;
  }
}
