package org.hperf.analyzers.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.hperf.core.OperationType;
import org.hperf.core.run.RunSummary;

/**
 * Which region servers or regions stand out in one run for one operation tag, from their operation
 * counts and p99s:
 * <ul>
 * <li>by share: at least {@link #SHARE_FACTOR} times its fair share of the tag's operations (1 / the
 * number of servers or regions), and by at least {@link #SHARE_SIGMAS} binomial standard deviations
 * (sqrt of the fair count bounds it), so that a few hundred operations spread by chance over 250
 * regions do not make a finding;</li>
 * <li>by latency: a p99 at least {@link #P99_FACTOR} times the median p99 of the others, counting
 * only servers or regions with {@link #P99_MIN_OPERATIONS} operations or more (a p99 of fewer is
 * its few slowest operations).</li>
 * </ul>
 * With fewer than two servers (or regions) nothing can stand out. Pure functions of their inputs.
 */
final class Hotspots {
  static final double SHARE_FACTOR = 1.5;
  static final double SHARE_SIGMAS = 4;
  static final double P99_FACTOR = 3;
  static final long P99_MIN_OPERATIONS = 1000;

  private Hotspots() {
  }

  /** A server or region for one tag: its name in the summary, its name in a sentence, its figures. */
  record Entity(String name, String label, long operations, long p99Micros) {
  }

  /**
   * The hotspots among {@code entities} for {@code tag}, strongest first. {@code count} is how
   * many servers or regions there are (those that served nothing are not among the entities; the
   * larger of the two counts is used); {@code tagOperations} the tag's operations in the run, the
   * unlocated ones included.
   */
  static List<RunSummary.Hotspot> find(String kind, String tag, List<Entity> entities, int count,
      long tagOperations) {
    int n = Math.max(count, entities.size());
    List<RunSummary.Hotspot> found = new ArrayList<>();
    if (n < 2 || tagOperations <= 0) {
      return found;
    }
    double fair = 1.0 / n;
    double fairCount = tagOperations * fair;
    List<double[]> scores = new ArrayList<>();
    for (Entity e : entities) {
      double share = e.operations() / (double) tagOperations;
      boolean byShare = e.operations() >= SHARE_FACTOR * fairCount
          && e.operations() - fairCount >= SHARE_SIGMAS * Math.sqrt(fairCount);
      double ratio = p99Ratio(e, entities);
      boolean byLatency = ratio >= P99_FACTOR;
      if (byShare || byLatency) {
        scores.add(new double[] {Math.max(byShare ? share / fair : 0, byLatency ? ratio : 0), found.size()});
        found.add(new RunSummary.Hotspot(kind, e.name(), tag, share, fair, ratio, finding(e.label(), tag, share, fair,
            ratio)));
      }
    }
    scores.sort(Comparator.comparingDouble((double[] s) -> -s[0]));
    List<RunSummary.Hotspot> strongestFirst = new ArrayList<>();
    scores.forEach(s -> strongestFirst.add(found.get((int) s[1])));
    return strongestFirst;
  }

  /** The entity's p99 over the median p99 of the others; 0 when either side has too few operations. */
  static double p99Ratio(Entity e, List<Entity> entities) {
    if (e.operations() < P99_MIN_OPERATIONS) {
      return 0;
    }
    List<Long> others = new ArrayList<>();
    for (Entity other : entities) {
      if (other != e && other.operations() >= P99_MIN_OPERATIONS) {
        others.add(other.p99Micros());
      }
    }
    double median = median(others);
    return median > 0 ? e.p99Micros() / median : 0;
  }

  static double median(List<Long> values) {
    if (values.isEmpty()) {
      return 0;
    }
    List<Long> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int mid = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2.0;
  }

  /** "host:16020 served 41% of reads (fair share 25%), p99 3.8x the others". */
  static String finding(String label, String tag, double share, double fair, double ratio) {
    String line = String.format(Locale.ROOT, "%s served %s of %s (fair share %s)", label, percent(share), noun(tag),
        percent(fair));
    return ratio > 0 ? line + String.format(Locale.ROOT, ", p99 %.1fx the others", ratio) : line;
  }

  private static String percent(double fraction) {
    double p = 100 * fraction;
    return p >= 10 || p == 0 ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%.1f%%", p);
  }

  /** How a sentence names a tag's operations. */
  static String noun(String tag) {
    if (tag.equals(OperationType.ALL_TAG)) {
      return "operations";
    }
    return switch (OperationType.valueOf(tag)) {
      case READ -> "reads";
      case UPDATE -> "updates";
      case INSERT -> "inserts";
      case SCAN -> "scans";
      case READ_MODIFY_WRITE -> "read-modify-writes";
    };
  }
}
