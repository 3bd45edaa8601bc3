package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.HistogramLogWriter;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hperf.core.ClientMode;
import org.hperf.core.DatasetSpec;
import org.hperf.core.InsertOrder;
import org.hperf.core.OperationType;
import org.hperf.core.RowCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The async client against a fake AsyncTable: the operations it issues, how many are in flight,
 * its counts and recorders, pacing, errors and stopping, without a cluster (WorkloadIT runs it on
 * one).
 */
class AsyncClientTest {
  private static final DatasetSpec DATASET = new DatasetSpec("t", "family", 1000, 10, 100, InsertOrder.HASHED, 1, 1);
  private static final Map<String, String> EVERY_OPERATION = Map.of("readproportion", "0.3",
      "updateproportion", "0.2", "insertproportion", "0.1", "scanproportion", "0.1",
      "readmodifywriteproportion", "0.3", "maxscanlength", "20");
  private static final Map<String, String> READS = Map.of("readproportion", "1", "updateproportion", "0");
  private final ScheduledExecutorService completer = Executors.newScheduledThreadPool(2);

  @AfterEach
  void stopCompleter() {
    completer.shutdownNow();
  }

  @Test
  void aLaneIssuesTheSameOperationsAsAThreadWithTheSameSeed() throws Exception {
    RunSpec sync = run(ClientMode.SYNC, 1, 0);
    TaskRun threadTask = task(EVERY_OPERATION, 2000, Long.MAX_VALUE);
    List<String> threadCalls = Collections.synchronizedList(new ArrayList<>());
    ClientThread thread = new ClientThread(threadTask, fakeTable(threadCalls), null,
        WorkloadMapper.newSource(threadTask, sync, 0, 0));
    thread.run();
    assertNull(thread.failure());
    assertEquals(2000, thread.stats.measured);

    TaskRun laneTask = task(EVERY_OPERATION, 2000, Long.MAX_VALUE);
    FakeAsyncTable fake = new FakeAsyncTable(50_000, () -> false);
    runToEnd(client(laneTask, run(ClientMode.ASYNC, 1, 0), fake));
    assertTrue(threadCalls.size() > 2000, "a read-modify-write makes two calls");
    assertEquals(threadCalls, fake.calls, "thread 0 and lane 0 of one seed: the same operations on the same rows");
  }

  @Test
  void lanesKeepAtMostTheirNumberInFlightAndChainTheReadModifyWrite() throws Exception {
    int lanes = 8;
    TaskRun task = task(EVERY_OPERATION, 4000, Long.MAX_VALUE);
    FakeAsyncTable fake = new FakeAsyncTable(200_000, () -> false);
    AsyncClient client = client(task, run(ClientMode.ASYNC, lanes, 0), fake);
    runToEnd(client);
    assertNull(client.failure());
    // A put issued before its get completed would make up to 2 x lanes calls in flight.
    assertEquals(lanes, fake.maxInFlight.get(), "exactly the lanes' operations in flight at the most");
    long[][] outcomes = total(client.stats());
    long rmw = outcomes[OperationType.READ_MODIFY_WRITE.ordinal()][Outcome.OK.ordinal()];
    long plainReads = outcomes[OperationType.READ.ordinal()][Outcome.OK.ordinal()] - rmw;
    long plainUpdates = outcomes[OperationType.UPDATE.ordinal()][Outcome.OK.ordinal()] - rmw;
    long topLevel = plainReads + plainUpdates + rmw + outcomes[OperationType.INSERT.ordinal()][Outcome.OK.ordinal()]
        + outcomes[OperationType.SCAN.ordinal()][Outcome.OK.ordinal()];
    assertTrue(rmw > 0 && plainReads > 0 && plainUpdates > 0, "every operation ran");
    assertEquals(4000, topLevel, "the budget exactly, each read-modify-write once");
    assertEquals(4000, measured(client.stats()));
    assertEquals(4000, allTagCount(task), "the ALL recorder holds each top-level operation once");
  }

  @Test
  void aReadModifyWritePutsTheRowItReadAfterTheReadCompleted() throws Exception {
    TaskRun task = task(Map.of("readproportion", "0", "updateproportion", "0", "readmodifywriteproportion", "1"), 300, Long.MAX_VALUE);
    FakeAsyncTable fake = new FakeAsyncTable(100_000, () -> false);
    AsyncClient client = client(task, run(ClientMode.ASYNC, 1, 0), fake);
    runToEnd(client);
    assertEquals(600, fake.calls.size());
    for (int i = 0; i < fake.calls.size(); i += 2) {
      String get = fake.calls.get(i);
      String put = fake.calls.get(i + 1);
      assertTrue(get.startsWith("get ") && put.startsWith("put "), get + ", " + put);
      assertEquals(get.split(" ")[1], put.split(" ")[1], "the same row");
    }
    assertEquals(1, fake.maxInFlight.get(), "the put waits for the get");
    long[][] outcomes = total(client.stats());
    assertEquals(300, outcomes[OperationType.READ.ordinal()][Outcome.OK.ordinal()]);
    assertEquals(300, outcomes[OperationType.UPDATE.ordinal()][Outcome.OK.ordinal()]);
    assertEquals(300, outcomes[OperationType.READ_MODIFY_WRITE.ordinal()][Outcome.OK.ordinal()]);
    assertEquals(300, allTagCount(task));
  }

  @Test
  void operationsCompletingOnTheIssuingThreadDoNotRecurse() throws Exception {
    // Completed futures run their completion on the issuing thread: 200,000 of them in one lane
    // would overflow the stack if each completion issued the next operation from inside itself.
    TaskRun task = task(READS, 200_000, Long.MAX_VALUE);
    AsyncClient client = client(task, run(ClientMode.ASYNC, 1, 0), new FakeAsyncTable(0, () -> false));
    runToEnd(client);
    assertNull(client.failure());
    assertEquals(200_000, measured(client.stats()));
  }

  @Test
  void anIoFailureIsACountedErrorAndAnythingElseEndsTheLane() throws Exception {
    TaskRun task = task(READS, 1000, Long.MAX_VALUE);
    AtomicLong calls = new AtomicLong();
    AsyncClient client = client(task, run(ClientMode.ASYNC, 4, 0),
        new FakeAsyncTable(100_000, () -> calls.incrementAndGet() % 10 == 0));
    runToEnd(client);
    assertNull(client.failure());
    long[][] outcomes = total(client.stats());
    assertEquals(1000, outcomes[OperationType.READ.ordinal()][Outcome.OK.ordinal()]
        + outcomes[OperationType.READ.ordinal()][Outcome.ERROR.ordinal()]);
    assertEquals(100, outcomes[OperationType.READ.ordinal()][Outcome.ERROR.ordinal()], "every tenth read failed");

    FakeAsyncTable broken = new FakeAsyncTable(100_000, () -> false);
    broken.failWith = new IllegalStateException("a bug, not an I/O failure");
    AsyncClient dying = client(task(READS, 1000, Long.MAX_VALUE), run(ClientMode.ASYNC, 4, 0), broken);
    runToEnd(dying);
    assertNotNull(dying.failure(), "a lane that died fails the task");
    assertTrue(dying.failure().getMessage().contains("a bug"), dying.failure().toString());
  }

  /**
   * 4 lanes at 400 ops/s in all: one operation every 10 ms per lane, 50 per lane. A lane issues its
   * k-th operation no sooner than k paces after the client's start (its first at a random phase
   * within one pace), so t after the start at most 4 x (floor(t / 10 ms) + 1) have been issued.
   * Counted at each issue, not timed: a slow machine only issues later, never ahead of the bound.
   */
  @Test
  void pacedLanesNeverIssueAheadOfTheTargetRate() throws Exception {
    TaskRun task = task(READS, 200, Long.MAX_VALUE);
    FakeAsyncTable fake = new FakeAsyncTable(1_000, () -> false);
    AsyncClient client = client(task, run(ClientMode.ASYNC, 4, 400), fake);
    long paceNanos = TimeUnit.MILLISECONDS.toNanos(10);
    long start = System.nanoTime();
    runToEnd(client);
    assertNull(client.failure());
    assertEquals(200, measured(client.stats()), "the budget, paced");
    List<Long> issued = new ArrayList<>(fake.issuedNanos);
    Collections.sort(issued);
    assertEquals(200, issued.size());
    for (int i = 0; i < issued.size(); i++) {
      long sinceStart = issued.get(i) - start;
      long allowed = 4 * (sinceStart / paceNanos + 1);
      assertTrue(i + 1 <= allowed, (i + 1) + " operations issued " + sinceStart / 1_000 + " us after the start: at"
          + " 400 ops/s at most " + allowed);
    }
  }

  @Test
  void stopWakesPacedLanesSleepingUntilTheirFirstOperation() throws Exception {
    // One operation every 10,000 s per lane: every lane sleeps until its first one, up to 10,000 s
    // away; a lane not woken by stop would still be asleep when stop gives up after 10 s.
    TaskRun slow = task(READS, 0, Long.MAX_VALUE);
    AsyncClient sleeping = client(slow, run(ClientMode.ASYNC, 4, 0.0004), new FakeAsyncTable(1_000, () -> false));
    sleeping.start();
    slow.stopped().set(true);
    sleeping.stop(10_000);
    assertTrue(sleeping.finished(), "stop woke the sleeping lanes");
    assertEquals(0, measured(sleeping.stats()), "a lane woken by stop issues nothing");
  }

  /**
   * With placement recorded: every operation of every tag is in exactly one server's tag, those
   * that did not fail also in exactly one region's, and a failed one in "unlocated"; for the lanes
   * with every tenth call failing, and for a client thread.
   */
  @Test
  void everyOperationIsInOneServersTagAndFailedOnesAreUnlocated() throws Exception {
    TaskRun task = task(EVERY_OPERATION, 4000, Long.MAX_VALUE, true);
    AtomicLong calls = new AtomicLong();
    AsyncClient client = client(task, run(ClientMode.ASYNC, 4, 0),
        new FakeAsyncTable(50_000, () -> calls.incrementAndGet() % 10 == 0), FOUR_REGIONS_ON_TWO_SERVERS);
    runToEnd(client);
    assertNull(client.failure());
    Map<String, Long> counts = placementLog(task);
    assertPlacementAddsUp(counts);
    assertTrue(counts.get("ALL@rs=unlocated") > 0, "failed operations are unlocated: " + counts);

    TaskRun reads = task(READS, 2000, Long.MAX_VALUE, true);
    AsyncClient failingReads = client(reads, run(ClientMode.ASYNC, 4, 0),
        new FakeAsyncTable(50_000, () -> calls.incrementAndGet() % 10 == 0), FOUR_REGIONS_ON_TWO_SERVERS);
    runToEnd(failingReads);
    long errors = total(failingReads.stats())[OperationType.READ.ordinal()][Outcome.ERROR.ordinal()];
    Map<String, Long> readCounts = placementLog(reads);
    assertPlacementAddsUp(readCounts);
    assertEquals(200, errors, "every tenth read failed");
    assertEquals(errors, readCounts.get("READ@rs=unlocated"), "exactly the failed reads are unlocated");

    TaskRun threadTask = task(EVERY_OPERATION, 2000, Long.MAX_VALUE, true);
    ClientThread thread = new ClientThread(threadTask, fakeTable(Collections.synchronizedList(new ArrayList<>())),
        FOUR_REGIONS_ON_TWO_SERVERS, WorkloadMapper.newSource(threadTask, run(ClientMode.SYNC, 1, 0), 0, 0));
    thread.run();
    assertNull(thread.failure());
    Map<String, Long> threadCounts = placementLog(threadTask);
    assertPlacementAddsUp(threadCounts);
    assertEquals(2000, threadCounts.get("ALL"));
    assertNull(threadCounts.get("ALL@rs=unlocated"), "nothing failed, nothing unlocated");
  }

  /** Row -> one of 4 regions (by the row's hash), regions 0 and 2 on host-0, 1 and 3 on host-1. */
  private static final RowLocator FOUR_REGIONS_ON_TWO_SERVERS = row -> {
    int region = Math.floorMod(java.util.Arrays.hashCode(row), 4);
    org.apache.hadoop.hbase.client.RegionInfo info = org.apache.hadoop.hbase.client.RegionInfoBuilder
        .newBuilder(org.apache.hadoop.hbase.TableName.valueOf("t")).setStartKey(new byte[] {(byte) region})
        .setEndKey(new byte[] {(byte) (region + 1)}).setRegionId(region).build();
    return new org.apache.hadoop.hbase.HRegionLocation(info,
        org.apache.hadoop.hbase.ServerName.valueOf("host-" + region % 2, 16020, 1));
  };

  /** Each tag's count in the task's interval and region histograms. */
  private static Map<String, Long> placementLog(TaskRun task) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    HistogramLogWriter writer = new HistogramLogWriter(new PrintStream(bytes));
    task.recorders().writeInterval(writer, 0, Long.MAX_VALUE);
    task.recorders().writeRegions(writer, 0, 1000);
    Map<String, Long> counts = new java.util.TreeMap<>();
    org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(
        new java.io.ByteArrayInputStream(bytes.toByteArray()));
    org.HdrHistogram.EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      counts.merge(h.getTag(), ((org.HdrHistogram.Histogram) h).getTotalCount(), Long::sum);
    }
    return counts;
  }

  /** Per tag: servers' counts add up to the tag's, regions' to the tag's minus the unlocated. */
  private static void assertPlacementAddsUp(Map<String, Long> counts) {
    int tags = 0;
    for (String tag : List.of("READ", "UPDATE", "INSERT", "SCAN", "READ_MODIFY_WRITE", "ALL")) {
      if (!counts.containsKey(tag)) {
        continue;
      }
      tags++;
      long servers = 0;
      long regions = 0;
      java.util.Set<String> named = new java.util.TreeSet<>();
      for (Map.Entry<String, Long> e : counts.entrySet()) {
        if (e.getKey().startsWith(tag + "@rs=")) {
          servers += e.getValue();
          named.add(e.getKey().substring(tag.length() + 4));
        } else if (e.getKey().startsWith(tag + "@region=")) {
          regions += e.getValue();
        }
      }
      assertEquals(counts.get(tag), servers, tag + " over its servers " + counts);
      assertEquals(counts.get(tag) - counts.getOrDefault(tag + "@rs=unlocated", 0L), regions,
          tag + " over its regions " + counts);
      assertTrue(named.containsAll(List.of("host-0:16020", "host-1:16020")), tag + " on both servers " + named);
    }
    assertTrue(tags >= 2, "the operations' tags and ALL: " + counts);
  }

  private AsyncClient client(TaskRun task, RunSpec run, FakeAsyncTable fake) {
    return client(task, run, fake, null);
  }

  private AsyncClient client(TaskRun task, RunSpec run, FakeAsyncTable fake, RowLocator locator) {
    List<OperationSource> sources = new ArrayList<>();
    for (int lane = 0; lane < run.inflight(); lane++) {
      sources.add(WorkloadMapper.newSource(task, run, 0, lane));
    }
    return new AsyncClient(task, fake.table(), locator, sources, run.targetOpsPerSecond() > 0, 0);
  }

  private static void runToEnd(AsyncClient client) throws Exception {
    client.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!client.finished() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertTrue(client.finished(), "the lanes ended");
    client.stop(10_000);
  }

  private static RunSpec run(ClientMode mode, int inflight, double target) {
    return new RunSpec(1, inflight, mode, inflight, 0, 0, target, 0.001, 1, 1, 1, 1, 600, DATASET.recordCount(), true);
  }

  /** A task of one client doing {@code operations} (0: until {@code endNanos}) of the mix. */
  private static TaskRun task(Map<String, String> mix, long operations, long endNanos) throws Exception {
    return task(mix, operations, endNanos, false);
  }

  private static TaskRun task(Map<String, String> mix, long operations, long endNanos, boolean perServer)
      throws Exception {
    Map<String, String> workload = new java.util.HashMap<>(mix);
    workload.put("operationcount", Long.toString(operations));
    WorkloadSpec spec = WorkloadSpec.parse(workload, DATASET.recordCount());
    return new TaskRun(spec, DATASET.keySpace(), RowCodec.of(DATASET), DATASET.familyBytes(),
        new OperationRecorders(spec, false, perServer), System.nanoTime(), endNanos, new AtomicBoolean());
  }

  private static long measured(List<ThreadStats> stats) {
    return stats.stream().mapToLong(s -> s.measured).sum();
  }

  private static long[][] total(List<ThreadStats> stats) {
    long[][] sum = new long[OperationType.values().length][Outcome.values().length];
    for (ThreadStats s : stats) {
      for (int op = 0; op < sum.length; op++) {
        for (int outcome = 0; outcome < sum[op].length; outcome++) {
          sum[op][outcome] += s.outcomes[op][outcome];
        }
      }
    }
    return sum;
  }

  private static long allTagCount(TaskRun task) {
    HistogramLogWriter writer = new HistogramLogWriter(new PrintStream(new ByteArrayOutputStream()));
    return task.recorders().writeInterval(writer, 0, Long.MAX_VALUE);
  }

  private static String describe(String kind, byte[] row, Map<byte[], ?> columns) {
    List<String> qualifiers = new ArrayList<>();
    columns.values().forEach(value -> {
      if (value instanceof java.util.NavigableSet<?> set) { // a Get's or a Scan's columns
        set.forEach(q -> qualifiers.add(Bytes.toString((byte[]) q)));
      } else if (value instanceof List<?> cells) { // a Put's
        cells.forEach(c -> qualifiers.add(Bytes.toString(((Cell) c).getQualifierArray(),
            ((Cell) c).getQualifierOffset(), ((Cell) c).getQualifierLength())));
      }
    });
    return kind + " " + Bytes.toString(row) + " " + qualifiers;
  }

  private static Result row(byte[] row) {
    return Result.create(List.of(new KeyValue(row, DATASET.familyBytes(), Bytes.toBytes("field0"), new byte[8])));
  }

  /** The blocking Table a ClientThread uses, recording its calls as {@link FakeAsyncTable} does. */
  private static Table fakeTable(List<String> calls) {
    return (Table) Proxy.newProxyInstance(Table.class.getClassLoader(), new Class<?>[] {Table.class},
        (proxy, method, args) -> switch (method.getName()) {
          case "get" -> {
            Get get = (Get) args[0];
            calls.add(describe("get", get.getRow(), get.getFamilyMap()));
            yield row(get.getRow());
          }
          case "put" -> {
            Put put = (Put) args[0];
            calls.add(describe("put", put.getRow(), put.getFamilyCellMap()));
            yield null;
          }
          case "getScanner" -> {
            Scan scan = (Scan) args[0];
            calls.add(describe("scan", scan.getStartRow(), scan.getFamilyMap()) + " limit " + scan.getLimit());
            AtomicInteger left = new AtomicInteger(scan.getLimit());
            yield Proxy.newProxyInstance(ResultScanner.class.getClassLoader(), new Class<?>[] {ResultScanner.class},
                (p, m, a) -> switch (m.getName()) {
                  case "next" -> left.getAndDecrement() > 0 ? row(scan.getStartRow()) : null;
                  case "close" -> null;
                  default -> throw new UnsupportedOperationException(m.getName());
                });
          }
          case "close" -> null;
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }

  /**
   * An AsyncTable that records every call, counts the calls in flight, and completes each future
   * after {@code delayNanos} on another thread (0: at once, on the calling thread), failing the
   * calls that {@code fails} picks with an IOException, or all with {@link #failWith} if set.
   */
  private final class FakeAsyncTable {
    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    /** When each call was made (nano time). */
    final List<Long> issuedNanos = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger maxInFlight = new AtomicInteger();
    final long delayNanos;
    final BooleanSupplier fails;
    volatile RuntimeException failWith;

    FakeAsyncTable(long delayNanos, BooleanSupplier fails) {
      this.delayNanos = delayNanos;
      this.fails = fails;
    }

    AsyncTable<?> table() {
      return (AsyncTable<?>) Proxy.newProxyInstance(AsyncTable.class.getClassLoader(),
          new Class<?>[] {AsyncTable.class}, (proxy, method, args) -> switch (method.getName()) {
            case "get" -> {
              Get get = (Get) args[0];
              String call = describe("get", get.getRow(), get.getFamilyMap());
              yield complete(call, () -> row(get.getRow()));
            }
            case "put" -> {
              Put put = (Put) args[0];
              yield complete(describe("put", put.getRow(), put.getFamilyCellMap()), () -> null);
            }
            case "scanAll" -> {
              Scan scan = (Scan) args[0];
              List<Result> rows = new ArrayList<>();
              for (int i = 0; i < scan.getLimit(); i++) {
                rows.add(row(scan.getStartRow()));
              }
              yield complete(describe("scan", scan.getStartRow(), scan.getFamilyMap()) + " limit " + scan.getLimit(),
                  () -> rows);
            }
            default -> throw new UnsupportedOperationException(method.getName());
          });
    }

    private <T> CompletableFuture<T> complete(String call, Supplier<T> value) {
      issuedNanos.add(System.nanoTime());
      calls.add(call);
      maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      CompletableFuture<T> future = new CompletableFuture<>();
      boolean fail = fails.getAsBoolean();
      Runnable completion = () -> {
        inFlight.decrementAndGet();
        if (failWith != null) {
          future.completeExceptionally(failWith);
        } else if (fail) {
          future.completeExceptionally(new IOException("injected failure"));
        } else {
          future.complete(value.get());
        }
      };
      if (delayNanos == 0) {
        completion.run();
      } else {
        completer.schedule(completion, delayNanos, TimeUnit.NANOSECONDS);
      }
      return future;
    }
  }
}
