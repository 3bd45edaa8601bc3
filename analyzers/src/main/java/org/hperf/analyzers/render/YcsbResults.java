package org.hperf.analyzers.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.hperf.analyzers.merge.RunResult;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.OperationType;
import org.hperf.core.UsageException;
import org.hperf.core.run.RunRecord;

/**
 * What {@code hperf aggregate --format ycsb} prints: all runs merged, as YCSB's own result lines
 * (its TextMeasurementsExporter with the default {@code hdrhistogram} measurements), so that
 * parsers and dashboards built for YCSB's output read hperf's results:
 * <pre>
 * [OVERALL], RunTime(ms), &lt;the runs' common windows added up&gt;
 * [OVERALL], Throughput(ops/sec), &lt;ALL's operations inside those windows per second of them&gt;
 * [READ], Operations, &lt;n&gt;                    then UPDATE, INSERT, SCAN, READ-MODIFY-WRITE
 * [READ], AverageLatency(us), &lt;mean, as Java prints a double&gt;
 * [READ], MinLatency(us), &lt;n&gt;
 * [READ], MaxLatency(us), &lt;n&gt;
 * [READ], 95thPercentileLatency(us), &lt;n&gt;      one line per hdrhistogram.percentiles (default 95,99)
 * [READ], Return=OK, &lt;n&gt;                     NOT_FOUND, ERROR: each outcome counted, from the record
 * [Intended-READ], Operations, &lt;n&gt;           latency from the intended start, when a rate was set
 * </pre>
 * Figures come from the same merged histograms as the summary's; an operation's line set is
 * printed only if it was performed. Return lines need every run's counters in the record (a record
 * of older hperf has none: then there are none). A 1-sample-per-value histogram of YCSB's
 * {@code new Recorder(3)} gives the same figures, both having 3 significant digits from 1 us.
 */
public final class YcsbResults {
  /** YCSB's property for the percentiles printed (OneMeasurementHdrHistogram.PERCENTILES_PROPERTY). */
  public static final String PERCENTILES = "hdrhistogram.percentiles";
  public static final String DEFAULT_PERCENTILES = "95,99";
  private static final String INTENDED_PREFIX = "Intended-";

  private YcsbResults() {
  }

  /**
   * Refuses a {@code -D hdrhistogram.percentiles} that {@link #percentiles} would: for a command that
   * prints these lines after its runs ({@code hperf run --format ycsb}), before it runs them.
   */
  public static void checkPercentiles(Configuration conf) throws UsageException {
    percentiles(conf.get(PERCENTILES, DEFAULT_PERCENTILES));
  }

  /** The percentiles of {@code -D hdrhistogram.percentiles=50,95,99.9}, in the order given. */
  public static List<Double> percentiles(String value) throws UsageException {
    List<Double> percentiles = new ArrayList<>();
    for (String item : value.split(",")) {
      double p;
      try {
        p = Double.parseDouble(item.strip());
      } catch (NumberFormatException e) {
        p = Double.NaN;
      }
      if (!(p > 0 && p <= 100)) {
        throw new UsageException("-D " + PERCENTILES + "=" + value + ": give percentiles above 0 and at most 100,"
            + " separated by commas (e.g. 50,95,99,99.9)");
      }
      percentiles.add(p);
    }
    return percentiles;
  }

  /**
   * The lines for {@code runs} (run directory name to figures), each ending in a newline; a run
   * without the ALL tag (logs of an hperf before it recorded ALL) is refused: the throughput of
   * the top-level operations cannot be told from the operations' tags.
   */
  public static String lines(Map<String, RunResult> runs, RunRecord record, List<Double> percentiles)
      throws UsageException {
    StringBuilder out = new StringBuilder();
    long runTimeMs = 0;
    double windowOperations = 0;
    for (RunResult run : runs.values()) {
      if (!run.totals.containsKey(OperationType.ALL_TAG)) {
        throw new UsageException(run.run + "'s task logs have no " + OperationType.ALL_TAG + " tag (written by an"
            + " older hperf): YCSB's throughput is of the top-level operations, which only that tag counts");
      }
      long[] window = run.commonWindow();
      long lengthMs = Math.max(0, window[1] - window[0]);
      runTimeMs += lengthMs;
      windowOperations += run.throughput(OperationType.ALL_TAG) * lengthMs / 1000.0;
    }
    line(out, "OVERALL", "RunTime(ms)", Long.toString(runTimeMs));
    double throughput = runTimeMs == 0 ? 0 : windowOperations * 1000 / runTimeMs;
    line(out, "OVERALL", "Throughput(ops/sec)", Double.toString(throughput));
    for (OperationType op : OperationType.values()) {
      operation(out, name(op), merged(runs, op.tag()), percentiles, returns(runs, record, op));
    }
    for (OperationType op : OperationType.values()) {
      operation(out, INTENDED_PREFIX + name(op), merged(runs, op.intendedTag()), percentiles, Map.of());
    }
    return out.toString();
  }

  /** YCSB's name of an operation: READ_MODIFY_WRITE is its READ-MODIFY-WRITE. */
  static String name(OperationType op) {
    return op.name().replace('_', '-');
  }

  /** As OneMeasurementHdrHistogram.exportMeasurements, status counts after the percentiles. */
  private static void operation(StringBuilder out, String section, Histogram h, List<Double> percentiles,
      Map<String, Long> returns) {
    if (h.getTotalCount() == 0) {
      return;
    }
    line(out, section, "Operations", Long.toString(h.getTotalCount()));
    line(out, section, "AverageLatency(us)", Double.toString(h.getMean()));
    line(out, section, "MinLatency(us)", Long.toString(h.getMinValue()));
    line(out, section, "MaxLatency(us)", Long.toString(h.getMaxValue()));
    for (double p : percentiles) {
      line(out, section, ordinal(p) + "PercentileLatency(us)", Long.toString(h.getValueAtPercentile(p)));
    }
    returns.forEach((outcome, count) -> line(out, section, "Return=" + outcome, Long.toString(count)));
  }

  /** As YCSB's OneMeasurementHdrHistogram.ordinal: 95 is "95th", 1 "1st", 12 "12th", 99.9 "99.9". */
  public static String ordinal(double percentile) {
    if (percentile % 1 != 0) {
      return Double.toString(percentile);
    }
    int whole = (int) percentile;
    String[] suffixes = {"th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"};
    int lastTwo = whole % 100;
    return whole + (lastTwo >= 11 && lastTwo <= 13 ? "th" : suffixes[whole % 10]);
  }

  private static Histogram merged(Map<String, RunResult> runs, String tag) {
    Histogram merged = LatencyHistograms.newHistogram();
    for (RunResult run : runs.values()) {
      Histogram h = run.totals.get(tag);
      if (h != null) {
        merged.add(h);
      }
    }
    return merged;
  }

  /**
   * The operation's outcomes counted over the runs, those that occurred (YCSB prints only the
   * statuses it saw); none unless the record holds every run's counters.
   */
  private static Map<String, Long> returns(Map<String, RunResult> runs, RunRecord record, OperationType op) {
    Map<String, Long> counts = new java.util.LinkedHashMap<>();
    for (String run : runs.keySet()) {
      RunRecord.Outcome outcome = record.outcomes().get(org.hperf.core.run.RunDirectory.runIndex(run));
      if (outcome == null || outcome.counters().isEmpty()) {
        return Map.of();
      }
      for (String name : RunRecord.OUTCOMES) {
        counts.merge(name, outcome.counter(RunRecord.outcomeCounter(op, name)), Long::sum);
      }
    }
    counts.values().removeIf(count -> count == 0);
    return counts;
  }

  private static void line(StringBuilder out, String section, String metric, String value) {
    out.append('[').append(section).append("], ").append(metric).append(", ").append(value).append('\n');
  }
}
