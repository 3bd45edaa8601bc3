package org.hperf.core;

import java.util.Locale;

/**
 * The space a load takes on the cluster's file system and the free space it must find there before
 * it starts: the records' HFile bytes times the file system's replication; as much again when a
 * second copy exists for a while ({@code secondCopy} says why, null when none). A major compaction
 * writes every region's new file before its old one goes, and the old files wait in HBase's archive
 * for at least {@code hbase.master.hfilecleaner.ttl} (5 minutes by default; for as long as a
 * snapshot holds them), so a client cannot bound the overlap by less than the whole table; a put
 * load writes every cell to the WAL as well, and its flushed files are compacted. Then
 * {@link #MARGIN_PERCENT} on top. Pure arithmetic, saturating at {@link Long#MAX_VALUE}, so the
 * refusal is tested without a cluster.
 *
 * <p>The margin: HDFS reports its free space summed over every DataNode disk, but each disk refuses a
 * block it cannot hold whole and disks fill unevenly; each block's checksums (4 bytes a 512) take
 * ~0.8% beside it; and the region servers keep writing WALs and flushes meanwhile. A load that would
 * leave HDFS all but full puts every region server's WAL at risk, which is worse than refusing it.
 */
public record Footprint(long records, long recordBytes, int replication, String secondCopy) {
  public static final int MARGIN_PERCENT = 10;

  public Footprint {
    if (records < 0 || recordBytes < 0 || replication < 1) {
      throw new IllegalArgumentException("records " + records + ", record bytes " + recordBytes + ", replication "
          + replication);
    }
  }

  /** The records' bytes as HFiles, one copy. */
  public long dataBytes() {
    return times(records, recordBytes);
  }

  /** What the HFiles take on the file system with every replica. */
  public long replicatedBytes() {
    return times(dataBytes(), replication);
  }

  /** What the second copy may take on top of {@link #replicatedBytes()} at worst. */
  public long secondCopyBytes() {
    return secondCopy != null ? replicatedBytes() : 0;
  }

  /** The free space the load needs before it starts: its peak plus the margin. */
  public long requiredBytes() {
    long peak = plus(replicatedBytes(), secondCopyBytes());
    // peak / 100 first: peak * MARGIN_PERCENT could overflow where peak itself does not.
    return plus(peak, peak / 100 * MARGIN_PERCENT + peak % 100 * MARGIN_PERCENT / 100);
  }

  /** How much more free space the load needs than {@code remainingBytes}; 0 when it fits. */
  public long shortfallBytes(long remainingBytes) {
    return Math.max(0, requiredBytes() - Math.max(0, remainingBytes));
  }

  /** How {@link #requiredBytes()} is made: "1.58 TB of HFiles x 3 replicas x 2 for the major compaction, + 10%". */
  public String describe() {
    return decimal(dataBytes()) + " of HFiles x " + replication + (replication == 1 ? " replica" : " replicas")
        + (secondCopy != null ? " x 2 for " + secondCopy : "") + ", + " + MARGIN_PERCENT + "%";
  }

  /** Bytes in decimal units as HDFS's and the docs' figures are given: "1.58 TB", "950 B". */
  public static String decimal(long bytes) {
    String[] units = {"KB", "MB", "GB", "TB", "PB", "EB"};
    if (bytes < 1000) {
      return bytes + " B";
    }
    double value = bytes;
    int unit = -1;
    while (value >= 999.995 && unit < units.length - 1) {
      value /= 1000;
      unit++;
    }
    return String.format(Locale.ROOT, value >= 100 ? "%.0f %s" : value >= 10 ? "%.1f %s" : "%.2f %s", value,
        units[unit]);
  }

  private static long times(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long product = a * b;
    return high != 0 || product < 0 ? Long.MAX_VALUE : product;
  }

  private static long plus(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }
}
