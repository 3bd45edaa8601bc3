package org.hperf.core;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.SnapshotDescription;

/**
 * The loaded dataset kept as an HBase snapshot ({@code load --snapshot}) and put back before a
 * measurement ({@code run --restore-snapshot}), so that every measurement starts from the same
 * data: a write workload's flushes add store files that every later read consults and that stay
 * for the next cluster lifetime (in an A/A comparison, workload C measured after updateonly in the
 * same lifetime ran 23% slower). A snapshot is metadata and links to the loaded HFiles: taking and
 * restoring it copies no data.
 */
public final class TableSnapshots {
  private TableSnapshots() {
  }

  /** Refuses a name already taken, before anything is loaded. */
  public static void checkNew(Admin admin, String name) throws IOException, UsageException {
    if (find(admin, name) != null) {
      throw new UsageException("--snapshot " + name + ": a snapshot of that name exists: give another name (hperf"
          + " never deletes a snapshot)");
    }
  }

  /** Refuses a snapshot that does not exist or is of another table, before anything runs. */
  public static void checkRestorable(Admin admin, String name, TableName table) throws IOException, UsageException {
    SnapshotDescription snapshot = find(admin, name);
    if (snapshot == null) {
      throw new UsageException("--restore-snapshot " + name + ": no such snapshot: take it with 'hperf load"
          + " --snapshot " + name + "'");
    }
    if (!snapshot.getTableName().equals(table)) {
      throw new UsageException("--restore-snapshot " + name + " is of table " + snapshot.getTableName() + ", not "
          + table + ": give --table " + snapshot.getTableName().getNameAsString());
    }
  }

  /** Takes the snapshot of the table as it is now (flushed: the memstores go into it too). */
  public static void take(Admin admin, TableName table, String name, PrintStream out) throws IOException {
    long started = System.nanoTime();
    admin.snapshot(name, table);
    out.printf(Locale.ROOT, "snapshot %s of %s taken in %.1f s: 'hperf run --restore-snapshot %s' starts a measurement from"
        + " this data%n", name, table, (System.nanoTime() - started) / 1e9, name);
  }

  /** Puts the table back to the snapshot: disabled, restored, enabled (enable waits until its regions are open). */
  public static void restore(Admin admin, TableName table, String name, PrintStream out) throws IOException {
    long started = System.nanoTime();
    if (admin.isTableEnabled(table)) {
      admin.disableTable(table);
    }
    admin.restoreSnapshot(name);
    admin.enableTable(table);
    out.printf(Locale.ROOT, "table %s restored from snapshot %s in %.1f s%n", table, name, (System.nanoTime() - started) / 1e9);
  }

  private static SnapshotDescription find(Admin admin, String name) throws IOException {
    for (SnapshotDescription snapshot : admin.listSnapshots()) {
      if (snapshot.getName().equals(name)) {
        return snapshot;
      }
    }
    return null;
  }
}
