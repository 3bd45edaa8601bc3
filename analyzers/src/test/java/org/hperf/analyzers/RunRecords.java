package org.hperf.analyzers;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.ClientMode;
import org.hperf.core.run.RunRecord;

/** run.properties for test run directories, written through the same class as hperf run's. */
final class RunRecords {
  private RunRecords() {
  }

  static RunRecord record(String workload, int clients, int runs, Map<String, String> workloadProperties) {
    return new RunRecord(workload, workloadProperties, Map.of("recordcount", "1000"),
        new RunRecord.Execution(clients, 1, ClientMode.SYNC, 1, 10, 0, 0, runs, 1, 10, true),
        new RunRecord.Cluster("2.6.1-hadoop3", "3.4.1", 1, 4));
  }

  /** A clean outcome for run {@code index}. */
  static RunRecord.Outcome clean(int index) {
    return new RunRecord.Outcome("job_" + index, Map.of(), 0, 0, 0, List.of(), 0, null);
  }

  static void write(File dir, RunRecord record) throws IOException {
    dir.mkdirs();
    record.write(FileSystem.getLocal(new Configuration()).getRaw(), new Path(dir.getAbsolutePath()));
  }

  /** A record of {@code runs} clean runs of {@code clients} clients. */
  static void write(File dir, String workload, int clients, int runs) throws IOException {
    RunRecord record = record(workload, clients, runs, Map.of());
    for (int i = 1; i <= runs; i++) {
      record.putOutcome(i, clean(i));
    }
    write(dir, record);
  }
}
