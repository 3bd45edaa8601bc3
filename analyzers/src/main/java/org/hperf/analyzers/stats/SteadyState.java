package org.hperf.analyzers.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hperf.core.OperationType;
import org.hperf.core.run.RunSummary;

/**
 * Whether a workload's runs measured a cluster in its steady state, from the figures alone. On a
 * freshly started cluster the first run of a workload is often 2-3 times slower than the next (the
 * region server's JIT, its block cache filling), which drags the mean and the spread. Two findings:
 * <ul>
 * <li>{@value #WARM_UP}: within one run, the throughput of the first interval is well below the
 * run's later level, the median of its second half: by at least {@link #RISE_FRACTION} of that level
 * and by at least {@link #RISE_SIGMAS} standard deviations of the interval-to-interval noise, so
 * that an ordinary noisy run is not a finding. The noise is estimated from the median absolute
 * difference of successive intervals (1.4826 / sqrt 2 times it), unlike the spread of the second
 * half alone not fooled by a short run's few intervals agreeing by chance; taken over the run, then
 * again over the intervals after the leading ones still below the later level, whose large steps
 * are the warm-up's, not noise. Simulated on Gaussian noise with a first interval 2.9 times slower
 * than the rest: at 5% noise no steady run of 6 to 90 intervals out of 20,000 was called a warm-up
 * and every warm-up of 10 intervals or more was found; at 20% noise 0.06% (20 intervals) to 1.2%
 * (6 intervals) of steady runs were called one, and such noise hides most warm-ups. The warm-up
 * intervals are those before the first one within {@link #REACHED_FRACTION} (or one noise
 * standard deviation, if more) of the later level. Runs of fewer than {@link #MIN_INTERVALS}
 * intervals are not judged.</li>
 * <li>{@value #RUN_OUTLIER}: with {@link #MIN_RUNS} runs or more, a run whose throughput lies
 * outside the range of the other runs by more than {@link #OUTLIER_SPREADS} times that range and by
 * more than {@link #OUTLIER_FRACTION} of their mean (two other runs alike by chance would otherwise
 * make a small difference a finding).</li>
 * </ul>
 * Both judge the top-level operations ({@code ALL}); summaries without {@code ALL} (logs of an
 * hperf before it) are judged on their one operation, or not at all when they have several. Only a
 * rise is judged, not a fall (a fall is another story: compactions, a server lost). Pure functions.
 */
public final class SteadyState {
  public static final String WARM_UP = "warm-up";
  public static final String RUN_OUTLIER = "run-outlier";
  static final int MIN_INTERVALS = 6;
  static final double RISE_FRACTION = 0.25;
  static final double RISE_SIGMAS = 5;
  static final double REACHED_FRACTION = 0.10;
  static final int MIN_RUNS = 3;
  static final double OUTLIER_SPREADS = 3;
  static final double OUTLIER_FRACTION = 0.25;
  /** A normal distribution's standard deviation over its median absolute deviation from the median. */
  private static final double MAD_TO_SIGMA = 1.4826;

  private SteadyState() {
  }

  /** The warm-up findings of every run, then the runs far from the others. */
  public static List<RunSummary.Finding> findings(Map<String, RunSummary.Run> perRun, long intervalSeconds) {
    String tag = judgedTag(perRun);
    List<RunSummary.Finding> found = new ArrayList<>();
    if (tag == null) {
      return found;
    }
    String noun = tag.equals(OperationType.ALL_TAG) ? "" : " (" + Hotspots.noun(tag) + ")";
    perRun.forEach((run, figures) -> {
      RunSummary.RunOperation op = figures.operations().get(tag);
      if (op != null) {
        double[] series = op.intervals().stream().mapToDouble(RunSummary.Interval::opsPerSec).toArray();
        String text = warmUp(series, intervalSeconds);
        if (text != null) {
          found.add(new RunSummary.Finding(WARM_UP, run, text.replaceFirst("throughput", "throughput" + noun)));
        }
      }
    });
    List<String> runs = new ArrayList<>(perRun.keySet());
    double[] throughputs = runs.stream().mapToDouble(run -> {
      RunSummary.RunOperation op = perRun.get(run).operations().get(tag);
      return op == null ? 0 : op.throughputOpsPerSec();
    }).toArray();
    for (int i = 0; i < runs.size(); i++) {
      String text = outlier(throughputs, i);
      if (text != null) {
        found.add(new RunSummary.Finding(RUN_OUTLIER, runs.get(i), text.replaceFirst("ops/s", "ops/s" + noun)));
      }
    }
    return found;
  }

  /** ALL if any run has it; else the one operation if there is only one; else null (not judged). */
  private static String judgedTag(Map<String, RunSummary.Run> perRun) {
    java.util.Set<String> tags = new java.util.TreeSet<>();
    perRun.values().forEach(r -> r.operations().keySet().stream()
        .filter(t -> !t.endsWith(OperationType.INTENDED_SUFFIX)).forEach(tags::add));
    if (tags.contains(OperationType.ALL_TAG)) {
      return OperationType.ALL_TAG;
    }
    return tags.size() == 1 ? tags.iterator().next() : null;
  }

  /**
   * The warm-up finding's text for one run's throughput per interval, or null if the run was
   * steady (or too short to tell).
   */
  static String warmUp(double[] opsPerSec, long intervalSeconds) {
    int n = opsPerSec.length;
    if (n < MIN_INTERVALS) {
      return null;
    }
    double[] later = Arrays.copyOfRange(opsPerSec, n / 2, n);
    double level = median(later);
    double sigma = noiseSigma(opsPerSec);
    int below = 0;
    while (below < n / 2 && opsPerSec[below] < level - Math.max(REACHED_FRACTION * level, sigma)) {
      below++;
    }
    if (n - below >= MIN_INTERVALS - 2) {
      sigma = noiseSigma(Arrays.copyOfRange(opsPerSec, below, n));
    }
    if (level <= 0 || opsPerSec[0] >= level - Math.max(RISE_FRACTION * level, RISE_SIGMAS * sigma)) {
      return null;
    }
    double reached = level - Math.max(REACHED_FRACTION * level, sigma);
    int warm = 1;
    while (warm < n && opsPerSec[warm] < reached) {
      warm++;
    }
    double end = warm < n ? opsPerSec[warm] : opsPerSec[n - 1];
    return String.format(Locale.ROOT, "throughput rose from %,.0f to %,.0f ops/s over its first %s of %d s"
        + " (the run's later level: %,.0f ops/s, the median of its second half): not steady (warm-up)",
        opsPerSec[0], end, warm == 1 ? "interval" : warm + " intervals", intervalSeconds, level);
  }

  /** The outlier finding's text for run {@code i} among the runs' throughputs, or null. */
  static String outlier(double[] throughputs, int i) {
    if (throughputs.length < MIN_RUNS) {
      return null;
    }
    double low = Double.MAX_VALUE;
    double high = -Double.MAX_VALUE;
    double sum = 0;
    for (int j = 0; j < throughputs.length; j++) {
      if (j != i) {
        low = Math.min(low, throughputs[j]);
        high = Math.max(high, throughputs[j]);
        sum += throughputs[j];
      }
    }
    double othersMean = sum / (throughputs.length - 1);
    double margin = Math.max(OUTLIER_SPREADS * (high - low), OUTLIER_FRACTION * othersMean);
    double x = throughputs[i];
    if (x >= low - margin && x <= high + margin) {
      return null;
    }
    String versus = x <= 0 ? "no operations"
        : x < low ? String.format(Locale.ROOT, "%.1fx slower than their mean of %,.0f", othersMean / x, othersMean)
        : String.format(Locale.ROOT, "%.1fx faster than their mean of %,.0f", x / othersMean, othersMean);
    return String.format(Locale.ROOT, "%,.0f ops/s against %,.0f-%,.0f ops/s in the other %d runs (%s): far from"
        + " the others", x, low, high, throughputs.length - 1, versus);
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  /** The standard deviation of one interval's noise, from the median of |successive differences|. */
  static double noiseSigma(double[] series) {
    double[] steps = new double[series.length - 1];
    for (int i = 0; i < steps.length; i++) {
      steps[i] = Math.abs(series[i + 1] - series[i]);
    }
    return MAD_TO_SIGMA * median(steps) / Math.sqrt(2);
  }
}
