package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.hperf.core.ClientMode;
import org.hperf.core.OperationType;
import org.hperf.core.UsageException;
import org.hperf.core.generators.Distribution;
import org.junit.jupiter.api.Test;

class WorkloadSpecTest {

  @Test
  void ycsbsOwnWorkloadFileIsAcceptedUnchanged() throws Exception {
    Map<String, String> p = read(Path.of("src/test/resources/ycsb-workloada"));
    WorkloadSpec spec = WorkloadSpec.parse(p, 1_000_000);
    assertEquals(1000, spec.recordCount(), "the run phase picks among the first 1000 records");
    assertEquals(1000, spec.operationCount());
    assertEquals(0.5, spec.proportion(OperationType.READ));
    assertEquals(0.5, spec.proportion(OperationType.UPDATE));
    assertEquals(Distribution.ZIPFIAN, spec.requestDistribution());
    for (String key : p.keySet()) {
      assertTrue(WorkloadSpec.KEYS.contains(key) || key.equals("recordcount"), "known key " + key);
    }
  }

  @Test
  void everyShippedWorkloadParsesAndHasItsMix() throws Exception {
    Map<String, double[]> mixes = Map.of(
        "workloada", new double[] {0.5, 0.5, 0, 0, 0},
        "workloadf", new double[] {0.5, 0, 0, 0, 0.5},
        "workloadf-seed", new double[] {0.5, 0.25, 0, 0, 0.25},
        "updateonly", new double[] {0, 1, 0, 0, 0},
        "scan", new double[] {0, 0, 0, 1, 0});
    for (String name : new String[] {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf",
        "workloadf-seed", "updateonly", "randomread", "randomread-mem", "randomwrite", "sequentialread",
        "sequentialwrite", "scan"}) {
      WorkloadSpec spec = WorkloadSpec.parse(read(Path.of("../conf/workloads", name)), 1_000_000);
      double[] mix = mixes.get(name);
      if (mix != null) {
        for (OperationType op : OperationType.values()) {
          assertEquals(mix[op.ordinal()], spec.proportion(op), name + " " + op);
        }
      }
    }
  }

  @Test
  void contradictionsNameTheKey() {
    assertBad(Map.of("readproportion", "0.5"), "must add up to 1");
    assertBad(Map.of("requestdistribution", "gaussian"), "requestdistribution=gaussian is not known");
    assertBad(Map.of("recordcount", "2000000"), "recordcount=2000000 is out of range");
    assertBad(Map.of("readallfields", "yes"), "readallfields=yes is not a boolean");
    assertBad(Map.of("scanlengthdistribution", "normal"), "scanlengthdistribution=normal is not known");
    assertBad(Map.of("maxscanlength", "0"), "maxscanlength=0 is out of range");
  }

  @Test
  void operationSharesAddUpExactly() {
    for (long total : new long[] {0, 1, 7, 1000, 999_999_999_999L}) {
      for (int parts : new int[] {1, 3, 8, 250}) {
        long sum = 0;
        for (int i = 0; i < parts; i++) {
          sum += WorkloadMapper.share(total, parts, i);
        }
        assertEquals(total, sum, total + " over " + parts);
      }
    }
  }

  @Test
  void insertedRecordsNeverCollideAcrossThreadsClientsAndRuns() {
    RunSpec run = new RunSpec(3, 4, ClientMode.SYNC, 4, 10, 0, 0, 0.001, 10, 1, 2, 1, 600, 1_000, true);
    Set<Long> seen = new HashSet<>();
    for (int r = 1; r <= 2; r++) {
      for (int c = 0; c < 3; c++) {
        for (int t = 0; t < 4; t++) {
          InsertKeys keys = new InsertKeys(500, 1_000, run.withRunIndex(r), c, t);
          for (long i = 0; i < 100; i++) {
            long record = keys.insertedRecord(i);
            assertTrue(record >= 1_000, "inserts go past the table's records");
            assertTrue(seen.add(record), "record " + record + " inserted twice");
          }
          assertEquals(42, keys.recordOf(42), "loaded records map to themselves");
          assertEquals(keys.insertedRecord(3), keys.recordOf(503));
        }
      }
    }
    assertFalse(seen.isEmpty());
  }

  private static void assertBad(Map<String, String> overrides, String expected) {
    Map<String, String> p = new HashMap<>(Map.of("readproportion", "1", "updateproportion", "0"));
    p.putAll(overrides);
    UsageException e = assertThrows(UsageException.class, () -> WorkloadSpec.parse(p, 1_000_000));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  private static Map<String, String> read(Path file) throws Exception {
    return org.hperf.core.cli.DatasetOptions.readPropertyFile(file);
  }
}
