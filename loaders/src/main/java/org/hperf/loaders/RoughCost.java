package org.hperf.loaders;

import java.util.Locale;

/**
 * Rough CPU time of the load's and verify's map tasks, for the preflight, from the rates measured
 * on a 2-core machine and extrapolated in docs/benchmarks.md ("A capacity estimate"): a bulk load
 * spends ~6.6 us generating and writing a record, a verify ~4.5 us scanning and checking one, and
 * every task of either walks each record number of its slice, ~16 ns a number, to find its regions'
 * keys (records x task groups numbers in a bulk load, records x regions in a verify). Not a cluster
 * measurement: the job's wall time is this spread over the task slots it gets, or the disks' time
 * to write its bytes, whichever is longer. No rate was measured for a put load.
 */
public final class RoughCost {
  static final double BULK_WRITE_MICROS_PER_RECORD = 6.6;
  static final double VERIFY_CHECK_MICROS_PER_RECORD = 4.5;
  static final double WALK_MICROS_PER_RECORD_NUMBER = 0.016;

  private RoughCost() {
  }

  /** CPU seconds of a bulk load's map tasks: writing every record, each task group walking all of them. */
  public static double bulkLoadCpuSeconds(long records, int taskGroups) {
    return records * (BULK_WRITE_MICROS_PER_RECORD + taskGroups * WALK_MICROS_PER_RECORD_NUMBER) / 1e6;
  }

  /** CPU seconds of a verify's map tasks, one a region, each walking every record number. */
  public static double verifyCpuSeconds(long records, int regions) {
    return records * (VERIFY_CHECK_MICROS_PER_RECORD + regions * WALK_MICROS_PER_RECORD_NUMBER) / 1e6;
  }

  /** "~2.9 CPU-hours", "~14 CPU-minutes", "~3 CPU-seconds", "~1 CPU-second" (never less). */
  public static String cpuTime(double seconds) {
    if (seconds >= 3600) {
      double hours = seconds / 3600;
      return hours >= 9.95 ? "~" + plural(Math.round(hours), "CPU-hour")
          : String.format(Locale.ROOT, "~%.1f CPU-hours", hours);
    }
    return seconds >= 60 ? "~" + plural(Math.round(seconds / 60), "CPU-minute")
        : "~" + plural(Math.max(1, Math.round(seconds)), "CPU-second");
  }

  private static String plural(long count, String unit) {
    return String.format(Locale.ROOT, "%,d %s%s", count, unit, count == 1 ? "" : "s");
  }

  /** Where the rates come from and what the figure leaves out, for the plan's time line. */
  public static String caveat() {
    return "rough, from docs/benchmarks.md's rates; spread over the task slots, longer if the disks are slower";
  }
}
