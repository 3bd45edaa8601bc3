package org.hperf.analyzers;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** The figures one merged histogram yields, in microseconds. */
record LatencySummary(long operations, double meanMicros, long p50, long p90, long p95, long p99, long p999,
    long p9999, long maxMicros) {

  static LatencySummary of(Histogram h) {
    return new LatencySummary(h.getTotalCount(), h.getTotalCount() == 0 ? 0 : h.getMean(),
        h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(95),
        h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getValueAtPercentile(99.99), h.getMaxValue());
  }

  Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("operations", operations);
    m.put("meanMicros", meanMicros);
    m.put("p50Micros", p50);
    m.put("p90Micros", p90);
    m.put("p95Micros", p95);
    m.put("p99Micros", p99);
    m.put("p999Micros", p999);
    m.put("p9999Micros", p9999);
    m.put("maxMicros", maxMicros);
    return m;
  }

  static String csvHeader() {
    return "operations,mean_us,p50_us,p90_us,p95_us,p99_us,p99.9_us,p99.99_us,max_us";
  }

  /** Reads what {@link #csv} wrote, starting at column {@code first} of a split line. */
  static LatencySummary fromCsv(String[] f, int first) {
    return new LatencySummary(Long.parseLong(f[first]), Double.parseDouble(f[first + 1]),
        Long.parseLong(f[first + 2]), Long.parseLong(f[first + 3]), Long.parseLong(f[first + 4]),
        Long.parseLong(f[first + 5]), Long.parseLong(f[first + 6]), Long.parseLong(f[first + 7]),
        Long.parseLong(f[first + 8]));
  }

  String csv() {
    return String.format(java.util.Locale.ROOT, "%d,%.1f,%d,%d,%d,%d,%d,%d,%d", operations, meanMicros, p50, p90, p95,
        p99, p999, p9999, maxMicros);
  }
}
