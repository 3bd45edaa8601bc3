package org.hperf.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hperf.core.ClientMode;
import org.junit.jupiter.api.Test;

class RecordLabelsTest {
  private static Map<String, String> asMap(RunRecord record) {
    Map<String, String> map = new TreeMap<>();
    record.asProperties().forEach((k, v) -> map.put((String) k, (String) v));
    return map;
  }

  private static RunRecord record() {
    RunRecord record = new RunRecord("workloada", Map.of("readproportion", "0.5"),
        Map.of("recordcount", "1000", "table", "t"),
        new RunRecord.Execution(2, 8, ClientMode.SYNC, 8, 60, 5, 0, 2, 42, 10, true),
        new RunRecord.Cluster("2.6.1-hadoop3", "3.4.1", 3, 16));
    record.putOutcome(1, new RunRecord.Outcome("job_1", Map.of("READ_OK", 10L, "GC_TIME_MILLIS", 7L), 0, 0, 0,
        List.of(), 0, null, 1_764_597_600_000L, 1_764_597_661_000L));
    record.putOutcome(2, new RunRecord.Outcome("job_2", Map.of("READ_OK", 12L), 0, 0, 0, List.of(), 1, null));
    record.nameCounter("READ_OK", "Read OK");
    record.nameCounter("GC_TIME_MILLIS", "GC time elapsed (ms)");
    return record;
  }

  @Test
  void everyKeyIsARowUnderALabelInItsGroupAndCountersGoByDisplayName() {
    Map<String, String> map = asMap(record());
    assertEquals("Read OK", RunRecord.of(record().asProperties()).counterDisplayName("READ_OK"),
        "display names are stored and read back");
    List<RecordLabels.Row> rows = RecordLabels.rows(map);
    long nameKeys = map.keySet().stream().filter(k -> k.startsWith("counter.")).count();
    assertEquals(map.size() - nameKeys, rows.size(), "one row a key, display names label and are no rows");
    for (RecordLabels.Row row : rows) {
      assertTrue(!row.label().contains("run.") && !row.label().contains("counter."), "a label, not a key: " + row);
    }
    List<RecordLabels.Group> groups = rows.stream().map(RecordLabels.Row::group).toList();
    assertEquals(groups.stream().sorted().toList(), groups, "grouped: workload, dataset, cluster, execution, outcome");
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.EXECUTION, "Warm-up before measuring (s)", 0,
        "5")), rows.toString());
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.DATASET, "Records (recordcount)", 0, "1000")));
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.WORKLOAD, "readproportion", 0, "0.5")));
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.CLUSTER, "Region servers", 0, "3")));
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.OUTCOME, "Read OK", 2, "12")));
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.OUTCOME, "GC time elapsed (ms)", 1, "7")));
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.OUTCOME, "Job submitted", 1,
        "2025-12-01 14:00:00 UTC")), rows.toString());
    List<String> outcome = rows.stream().filter(r -> r.group() == RecordLabels.Group.OUTCOME && r.run() == 1)
        .map(RecordLabels.Row::label).toList();
    assertEquals("Hadoop job", outcome.get(0), "the job first, counters last: " + outcome);
    assertEquals("Read OK", outcome.get(outcome.size() - 1), outcome.toString());
  }

  @Test
  void aRecordWithoutDisplayNamesOrWithUnknownKeysHidesNothing() {
    Map<String, String> map = asMap(record());
    map.keySet().removeIf(k -> k.startsWith("counter."));
    map.put("sampler.interval.seconds", "5");
    map.put("cluster.metrics", "jmx");
    List<RecordLabels.Row> rows = RecordLabels.rows(map);
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.OUTCOME, "READ_OK", 1, "10")), rows.toString());
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.EXECUTION, "sampler.interval.seconds", 0, "5")));
    assertTrue(rows.contains(new RecordLabels.Row(RecordLabels.Group.CLUSTER, "cluster.metrics", 0, "jmx")));
  }
}
