package org.hperf.analyzers.render;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.analyzers.AggregatedDir;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.UsageException;
import org.hperf.core.run.RunDirectory;
import org.hperf.core.run.RunSummary;
import org.hperf.core.run.TaskLogFormat;

/**
 * One aggregated workload as the report shows it: the typed summary (figures, time series, the
 * interval length) plus each tag's distribution over all runs, from the merged interval logs the
 * aggregate job wrote (a summary holds percentiles, a distribution curve needs the histogram).
 */
public final class WorkloadReport {
  public final AggregatedDir aggregated;
  public final RunSummary summary;
  /** tag -> all runs merged. */
  final Map<String, Histogram> merged = new TreeMap<>(RunSummary.TAG_ORDER);

  /** The row name: the workload, with its side of hperf ab ("workloadc A") or, repeated, its directory. */
  private String label;

  private WorkloadReport(AggregatedDir aggregated) {
    this.aggregated = aggregated;
    this.summary = aggregated.summary();
    this.label = aggregated.record().abSide().map(s -> workload() + " " + s.side()).orElse(workload());
  }

  public static WorkloadReport read(Configuration conf, Path dir) throws IOException, UsageException {
    WorkloadReport report = new WorkloadReport(AggregatedDir.read(conf, dir));
    FileSystem fs = dir.getFileSystem(conf);
    for (FileStatus log : fs.listStatus(new RunDirectory(dir).aggregate(),
        p -> p.getName().endsWith(TaskLogFormat.SUFFIX))) {
      try (InputStream in = fs.open(log.getPath())) {
        HistogramLogReader reader = new HistogramLogReader(in);
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
          Histogram histogram = (Histogram) h;
          if (TaskLogFormat.isPlacementTag(histogram.getTag())) {
            continue; // a server's share, not an operation's distribution
          }
          report.merged.computeIfAbsent(histogram.getTag(), t -> LatencyHistograms.newHistogram()).add(histogram);
        }
      }
    }
    return report;
  }

  public String workload() {
    return aggregated.workload();
  }

  /** What the report's rows and headings call these runs. */
  public String label() {
    return label;
  }

  /**
   * Labels the reports so that no two read the same: a workload reported from two directories that
   * are not the two sides of hperf ab (two setups' runs, say) gets its directory's name after it.
   */
  public static void distinguish(List<WorkloadReport> reports) {
    Map<String, Integer> seen = new TreeMap<>();
    reports.forEach(r -> seen.merge(r.label, 1, Integer::sum));
    for (WorkloadReport r : reports) {
      if (seen.get(r.label) > 1) {
        r.label = r.label + " (" + r.aggregated.dir().getName() + ")";
      }
    }
  }

  /** The interval the time series are measured over, for labels: "10 s". */
  String interval() {
    return summary.intervalSeconds() + " s";
  }

  /** Ops/s of one run and tag per interval, at each interval's end (seconds from the run's start). */
  double[][] throughputOverTime(String run, String tag) {
    List<double[]> points = new ArrayList<>();
    for (RunSummary.Interval i : intervals(run, tag)) {
      points.add(new double[] {intervalEndSeconds(i), i.opsPerSec()});
    }
    return toXy(points);
  }

  /** The p99 latency of one run and tag per interval that had operations. */
  double[][] p99OverTime(String run, String tag) {
    List<double[]> points = new ArrayList<>();
    for (RunSummary.Interval i : intervals(run, tag)) {
      if (i.opsPerSec() > 0) {
        points.add(new double[] {intervalEndSeconds(i), i.p99Micros()});
      }
    }
    return toXy(points);
  }

  /**
   * Marks on a chart over seconds into the run what its x axis cannot show by itself: the warm-up
   * before 0 (--warmup: run, never measured, so there are no points there) and the measurement
   * window, the time every task measured (the runs' common windows, from 0; points after it are
   * intervals in which some tasks had already finished). Runs of one directory share --warmup; their
   * windows differ by the tasks' timing, so with several runs each run's window end is marked too.
   * {@code runs}: the runs the chart draws.
   */
  void markTimeline(SvgChart chart, java.util.Collection<String> runs) {
    long warmupSeconds = aggregated.record().execution().warmupSeconds();
    if (warmupSeconds > 0) {
      chart.band("warmup", -warmupSeconds, 0, "warm-up " + warmupSeconds + " s (not measured)", "#e6e6e6");
    }
    double longest = 0;
    List<Double> ends = new ArrayList<>();
    for (String name : runs) {
      RunSummary.Run run = summary.perRun().get(name);
      double seconds = Math.max(0, run.windowEndMs() - run.windowStartMs()) / 1000.0;
      ends.add(seconds);
      longest = Math.max(longest, seconds);
    }
    if (longest <= 0) {
      return;
    }
    chart.band("window", 0, longest, String.format(java.util.Locale.ROOT, "measurement window (all tasks) %.1f s",
        longest), "#eef4fb");
    if (ends.size() > 1) {
      int i = 0;
      for (String run : runs) {
        chart.mark("window-end", ends.get(i++), run + " window end", "#555");
      }
    }
  }

  private List<RunSummary.Interval> intervals(String run, String tag) {
    RunSummary.Run figures = summary.perRun().get(run);
    RunSummary.RunOperation op = figures == null ? null : figures.operations().get(tag);
    return op == null ? List.of() : op.intervals();
  }

  private double intervalEndSeconds(RunSummary.Interval i) {
    return (i.index() + 1) * (double) summary.intervalSeconds();
  }

  /** Latency by percentile, as HdrHistogram's percentile distribution: {percentiles, micros}. */
  static double[][] percentileCurve(Histogram h) {
    List<double[]> points = new ArrayList<>();
    for (HistogramIterationValue v : h.percentiles(5)) {
      points.add(new double[] {v.getPercentileLevelIteratedTo(), v.getValueIteratedTo()});
      if (v.getPercentileLevelIteratedTo() >= 99.999) {
        break;
      }
    }
    return toXy(points);
  }

  private static double[][] toXy(List<double[]> points) {
    double[][] xy = new double[2][points.size()];
    for (int i = 0; i < points.size(); i++) {
      xy[0][i] = points.get(i)[0];
      xy[1][i] = points.get(i)[1];
    }
    return xy;
  }
}
