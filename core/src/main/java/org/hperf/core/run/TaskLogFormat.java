package org.hperf.core.run;

import java.util.Locale;
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
 * #[hperf jvm startMs=&lt;ms&gt; endMs=&lt;ms&gt; gcCount=&lt;n&gt; gcTimeMs=&lt;ms&gt; cpuMs=&lt;ms&gt; sharedJvm=&lt;true|false&gt;]
 *                                          after each interval's histograms: the task JVM in that interval
 * #[hperf window startMs=&lt;epoch ms&gt; endMs=&lt;epoch ms&gt;]   last line, written when the task closes the log
 * </pre>
 * A jvm line ({@link JvmInterval}) is what the task's own JVM did over the interval it follows: the
 * garbage collections that ended in it (count and time, all collectors, from the
 * GarbageCollectorMXBeans) and the process CPU time (all threads; -1 where the JVM cannot tell).
 * {@code sharedJvm=true} when the task shares its JVM (the LocalJobRunner, where the driver and an
 * embedded cluster may run too): its figures are then not the client's alone. Being comments, jvm
 * lines leave the log readable by HdrHistogram's own tools.
 * Tags: one per operation ({@code READ}, {@code UPDATE}, ...; a read-modify-write's inner read
 * and update are in READ and UPDATE too, as YCSB counts them), {@link OperationType#ALL_TAG} for the top-level
 * operations (each operation the workload chose once, a read-modify-write as one), and each of
 * those plus {@link OperationType#INTENDED_SUFFIX} for latency from the intended start when a rate is set. A
 * log without the window line is truncated and must not be aggregated.
 *
 * <p>Where each operation was served (written unless the run had {@code --per-server off}): every
 * interval, beside the tags above, {@code <tag>@rs=<host>:<port>} for each region server and each
 * operation tag and {@code ALL} (no intended-time tags), with {@code @rs=unlocated} for operations
 * that failed (a failed operation is not looked up: its location may be gone from the cache);
 * every operation is in exactly one server's tag, so a tag's server histograms add up to the tag's.
 * Once, just before the window line and spanning the window,
 * {@code <tag>@region=<encoded name>:<start key hex>:<end key hex>} for each region that served an
 * operation that did not fail (keys in lowercase hex, two digits a byte, empty for the table's
 * first start and last end); these are whole-run histograms, not intervals. A scan is placed by
 * its start row.
 */
public final class TaskLogFormat {
  public static final String SUFFIX = ".hlog";
  /** The top-level operations: what a throughput "of the workload" counts. */
  private static final String WINDOW_PREFIX = "[hperf window startMs=";
  private static final Pattern WINDOW = Pattern.compile("#\\[hperf window startMs=(\\d+) endMs=(\\d+)\\]\\s*$");
  private static final Pattern JVM = Pattern.compile("#\\[hperf jvm startMs=(\\d+) endMs=(\\d+) gcCount=(\\d+)"
      + " gcTimeMs=(\\d+) cpuMs=(-?\\d+) sharedJvm=(true|false)\\]\\s*");
  private static final Pattern NAME = Pattern.compile("client-(\\d{5,})\\.hlog");

  /** What a server tag adds to an operation tag: {@code READ@rs=host:16020}. */
  public static final String SERVER_MARK = "@rs=";
  /** What a region tag adds to an operation tag: {@code READ@region=<encoded>:<start hex>:<end hex>}. */
  public static final String REGION_MARK = "@region=";
  /** The server of operations that failed, which are not looked up. */
  public static final String UNLOCATED = "unlocated";

  private TaskLogFormat() {
  }

  /** One server's share of an operation tag. */
  public record ServerTag(String tag, String server) {
  }

  /** One region's share of an operation tag over the whole run; keys as the table holds them. */
  public record RegionTag(String tag, String encodedName, byte[] startKey, byte[] endKey) {
    /** The start key in lowercase hex: its order is the keys' (unsigned bytes) order. */
    public String startKeyHex() {
      return hex(startKey);
    }
  }

  /** The tag of {@code tag}'s operations served by {@code server} ("host:port", or {@link #UNLOCATED}). */
  public static String serverTag(String tag, String server) {
    return tag + SERVER_MARK + server;
  }

  public static String regionTag(String tag, String encodedName, byte[] startKey, byte[] endKey) {
    return tag + REGION_MARK + encodedName + ":" + hex(startKey) + ":" + hex(endKey);
  }

  /** True for a server or region tag: not an operation's own figures. */
  public static boolean isPlacementTag(String tag) {
    return tag.contains(SERVER_MARK) || tag.contains(REGION_MARK);
  }

  /** The server tag's parts, or null if {@code tag} is not one. */
  public static ServerTag parseServerTag(String tag) {
    int mark = tag.indexOf(SERVER_MARK);
    return mark < 0 ? null : new ServerTag(tag.substring(0, mark), tag.substring(mark + SERVER_MARK.length()));
  }

  /** The region tag's parts, or null if {@code tag} is not one. */
  public static RegionTag parseRegionTag(String tag) {
    int mark = tag.indexOf(REGION_MARK);
    if (mark < 0) {
      return null;
    }
    String[] f = tag.substring(mark + REGION_MARK.length()).split(":", -1);
    if (f.length != 3) {
      throw new IllegalArgumentException("not a region tag (<tag>@region=<name>:<start>:<end>): " + tag);
    }
    return new RegionTag(tag.substring(0, mark), f[0], unhex(f[1]), unhex(f[2]));
  }

  static String hex(byte[] bytes) {
    StringBuilder s = new StringBuilder(bytes.length * 2);
    for (byte b : bytes) {
      s.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
    }
    return s.toString();
  }

  static byte[] unhex(String hex) {
    if (hex.length() % 2 != 0) {
      throw new IllegalArgumentException("odd hex key: " + hex);
    }
    byte[] bytes = new byte[hex.length() / 2];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) Integer.parseInt(hex, 2 * i, 2 * i + 2, 16);
    }
    return bytes;
  }

  /** A row key as people read it: printable ASCII as is, other bytes as \xNN (HBase's toStringBinary). */
  public static String printableKey(byte[] key) {
    StringBuilder s = new StringBuilder();
    for (byte b : key) {
      int c = b & 0xff;
      if (c >= ' ' && c <= '~' && c != '\\') {
        s.append((char) c);
      } else {
        s.append(String.format(Locale.ROOT, "\\x%02X", c));
      }
    }
    return s.toString();
  }

  /** The log file name of a run's client (map task) {@code client}. */
  public static String fileName(int client) {
    return String.format(Locale.ROOT, "client-%05d%s", client, SUFFIX);
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

  /** The task JVM over one interval (see the class comment); {@code cpuMs} -1 when not measurable. */
  public record JvmInterval(long startMs, long endMs, long gcCount, long gcTimeMs, long cpuMs, boolean sharedJvm) {
    /** The comment's text (HistogramLogWriter adds the leading '#'). */
    public String comment() {
      return "[hperf jvm startMs=" + startMs + " endMs=" + endMs + " gcCount=" + gcCount + " gcTimeMs=" + gcTimeMs
          + " cpuMs=" + cpuMs + " sharedJvm=" + sharedJvm + "]";
    }

    /** The jvm line's figures, or null if {@code line} is not one. */
    public static JvmInterval parse(String line) {
      Matcher m = JVM.matcher(line);
      if (!m.matches()) {
        return null;
      }
      return new JvmInterval(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
          Long.parseLong(m.group(4)), Long.parseLong(m.group(5)), Boolean.parseBoolean(m.group(6)));
    }
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
