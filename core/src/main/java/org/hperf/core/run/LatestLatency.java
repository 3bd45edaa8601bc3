package org.hperf.core.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.LatencyHistograms;

/**
 * The clients' latest latencies while a run is measured, for the driver's progress line, as YCSB's
 * status line gives them: every progress period each client writes the histogram of its top-level
 * operations over that period into the job's latency directory ({@link RunDirectory#latestLatency});
 * the driver merges every client's newest one exactly (histograms added, never percentiles averaged)
 * and shows its p50 and p99. A courtesy like the rest of the line: a file that cannot be written or
 * read is skipped, never a failure of the run; the task logs stay the record.
 */
public final class LatestLatency {
  private static final String PREFIX = "client-";
  /** {@code client-00003}: a file's client, before its attempt and period. */
  private static final int CLIENT_KEY_LENGTH = PREFIX.length() + 5;
  /** A file being written: renamed to its name once complete, so the driver never reads half of one. */
  private static final String WRITING = "_writing-";

  private LatestLatency() {
  }

  /** What the driver shows: the percentiles of the clients' newest periods merged. */
  public record Merged(long operations, long p50Micros, long p99Micros, int clients, long periodSeconds) {
    /** For the progress line: {@code last 10 s: p50 1.23 ms, p99 8.4 ms}. */
    public String text() {
      return String.format(Locale.ROOT, "last %d s: p50 %s, p99 %s", periodSeconds, latency(p50Micros),
          latency(p99Micros));
    }

    /** Microseconds below 1 ms, else milliseconds with three significant digits at most. */
    static String latency(long micros) {
      if (micros < 1000) {
        return micros + " us";
      }
      double ms = micros / 1000.0;
      return String.format(Locale.ROOT, ms < 10 ? "%.2f ms" : ms < 100 ? "%.1f ms" : "%.0f ms", ms);
    }
  }

  /**
   * One client's side: adds each interval's histogram, and once a period is over writes the
   * period's histogram under a new name, {@code client-<client>-<attempt>-<period>}, and removes
   * the one before the previous: the driver lists, then reads, so the newest may be gone by then
   * and the one before it must still be there. A retried attempt's names sort after its dead
   * predecessor's, whose last period would otherwise pass for the client's newest.
   */
  public static final class Writer {
    private final FileSystem fs;
    private final Path dir;
    private final int client;
    private final int attempt;
    /** A period is this many of the task's intervals: counted, as their ends on the clock jitter. */
    private final long intervalsPerPeriod;
    private final Histogram period = LatencyHistograms.newHistogram();
    private long intervalsInPeriod;
    private long periodStartMs;
    private int written;
    /** The files written last and the one before it, newest first; null until written. */
    private Path newest;
    private Path beforeNewest;

    /**
     * Periods of {@code periodSeconds} (at least one interval of {@code intervalSeconds}) from
     * {@code startMs}, for the task attempt numbered {@code attempt} (0, then 1 for a retry...);
     * {@code periodSeconds} 0: writes nothing (progress lines are off).
     */
    public Writer(FileSystem fs, Path dir, int client, int attempt, long periodSeconds, long intervalSeconds,
        long startMs) {
      this.fs = fs;
      this.dir = dir;
      this.client = client;
      this.attempt = attempt;
      this.intervalsPerPeriod = periodSeconds <= 0 ? 0 : Math.max(1, -Math.floorDiv(-periodSeconds, intervalSeconds));
      this.periodStartMs = startMs;
    }

    /** Adds an interval's histogram that ended at {@code endMs}; writes the period if it is over. */
    public void add(Histogram interval, long endMs) {
      if (intervalsPerPeriod == 0) {
        return;
      }
      period.add(interval);
      if (++intervalsInPeriod < intervalsPerPeriod) {
        return;
      }
      write(endMs);
      period.reset();
      intervalsInPeriod = 0;
      periodStartMs = endMs;
    }

    private void write(long endMs) {
      String name = String.format(Locale.ROOT, "%s%05d-%03d-%08d", PREFIX, client, attempt, written++);
      Path writing = new Path(dir, WRITING + name);
      Path done = new Path(dir, name);
      try {
        // Not recursive: once the driver has removed the directory (the job over), nothing recreates it.
        try (FSDataOutputStream out = fs.createNonRecursive(writing, true, 4096, fs.getDefaultReplication(writing),
            fs.getDefaultBlockSize(writing), null)) {
          out.write((periodStartMs + " " + endMs + " " + encode(period) + "\n").getBytes(StandardCharsets.US_ASCII));
        }
        if (!fs.rename(writing, done)) {
          fs.delete(writing, false);
          return;
        }
        if (beforeNewest != null) {
          fs.delete(beforeNewest, false);
        }
        beforeNewest = newest;
        newest = done;
      } catch (IOException e) {
        // The progress line goes without this client's latency for a period; the run is unaffected.
      }
    }
  }

  /**
   * Every client's newest period merged, or empty while no client has finished a period (or the
   * directory is gone). Each client's newest: periods run on each client's clock from the common
   * start, so at most one period apart (but for a retried attempt's, which starts late).
   */
  public static Optional<Merged> read(FileSystem fs, Path dir) {
    FileStatus[] files;
    try {
      files = fs.listStatus(dir);
    } catch (IOException e) {
      return Optional.empty();
    }
    // Each client's files, newest first: the names sort by attempt, then period.
    Map<String, List<Path>> byClient = new TreeMap<>();
    for (FileStatus file : files) {
      String name = file.getPath().getName();
      if (name.startsWith(PREFIX) && name.length() > CLIENT_KEY_LENGTH) {
        byClient.computeIfAbsent(name.substring(0, CLIENT_KEY_LENGTH), c -> new ArrayList<>()).add(file.getPath());
      }
    }
    Histogram merged = LatencyHistograms.newHistogram();
    int clients = 0;
    long periodMs = 0;
    for (List<Path> ofClient : byClient.values()) {
      ofClient.sort(Comparator.comparing(Path::getName).reversed());
      // The newest, or if its writer replaced it since the listing, the one before it.
      for (Path file : ofClient) {
        Optional<Period> period = readPeriod(fs, file);
        if (period.isPresent()) {
          merged.add(period.get().histogram());
          periodMs = Math.max(periodMs, period.get().millis());
          clients++;
          break;
        }
      }
    }
    if (clients == 0 || merged.getTotalCount() == 0) {
      return Optional.empty();
    }
    return Optional.of(new Merged(merged.getTotalCount(), merged.getValueAtPercentile(50),
        merged.getValueAtPercentile(99), clients, Math.round(periodMs / 1000.0)));
  }

  /** One client's period as its file holds it. */
  private record Period(long millis, Histogram histogram) {
  }

  /** The file's period, or empty if it is gone (its client replaced it), not whole or not readable. */
  private static Optional<Period> readPeriod(FileSystem fs, Path file) {
    try (FSDataInputStream in = fs.open(file)) {
      String[] fields = new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip().split(" ");
      if (fields.length != 3) {
        return Optional.empty();
      }
      return Optional.of(new Period(Long.parseLong(fields[1]) - Long.parseLong(fields[0]), decode(fields[2])));
    } catch (IOException | RuntimeException | DataFormatException e) {
      return Optional.empty();
    }
  }

  static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
  }

  static Histogram decode(String base64) throws DataFormatException {
    return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
  }
}
