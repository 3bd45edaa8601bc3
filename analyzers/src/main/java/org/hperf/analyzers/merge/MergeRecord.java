package org.hperf.analyzers.merge;

import java.util.Locale;
import org.apache.hadoop.io.Text;

/**
 * The aggregate job's keys, written by {@link LogMergeMapper} and read by {@link HistogramCombiner}
 * and {@link RunMergeReducer}: one class, so the three agree. A key is
 * {@code <run>\t<kind ordinal>\t<12-digit interval index>\t<tag>}, so that the reducer of a run
 * sees, in this order, every task's window (to know the run's common window), the tasks'
 * per-interval counts (for throughput), the interval histograms in time order (streamed into the
 * merged log) and the whole-run histograms. Values: a window is {@code <task>\t<startMs>\t<endMs>},
 * a count {@code <startMs>\t<endMs>\t<operations>}, a histogram {@link HistogramCodec}'s text.
 */
public final class MergeRecord {
  enum Kind { WINDOW, COUNT, INTERVAL, TOTAL }

  final String run;
  final Kind kind;
  final long index;
  final String tag;

  private MergeRecord(String run, Kind kind, long index, String tag) {
    this.run = run;
    this.kind = kind;
    this.index = index;
    this.tag = tag;
  }

  static Text window(String run) {
    return key(run, Kind.WINDOW, 0, "");
  }

  static Text count(String run, String tag) {
    return key(run, Kind.COUNT, 0, tag);
  }

  static Text interval(String run, long index, String tag) {
    return key(run, Kind.INTERVAL, index, tag);
  }

  static Text total(String run, String tag) {
    return key(run, Kind.TOTAL, 0, tag);
  }

  static Text windowValue(String task, long startMs, long endMs) {
    return new Text(task + "\t" + startMs + "\t" + endMs);
  }

  static Text countValue(long startMs, long endMs, long operations) {
    return new Text(startMs + "\t" + endMs + "\t" + operations);
  }

  /** A window value's task, start and end. */
  static String[] windowFields(Text value) {
    return value.toString().split("\t");
  }

  /** A count value's start, end and operations. */
  static long[] countFields(Text value) {
    String[] f = value.toString().split("\t");
    return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])};
  }

  static MergeRecord parse(Text key) {
    String[] f = key.toString().split("\t", 4);
    return new MergeRecord(f[0], Kind.values()[Integer.parseInt(f[1])], Long.parseLong(f[2]), f[3]);
  }

  /** The run a key belongs to, for the partitioner. */
  public static String runOf(Text key) {
    String s = key.toString();
    return s.substring(0, s.indexOf('\t'));
  }

  boolean isHistogram() {
    return kind == Kind.INTERVAL || kind == Kind.TOTAL;
  }

  private static Text key(String run, Kind kind, long index, String tag) {
    return new Text(run + "\t" + kind.ordinal() + "\t" + String.format(Locale.ROOT, "%012d", index) + "\t" + tag);
  }
}
