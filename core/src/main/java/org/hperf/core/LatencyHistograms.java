package org.hperf.core;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The one definition of how latencies are recorded, shared by the workload tasks that write the
 * logs and the analyzers that read them: microseconds, 1 us to 1 hour, 3 significant digits.
 */
public final class LatencyHistograms {
  public static final long LOWEST_MICROS = 1;
  public static final long HIGHEST_MICROS = 3_600_000_000L;
  public static final int SIGNIFICANT_DIGITS = 3;

  private LatencyHistograms() {
  }

  public static Recorder newRecorder() {
    return new Recorder(LOWEST_MICROS, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
  }

  public static Histogram newHistogram() {
    return new Histogram(LOWEST_MICROS, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
  }

  /** Clamps a latency into the trackable range, so a pathological 2-hour stall still counts. */
  public static long clampMicros(long micros) {
    return Math.max(LOWEST_MICROS, Math.min(HIGHEST_MICROS, micros));
  }
}
