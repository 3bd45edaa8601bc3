package org.hperf.jobs;

/**
 * Maps a client thread's (or async lane's) choosable record indexes to record numbers. Indexes below the workload's
 * record count are loaded records; above it come this thread's own inserts, which live at record
 * numbers past the table's dataset, interleaved so that no two threads, clients or runs of one
 * invocation ever insert the same record: {@code base + slot + i * stride}.
 */
final class InsertKeys {
  private final long loadedRecords;
  private final long base;
  private final long slot;
  private final long stride;

  InsertKeys(long loadedRecords, long tableRecordCount, RunSpec run, int client, int thread) {
    this.loadedRecords = loadedRecords;
    this.base = tableRecordCount;
    this.stride = (long) run.runs() * run.clients() * run.inflight();
    this.slot = (((long) run.runIndex() - 1) * run.clients() + client) * run.inflight() + thread;
  }

  /** The record number of the i-th insert of this thread. */
  long insertedRecord(long i) {
    return base + slot + i * stride;
  }

  /** The record number behind a chosen index, given how many this thread has inserted. */
  long recordOf(long index) {
    return index < loadedRecords ? index : insertedRecord(index - loadedRecords);
  }
}
