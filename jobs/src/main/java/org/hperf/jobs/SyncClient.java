package org.hperf.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;

/**
 * The classic client, as YCSB's and PerformanceEvaluation's: one thread per source, each with its
 * own Table on the task's Connection, one blocking call at a time.
 */
final class SyncClient implements WorkloadClient {
  private final List<ClientThread> workers = new ArrayList<>();
  private final List<Table> tables = new ArrayList<>();
  private final List<RegionLocator> locators = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();

  SyncClient(TaskRun run, Connection connection, TableName table, List<OperationSource> sources, int client)
      throws IOException {
    try {
      for (OperationSource source : sources) {
        Table t = connection.getTable(table);
        tables.add(t);
        RegionLocator locator = connection.getRegionLocator(table);
        locators.add(locator);
        ClientThread worker = new ClientThread(run, t, RowLocator.of(connection, table, locator), source);
        workers.add(worker);
        threads.add(new Thread(worker, "hperf-client-" + client + "-" + threads.size()));
      }
    } catch (IOException | RuntimeException e) {
      closeTables();
      throw e;
    }
  }

  @Override
  public void start() {
    for (Thread thread : threads) {
      thread.start();
    }
  }

  @Override
  public boolean finished() {
    for (Thread thread : threads) {
      if (thread.isAlive()) {
        return false;
      }
    }
    return true;
  }

  /** Each thread gets {@code waitMs} (a thread ends after the operation it is in). */
  @Override
  public void stop(long waitMs) throws IOException, InterruptedException {
    for (Thread thread : threads) {
      thread.join(waitMs);
    }
    closeTables();
  }

  private void closeTables() throws IOException {
    for (Table table : tables) {
      table.close();
    }
    for (RegionLocator locator : locators) {
      locator.close();
    }
  }

  @Override
  public List<ThreadStats> stats() {
    List<ThreadStats> stats = new ArrayList<>();
    for (ClientThread worker : workers) {
      stats.add(worker.stats);
    }
    return stats;
  }

  @Override
  public Throwable failure() {
    for (ClientThread worker : workers) {
      if (worker.failure() != null) {
        return worker.failure();
      }
    }
    return null;
  }
}
