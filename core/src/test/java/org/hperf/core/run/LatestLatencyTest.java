package org.hperf.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hperf.core.LatencyHistograms;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress line's latencies: the clients' newest periods merged as one population, checked
 * against the percentiles of every recorded value sorted (an oracle that shares nothing with
 * HdrHistogram), on two clients whose latencies differ a hundredfold, where an average of their own
 * percentiles, or one client alone, is far off.
 */
class LatestLatencyTest {
  private static final long PERIOD_SECONDS = 10;
  private static final long START_MS = 1_700_000_000_000L;

  @TempDir
  Path tmp;

  @Test
  void theNewestPeriodsOfAllClientsAreMergedExactly() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(tmp.toUri());
    SplittableRandom random = new SplittableRandom(7);
    List<Long> newest = new ArrayList<>();
    // Client 0: 9,000 operations about 100 us; client 1: 1,000 about 10 ms. Two periods of two intervals each.
    long[][] range = {{50, 150}, {5_000, 15_000}};
    int[] perInterval = {2_250, 250};
    for (int client = 0; client < 2; client++) {
      LatestLatency.Writer writer = new LatestLatency.Writer(fs, dir, client, 0, PERIOD_SECONDS, 5, START_MS);
      for (int interval = 1; interval <= 4; interval++) {
        Histogram h = LatencyHistograms.newHistogram();
        for (int i = 0; i < perInterval[client]; i++) {
          // The first period 20x slower: a line must show the newest period, not all of them.
          long micros = random.nextLong(range[client][0], range[client][1]) * (interval <= 2 ? 20 : 1);
          h.recordValue(micros);
          if (interval > 2) {
            newest.add(micros);
          }
        }
        writer.add(h, START_MS + interval * 5_000L);
      }
    }
    // Hadoop's local file system keeps a hidden checksum file beside each.
    List<String> files = Arrays.stream(new File(tmp.toUri()).list()).filter(name -> !name.startsWith(".")).sorted()
        .toList();
    assertEquals(List.of("client-00000-000-00000000", "client-00000-000-00000001", "client-00001-000-00000000",
        "client-00001-000-00000001"), files, "two files a client, its two newest periods");

    LatestLatency.Merged merged = LatestLatency.read(fs, dir).orElseThrow();
    Collections.sort(newest);
    assertEquals(newest.size(), merged.operations());
    assertEquals(2, merged.clients());
    assertEquals(PERIOD_SECONDS, merged.periodSeconds());
    assertWithinHistogramPrecision(nearestRank(newest, 50), merged.p50Micros());
    // The 99th of 10,000 falls in client 1's 10 ms: about 14,900 us; client 0's own p99 is about 150 us.
    assertWithinHistogramPrecision(nearestRank(newest, 99), merged.p99Micros());
    assertTrue(merged.p99Micros() > 10_000, "p99 " + merged.p99Micros());
  }

  @Test
  void nothingIsWrittenBeforeAPeriodsIntervalsEndOrWhenProgressIsOff() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(tmp.toUri());
    Histogram h = LatencyHistograms.newHistogram();
    h.recordValue(100);
    // Periods are counted in intervals, their ends being the clock's: one interval of two, however late.
    new LatestLatency.Writer(fs, dir, 0, 0, PERIOD_SECONDS, 5, START_MS).add(h, START_MS + 10_500);
    new LatestLatency.Writer(fs, dir, 1, 0, 0, 5, START_MS).add(h, START_MS + 60_000);
    assertEquals(Optional.empty(), LatestLatency.read(fs, dir));
    assertEquals(Optional.empty(), LatestLatency.read(fs, new org.apache.hadoop.fs.Path(dir, "gone")));
  }

  @Test
  void aPeriodIsItsIntervalsWhereverTheirEndsFallOnTheClock() throws IOException {
    // 3 s of 1 s intervals: the third interval's end a millisecond early (clocks jitter) still ends it.
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(tmp.toUri());
    LatestLatency.Writer writer = new LatestLatency.Writer(fs, dir, 0, 0, 3, 1, START_MS);
    Histogram h = LatencyHistograms.newHistogram();
    h.recordValue(100);
    writer.add(h, START_MS + 1_001);
    writer.add(h, START_MS + 2_001);
    assertEquals(Optional.empty(), LatestLatency.read(fs, dir));
    writer.add(h, START_MS + 2_999);
    LatestLatency.Merged merged = LatestLatency.read(fs, dir).orElseThrow();
    assertEquals(3, merged.operations());
    assertEquals(3, merged.periodSeconds());
  }

  @Test
  void aRetriedAttemptsPeriodsPassTheDeadOnesAndOnlyTheTwoNewestStay() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(tmp.toUri());
    // Attempt 0 dies after 5 periods of 1 ms latencies; attempt 1 then writes one of 9 ms.
    LatestLatency.Writer dead = new LatestLatency.Writer(fs, dir, 0, 0, 1, 1, START_MS);
    for (int period = 1; period <= 5; period++) {
      dead.add(histogramOf(1_000), START_MS + period * 1_000L);
    }
    new LatestLatency.Writer(fs, dir, 0, 1, 1, 1, START_MS + 60_000).add(histogramOf(9_000), START_MS + 61_000);
    assertEquals(List.of("client-00000-000-00000003", "client-00000-000-00000004", "client-00000-001-00000000"),
        names(), "the dead attempt's two newest, the retry's one");
    assertEquals(9_000, LatestLatency.read(fs, dir).orElseThrow().p50Micros(), 9, "the retry's period");
  }

  @Test
  void aNewestFileReplacedAfterTheListingGivesWayToTheOneBeforeIt() throws IOException {
    FileSystem local = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(tmp.toUri());
    LatestLatency.Writer writer = new LatestLatency.Writer(local, dir, 0, 0, 1, 1, START_MS);
    writer.add(histogramOf(1_000), START_MS + 1_000);
    writer.add(histogramOf(2_000), START_MS + 2_000);
    // Listed, then gone when opened: as when its client writes the next period in between.
    FileSystem racing = new org.apache.hadoop.fs.FilterFileSystem(local) {
      @Override
      public org.apache.hadoop.fs.FSDataInputStream open(org.apache.hadoop.fs.Path f, int bufferSize)
          throws IOException {
        if (f.getName().endsWith("-00000001")) {
          throw new java.io.FileNotFoundException(f.toString());
        }
        return super.open(f, bufferSize);
      }
    };
    LatestLatency.Merged merged = LatestLatency.read(racing, dir).orElseThrow();
    assertEquals(1, merged.clients(), "the client is not left out");
    assertEquals(1_000, merged.p50Micros(), 1);
  }

  private static Histogram histogramOf(long micros) {
    Histogram h = LatencyHistograms.newHistogram();
    h.recordValue(micros);
    return h;
  }

  private List<String> names() {
    return Arrays.stream(new File(tmp.toUri()).list()).filter(name -> !name.startsWith(".")).sorted().toList();
  }

  @Test
  void latenciesInMicrosecondsBelowAMillisecondElseInMilliseconds() {
    assertEquals("last 10 s: p50 850 us, p99 12.3 ms", new LatestLatency.Merged(1, 850, 12_345, 1, 10).text());
    assertEquals("1.00 ms", LatestLatency.Merged.latency(1_000));
    assertEquals("250 ms", LatestLatency.Merged.latency(250_400));
  }

  /** The value at {@code percentile} as HdrHistogram defines it: the smallest with that share at or below it. */
  private static long nearestRank(List<Long> sorted, double percentile) {
    int rank = (int) Math.ceil(percentile / 100 * sorted.size());
    return sorted.get(Math.max(0, rank - 1));
  }

  /** 3 significant digits: a value is reported as the top of its bucket, within 0.1%. */
  private static void assertWithinHistogramPrecision(long exact, long reported) {
    assertTrue(reported >= exact && reported <= exact + Math.max(1, exact / 1000),
        "exact " + exact + ", reported " + reported);
  }
}
