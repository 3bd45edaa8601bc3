package org.hperf.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.hperf.core.run.ClusterMetricsLog.Metric;
import org.hperf.core.run.ClusterMetricsLog.Sample;
import org.junit.jupiter.api.Test;

/** The cluster metrics file is pinned by run/cluster-metrics.csv, byte for byte. */
class ClusterMetricsLogTest {

  private static byte[] sampleFile() throws IOException {
    try (InputStream in = ClusterMetricsLogTest.class.getResourceAsStream("/run/cluster-metrics.csv")) {
      return in.readAllBytes();
    }
  }

  @Test
  void readsTheSampleFileExactly() throws IOException {
    List<Sample> samples = ClusterMetricsLog.read(new ByteArrayInputStream(sampleFile()));
    assertEquals(2, samples.size());
    Sample first = samples.get(0);
    assertEquals(1764600000000L, first.timeMs());
    assertEquals("rs1.example.com:16020", first.server());
    assertTrue(first.get(Metric.REQUESTS_PER_SECOND).isEmpty(), "missing stays missing, not 0");
    assertEquals(0.0, first.get(Metric.RPC_QUEUE_CALLS).getAsDouble(), "a real 0 stays 0");
    assertEquals(0.25, first.get(Metric.RPC_QUEUE_TIME_MEAN_MS).getAsDouble());
    assertEquals(1048576.0, first.get(Metric.MEMSTORE_BYTES).getAsDouble());
    assertEquals(812.4, first.get(Metric.HEAP_USED_MB).getAsDouble());
    Sample second = samples.get(1);
    assertEquals(1523.5, second.get(Metric.REQUESTS_PER_SECOND).getAsDouble());
    assertEquals(1.0, second.get(Metric.HANDLER_SATURATION).getAsDouble());
    assertEquals(1500.0, second.get(Metric.COMPACTED_CELLS).getAsDouble());
    assertEquals(97.625, second.get(Metric.BLOCK_CACHE_HIT_PERCENT).getAsDouble());
    assertTrue(first.get(Metric.GC_EXTRA_SLEEP_MS).isEmpty());
    assertEquals(1.0, second.get(Metric.LONG_PAUSES).getAsDouble());
    assertEquals(1207350.25, second.get(Metric.PROCESS_CPU_MS).getAsDouble());
    assertEquals(45210.5, second.get(Metric.JIT_COMPILE_MS).getAsDouble());
    assertEquals(Metric.values().length - 2, first.values().size());
  }

  @Test
  void writesTheSampleFileByteForByte() throws IOException {
    List<Sample> samples = ClusterMetricsLog.read(new ByteArrayInputStream(sampleFile()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ClusterMetricsLog.Appender appender = new ClusterMetricsLog.Appender(out)) {
      for (Sample s : samples) {
        appender.append(s);
      }
    }
    assertEquals(new String(sampleFile(), StandardCharsets.UTF_8), out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void unknownColumnsAreIgnoredAndAbsentOnesAreMissing() throws IOException {
    String csv = "server,timeMs,futureMetric,gcCount\nrs:1,5,7,3\n";
    Sample s = ClusterMetricsLog.read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8))).get(0);
    assertEquals(Map.of(Metric.GC_COUNT, 3.0), s.values());
    assertEquals(5L, s.timeMs());
  }

  @Test
  void aMalformedRowNamesItsLine() {
    String csv = ClusterMetricsLog.header() + "\n1,rs:1,2\n";
    IOException e = assertThrows(IOException.class,
        () -> ClusterMetricsLog.read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8))));
    assertTrue(e.getMessage().contains("line 2"), e.getMessage());
  }

  @Test
  void infiniteOrNaNIsWrittenMissing() {
    Map<Metric, Double> values = new EnumMap<>(Metric.class);
    values.put(Metric.HANDLER_SATURATION, Double.NaN);
    values.put(Metric.GC_COUNT, 1e12);
    String row = ClusterMetricsLog.row(new Sample(1, "rs:1", values));
    assertTrue(row.contains(",missing,") && row.contains(",1000000000000,"), row);
  }
}
