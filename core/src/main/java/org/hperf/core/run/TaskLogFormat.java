package org.hperf.core.run;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hperf.core.ClientMode;
import org.hperf.core.OperationType;

/**
 * The one definition of a workload task's histogram log, used by the task that writes it and by
 * every reader (aggregate, its completeness check, tests). A log is an HdrHistogram interval log
 * (see {@link org.hperf.core.LatencyHistograms} for units and range) named
 * {@code client-<5-digit index>.hlog} in its run's directory, with:
 * <pre>
 * #[hperf workload=&lt;name&gt; run=&lt;i&gt; client=&lt;n&gt; of &lt;clients&gt; threads=&lt;t&gt; target=&lt;ops/s&gt;]
 *    (with the async client: ... of &lt;clients&gt; mode=async inflight=&lt;n&gt; target=...)
 * #[Histogram log format version 1.3] ... (HdrHistogram's header and legend)
 * Tag=READ,&lt;start&gt;,&lt;length&gt;,&lt;max&gt;,&lt;histogram&gt;      one line per tag and interval
 * ...
 * #[hperf window startMs=&lt;epoch ms&gt; endMs=&lt;epoch ms&gt;]   last line, written when the task closes the log
 * </pre>
 * Tags: one per operation ({@code READ}, {@code UPDATE}, ...; a read-modify-write's inner read
 * and update are in READ and UPDATE too, as YCSB counts them), {@link OperationType#ALL_TAG} for the top-level
 * operations (each operation the workload chose once, a read-modify-write as one), and each of
 * those plus {@link OperationType#INTENDED_SUFFIX} for latency from the intended start when a rate is set. A
 * log without the window line is truncated and must not be aggregated.
 */
public final class TaskLogFormat {
  public static final String SUFFIX = ".hlog";
  /** The top-level operations: what a throughput "of the workload" counts. */
  private static final String WINDOW_PREFIX = "[hperf window startMs=";
  private static final Pattern WINDOW = Pattern.compile("#\\[hperf window startMs=(\\d+) endMs=(\\d+)\\]\\s*$");
  private static final Pattern NAME = Pattern.compile("client-(\\d{5,})\\.hlog");

  private TaskLogFormat() {
  }

  /** The log file name of a run's client (map task) {@code client}. */
  public static String fileName(int client) {
    return String.format("client-%05d%s", client, SUFFIX);
  }

  /** True for a task log's file name (not the committer's markers or checksum files). */
  public static boolean isLogName(String fileName) {
    return NAME.matcher(fileName).matches();
  }

  /** The task name of a log file ("client-00003"). */
  public static String taskOf(String fileName) {
    return fileName.endsWith(SUFFIX) ? fileName.substring(0, fileName.length() - SUFFIX.length()) : fileName;
  }

  public static String intendedTag(String tag) {
    return tag + OperationType.INTENDED_SUFFIX;
  }

  /**
   * The header comment's text (HistogramLogWriter adds the leading '#'); {@code inflight} is the
   * sync client's threads or the async client's operations in flight.
   */
  public static String headerComment(String workload, int run, int client, int clients, ClientMode mode, int inflight,
      double target) {
    String concurrency = mode == ClientMode.SYNC ? "threads=" + inflight : "mode=async inflight=" + inflight;
    return "[hperf workload=" + workload + " run=" + run + " client=" + client + " of " + clients + " " + concurrency
        + " target=" + target + "]";
  }

  /** The closing comment's text: the task's measurement window, epoch milliseconds. */
  public static String windowComment(long startMs, long endMs) {
    return WINDOW_PREFIX + startMs + " endMs=" + endMs + "]";
  }

  /** True if a log's last bytes hold the closing window line. */
  public static boolean endsWithWindow(String tail) {
    return WINDOW.matcher(tail).find();
  }

  /** The window's start in a closing line, or empty if {@code line} is not one. */
  public static OptionalLong windowStart(String line) {
    Matcher m = WINDOW.matcher(line);
    return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
  }

  /** The window's end in a closing line, or empty if {@code line} is not one. */
  public static OptionalLong windowEnd(String line) {
    Matcher m = WINDOW.matcher(line);
    return m.find() ? OptionalLong.of(Long.parseLong(m.group(2))) : OptionalLong.empty();
  }
}
