package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hperf.core.ClientMode;
import org.hperf.core.OperationType;
import org.hperf.core.UsageException;
import org.hperf.core.cli.ParsedOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of a workload client that decide what runs when: mix, pacing, shares, inserts, barrier. */
class ClientPartsTest {

  @Test
  void mixDrawsEachOperationInItsProportion() throws Exception {
    WorkloadSpec seedF = WorkloadSpec.parse(Map.of("readproportion", "0.5", "updateproportion", "0.25",
        "readmodifywriteproportion", "0.25", "operationcount", "1"), 1000);
    OperationMix mix = new OperationMix(seedF);
    SplittableRandom random = new SplittableRandom(7);
    Map<OperationType, Integer> drawn = new EnumMap<>(OperationType.class);
    int draws = 400_000;
    for (int i = 0; i < draws; i++) {
      drawn.merge(mix.next(random), 1, Integer::sum);
    }
    assertEquals(Set.of(OperationType.READ, OperationType.UPDATE, OperationType.READ_MODIFY_WRITE), drawn.keySet());
    // 5 standard deviations of a binomial count: a wrong mix fails, chance almost never does.
    assertNear(0.5 * draws, drawn.get(OperationType.READ), draws, 0.5);
    assertNear(0.25 * draws, drawn.get(OperationType.UPDATE), draws, 0.25);
    assertNear(0.25 * draws, drawn.get(OperationType.READ_MODIFY_WRITE), draws, 0.25);
  }

  private static void assertNear(double expected, int actual, int draws, double p) {
    double sd = Math.sqrt(draws * p * (1 - p));
    assertTrue(Math.abs(actual - expected) < 5 * sd, actual + " drawn, " + expected + " expected");
  }

  @Test
  void pacedThreadsStartAtSpreadPhasesAndKeepTheirPace() {
    long pace = 8_000_000; // 8 threads at 1,000 ops/s in all: 125 ops/s each
    long start = 1_000_000_000L;
    Set<Long> phaseBuckets = new HashSet<>();
    for (int thread = 0; thread < 64; thread++) {
      PaceSchedule schedule = new PaceSchedule(pace, start, new SplittableRandom(thread));
      long phase = schedule.intendedStart(0) - start;
      assertTrue(phase >= 0 && phase < pace, "phase within one pace: " + phase);
      assertEquals(pace, schedule.intendedStart(1) - schedule.intendedStart(0));
      assertEquals(100 * pace, schedule.intendedStart(100) - schedule.intendedStart(0));
      phaseBuckets.add(phase * 8 / pace);
    }
    // Lock-step would put every thread in one bucket of the eight.
    assertEquals(8, phaseBuckets.size(), "64 threads' phases cover all eighths of the pace");
  }

  @Test
  void unthrottledThreadsHaveNoIntendedStart() {
    PaceSchedule schedule = new PaceSchedule(0, 5, new SplittableRandom(1));
    assertEquals(0, schedule.intendedStart(0));
    assertEquals(0, schedule.intendedStart(10));
  }

  @Test
  void sharesOfOperationsAddUpExactly() {
    for (long total : new long[] {0, 1, 7, 1000, 1_000_000_007L}) {
      for (int parts : new int[] {1, 3, 8, 13}) {
        long sum = 0;
        for (int i = 0; i < parts; i++) {
          long share = WorkloadMapper.share(total, parts, i);
          assertTrue(share >= total / parts && share <= total / parts + 1, "even share");
          sum += share;
        }
        assertEquals(total, sum, total + " over " + parts);
      }
    }
  }

  @Test
  void insertsOfDifferentThreadsClientsAndRunsNeverCollide() {
    int runs = 3;
    int clients = 2;
    int threads = 4;
    long tableRecords = 1000;
    Set<Long> inserted = new HashSet<>();
    for (int run = 1; run <= runs; run++) {
      RunSpec spec = new RunSpec(clients, threads, ClientMode.SYNC, threads, 1, 0, 0, 0, 1, run, runs, 1, 600, tableRecords, true);
      for (int client = 0; client < clients; client++) {
        for (int thread = 0; thread < threads; thread++) {
          InsertKeys keys = new InsertKeys(500, tableRecords, spec, client, thread);
          assertEquals(42, keys.recordOf(42), "loaded records map to themselves");
          for (long i = 0; i < 100; i++) {
            long record = keys.insertedRecord(i);
            assertTrue(record >= tableRecords, "inserts go past the dataset");
            assertTrue(inserted.add(record), "record " + record + " inserted twice");
            assertEquals(record, keys.recordOf(500 + i), "an inserted index maps to its insert");
          }
        }
      }
    }
  }

  @Test
  void barrierGivesAllClientsOneStartAndTimesOutWhenOneIsMissing(@TempDir Path dir) throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path barrier = new org.apache.hadoop.fs.Path(dir.toUri().toString(), "b");
    long[] starts = new long[2];
    Thread other = new Thread(() -> {
      try {
        starts[1] = new StartBarrier(fs, barrier, 2, StartBarrier.LEAD_MS).await(1, 10_000, () -> { });
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    other.start();
    starts[0] = new StartBarrier(fs, barrier, 2, StartBarrier.LEAD_MS).await(0, 10_000, () -> { });
    other.join();
    assertEquals(starts[0], starts[1], "one start time for all clients");
    long lastArrival = Math.max(fs.getFileStatus(new org.apache.hadoop.fs.Path(barrier, "client-00000"))
        .getModificationTime(), fs.getFileStatus(new org.apache.hadoop.fs.Path(barrier, "client-00001"))
        .getModificationTime());
    assertEquals(lastArrival + StartBarrier.LEAD_MS, starts[0], "the last arrival plus the lead");

    org.apache.hadoop.fs.Path lonely = new org.apache.hadoop.fs.Path(dir.toUri().toString(), "lonely");
    IOException e = assertThrows(IOException.class, () -> new StartBarrier(fs, lonely, 2, StartBarrier.LEAD_MS).await(0, 500, () -> { }));
    assertTrue(e.getMessage().contains("only 1 of 2 clients started within 0 s"), e.getMessage());
  }

  @Test
  void aDuetBarrierWaitsForBothRunsClientsWhoseIndexesCoincide(@TempDir Path dir) throws Exception {
    org.apache.hadoop.fs.Path barrier = new org.apache.hadoop.fs.Path(dir.toUri().toString(), "duet");
    Configuration a = new Configuration(false);
    DuetBarrier.enable(a, barrier, "A", 2);
    Configuration b = new Configuration(false);
    DuetBarrier.enable(b, barrier, "B", 2);
    StartBarrier sideA = DuetBarrier.of(a);
    sideA.arrive(0);
    assertEquals(-1, sideA.startMsIfAllArrived(), "client 0 of A alone is not the duet");
    long startB = DuetBarrier.of(b).await(0, 10_000, () -> { }, DuetBarrier.timeoutReason(b));
    assertEquals(startB, sideA.startMsIfAllArrived(), "both runs' clients derive one start");
    FileSystem fs = FileSystem.getLocal(new Configuration());
    assertEquals(fs.getFileStatus(new org.apache.hadoop.fs.Path(barrier, "b-client-00000")).getModificationTime()
        + StartBarrier.LEAD_MS, startB, "the later run's arrival plus the cluster's lead");

    org.apache.hadoop.fs.Path alone = new org.apache.hadoop.fs.Path(dir.toUri().toString(), "alone");
    Configuration c = new Configuration(false);
    DuetBarrier.enable(c, alone, "a", 2);
    IOException e = assertThrows(IOException.class,
        () -> DuetBarrier.of(c).await(0, 300, () -> { }, DuetBarrier.timeoutReason(c)));
    assertTrue(e.getMessage().contains("only 1 of 2 clients") && e.getMessage().contains("the other run of the duet"),
        e.getMessage());
  }

  @Test
  void theLeadIsShorterOnlyForTheLocalRunnersThreads() {
    Configuration conf = new Configuration(false);
    assertEquals(StartBarrier.LOCAL_LEAD_MS, StartBarrier.leadMs(conf), "MapReduce's default framework is local");
    conf.set("mapreduce.framework.name", "local");
    assertEquals(StartBarrier.LOCAL_LEAD_MS, StartBarrier.leadMs(conf));
    conf.set("mapreduce.framework.name", "yarn");
    assertEquals(StartBarrier.LEAD_MS, StartBarrier.leadMs(conf));
  }

  @Test
  void counterNamesThatRunRecordReadersUseExist() {
    for (String name : new String[] {org.hperf.core.run.RunRecord.SCAN_ROWS, org.hperf.core.run.RunRecord.SCAN_OK,
        org.hperf.core.run.RunRecord.MEASURED_OPERATIONS}) {
      WorkloadCounters.valueOf(name);
    }
    assertEquals(java.util.Arrays.stream(Outcome.values()).map(Enum::name).toList(),
        org.hperf.core.run.RunRecord.OUTCOMES);
    for (org.hperf.core.OperationType op : org.hperf.core.OperationType.values()) {
      for (Outcome outcome : Outcome.values()) {
        assertEquals(WorkloadCounters.of(op, outcome),
            WorkloadCounters.valueOf(org.hperf.core.run.RunRecord.outcomeCounter(op, outcome.name())));
      }
    }
  }

  @Test
  void clientModeAndInflightAreParsedCheckedAndCarriedByTheJobConfiguration() throws Exception {
    Configuration conf = new Configuration(false);
    RunSpec sync = WorkloadTool.runSpec(parse("--threads", "6", "--duration", "5"), Map.of(), conf);
    assertEquals(ClientMode.SYNC, sync.client());
    assertEquals(6, sync.inflight(), "a sync client keeps one operation in flight per thread");
    RunSpec async = WorkloadTool.runSpec(parse("--client", "async", "--threads", "6", "--duration", "5"), Map.of(),
        conf);
    assertEquals(ClientMode.ASYNC, async.client());
    assertEquals(6, async.inflight(), "--inflight defaults to --threads, so the two modes compare at one concurrency");
    RunSpec wide = WorkloadTool.runSpec(parse("--client", "ASYNC", "--inflight", "32", "--target", "320",
        "--duration", "5"), Map.of(), conf);
    assertEquals(32, wide.inflight());
    assertEquals(2 * 32 * 1_000_000_000L / 320, wide.paceNanosPerInflight(), "each lane paces as a thread would");

    Configuration job = new Configuration(false);
    wide.writeTo(job);
    assertEquals(wide, RunSpec.readFrom(job));
    assertEquals(ClientMode.SYNC, RunSpec.readFrom(new Configuration(false)).client());

    UsageException unknown = assertThrows(UsageException.class,
        () -> WorkloadTool.runSpec(parse("--client", "reactive", "--duration", "5"), Map.of(), conf));
    assertTrue(unknown.getMessage().contains("--client reactive is not known"), unknown.getMessage());
    UsageException syncInflight = assertThrows(UsageException.class,
        () -> WorkloadTool.runSpec(parse("--inflight", "4", "--duration", "5"), Map.of(), conf));
    assertTrue(syncInflight.getMessage().contains("--inflight is for --client async"), syncInflight.getMessage());
    assertThrows(UsageException.class,
        () -> WorkloadTool.runSpec(parse("--client", "async", "--inflight", "0", "--duration", "5"), Map.of(),
            conf));
  }

  private static ParsedOptions parse(String... args) throws UsageException {
    String[] all = new String[args.length + 2];
    all[0] = "-P";
    all[1] = "x";
    System.arraycopy(args, 0, all, 2, args.length);
    return new WorkloadTool().options().parse(all, 0);
  }

  @Test
  void barrierTimeoutAndIntervalComeFromTheirSettings() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(RunSpec.BARRIER_TIMEOUT_SECONDS, "42");
    ParsedOptions parsed = new WorkloadTool().options().parse(new String[] {"-P", "x", "--duration", "20"}, 0);
    RunSpec run = WorkloadTool.runSpec(parsed, Map.of(), conf);
    assertEquals(42, run.barrierTimeoutSeconds(), "-D " + RunSpec.BARRIER_TIMEOUT_SECONDS + " is read");
    assertEquals(1, run.intervalSeconds(), "a 20 s run gets 1 s intervals");
    assertEquals(600, WorkloadTool.runSpec(parsed, Map.of(), new Configuration(false)).barrierTimeoutSeconds());
    assertEquals(10, RunSpec.defaultIntervalSeconds(900));
    assertEquals(60, RunSpec.defaultIntervalSeconds(7200));
  }
}
