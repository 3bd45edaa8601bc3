package org.hperf.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import org.hperf.core.OperationType;
import org.hperf.core.ClientMode;
import org.junit.jupiter.api.Test;

class RunRecordTest {
  private static RunRecord record() {
    return new RunRecord("workloada", Map.of("readproportion", "0.5", "note", "tab\there\rcr \"q\" \\ é"),
        Map.of("recordcount", "1000", "table", "t"), new RunRecord.Execution(2, 8, ClientMode.ASYNC, 16, 60, 5, 0, 3, 42, 1, true),
        new RunRecord.Cluster("2.6.1-hadoop3", "3.4.1", 3, 16));
  }

  @Test
  void whatIsStoredIsReadBackExactly() throws Exception {
    RunRecord written = record();
    written.putOutcome(1, new RunRecord.Outcome("job_1", Map.of("READ_OK", 10L), 0, 0, 0, List.of(), 0, null));
    written.putOutcome(2, new RunRecord.Outcome("job_2", Map.of("READ_ERROR", 3L), 3, 33, 1,
        List.of("rs1,1,2", "rs2,1,2"), 2, "timeout\tafter 5 s"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    written.store(out);
    RunRecord read = RunRecord.load(new ByteArrayInputStream(out.toByteArray()));
    assertEquals(written.asProperties(), read.asProperties());
    assertEquals("tab\there\rcr \"q\" \\ é", read.workloadProperties().get("note"));
    assertEquals(written.execution(), read.execution());
    assertEquals(written.cluster(), read.cluster());
    assertEquals(written.outcomes().keySet(), read.outcomes().keySet());
    assertEquals(10L, read.outcomes().get(1).counter("READ_OK"));
    assertEquals(ClientMode.ASYNC, read.execution().client());
    assertEquals(16, read.execution().inflight());
  }

  @Test
  void aRecordFromBeforeTheAsyncClientIsASyncRunWithItsThreadsInFlight() throws Exception {
    java.util.Properties p = record().asProperties();
    p.remove("run.client");
    p.remove("run.inflight");
    RunRecord read = RunRecord.of(p);
    assertEquals(ClientMode.SYNC, read.execution().client());
    assertEquals(8, read.execution().inflight(), "the sync client keeps one operation in flight per thread");
  }

  @Test
  void aRecordFromBeforePerServerRecordedNone() throws Exception {
    java.util.Properties p = record().asProperties();
    assertEquals("true", p.getProperty("run.perServer"));
    p.remove("run.perServer");
    assertEquals(false, RunRecord.of(p).execution().perServer());
  }

  @Test
  void runTimesAndTheAbSideAreReadBack() throws Exception {
    RunRecord written = record();
    written.putOutcome(2, new RunRecord.Outcome("job_2", Map.of(), 0, 0, 0, List.of(), 0, null, 1_700_000_000_000L,
        1_700_000_012_345L));
    written.setAbSide(new RunRecord.AbSide("B", "hfile.block.cache.size=0 on restarted region servers",
        List.of("A1", "B1", "B2", "A2", "A3", "B3")));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    written.store(out);
    String stored = out.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
    assertTrue(stored.contains("ab.order=A1 B1 B2 A2 A3 B3"), stored);
    assertTrue(stored.contains("run.2.startMs=1700000000000"), stored);
    RunRecord read = RunRecord.load(new ByteArrayInputStream(out.toByteArray()));
    assertEquals(written.asProperties(), read.asProperties());
    assertEquals(1_700_000_012_345L, read.outcomes().get(2).endMs());
    RunRecord.AbSide side = read.abSide().orElseThrow();
    assertEquals("B", side.side());
    assertEquals(3, side.position(2), "B2 came third");
    assertEquals(6, side.position(3));
    assertEquals(0, side.position(4), "not in the order");
    assertTrue(record().abSide().isEmpty(), "a plain hperf run has no side");
  }

  @Test
  void aServerWarmupIsReadBackAndAbsentWhenNoneRan() {
    RunRecord written = record();
    assertEquals(java.util.Optional.empty(), RunRecord.of(written.asProperties()).serverWarmup());
    written.setServerWarmup(new RunRecord.ServerWarmup(60, 23.4, 2, 1, "job_7"));
    java.util.Properties p = written.asProperties();
    assertEquals("23.4", p.getProperty("serverWarmup.seconds"));
    RunRecord.ServerWarmup read = RunRecord.of(p).serverWarmup().orElseThrow();
    assertEquals(new RunRecord.ServerWarmup(60, 23.4, 2, 1, "job_7"), read);
    assertTrue(!read.steady(), "one of two clients ran to the bound");
    assertEquals(null, written.differenceFrom(record()), "a warm-up is no setting of the runs");
  }

  @Test
  void aRunAddedToADirectoryMustHaveItsSettings() {
    assertEquals(null, record().differenceFrom(record()));
    RunRecord otherSeed = new RunRecord("workloada", record().workloadProperties(), record().dataset(),
        new RunRecord.Execution(2, 8, ClientMode.ASYNC, 16, 60, 5, 0, 3, 43, 1, true), record().cluster());
    assertTrue(record().differenceFrom(otherSeed).startsWith("execution "), record().differenceFrom(otherSeed));
  }

  @Test
  void disturbancesSayWhatHappenedToARunAndNothingForACleanOne() {
    RunRecord r = record();
    r.putOutcome(1, new RunRecord.Outcome("job_1", Map.of(), 0, 0, 0, List.of(), 0, null));
    r.putOutcome(2, new RunRecord.Outcome("job_2", Map.of(), 3, 33, 1, List.of("rs1"), 2, "timeout"));
    assertTrue(r.disturbances("run-1").isEmpty());
    assertEquals(List.of("3 failed operations", "33 HBase client RPCs failed and were retried",
        "1 failed task attempts", "region servers left the cluster during the run: rs1",
        "2 regions moved, split or merged during the run", "the cluster's state after the run could not be read"),
        r.disturbances("run-2"));
    assertTrue(r.disturbances("run-3").isEmpty(), "a run without an outcome");
  }

  @Test
  void taskLogNamesTagsAndWindowLine() {
    assertEquals("client-00007.hlog", TaskLogFormat.fileName(7));
    assertTrue(TaskLogFormat.isLogName("client-00007.hlog"));
    assertFalse(TaskLogFormat.isLogName(".client-00007.hlog.crc"));
    assertFalse(TaskLogFormat.isLogName("_SUCCESS"));
    assertEquals("client-00007", TaskLogFormat.taskOf("client-00007.hlog"));
    String line = "#" + TaskLogFormat.windowComment(1000, 2500) + "\n";
    assertTrue(TaskLogFormat.endsWithWindow("Tag=ALL,...\n" + line));
    assertFalse(TaskLogFormat.endsWithWindow(line + "Tag=ALL,...\n"), "the window line must be last");
    assertEquals(1000, TaskLogFormat.windowStart(line).getAsLong());
    assertEquals(2500, TaskLogFormat.windowEnd(line).getAsLong());
    assertEquals("ALL.intended", TaskLogFormat.intendedTag(OperationType.ALL_TAG));
    assertEquals("[hperf workload=workloada run=1 client=0 of 2 threads=8 target=0.0]",
        TaskLogFormat.headerComment("workloada", 1, 0, 2, ClientMode.SYNC, 8, 0));
    assertEquals("[hperf workload=workloada run=1 client=0 of 2 mode=async inflight=16 target=100.0]",
        TaskLogFormat.headerComment("workloada", 1, 0, 2, ClientMode.ASYNC, 16, 100));
  }
}
