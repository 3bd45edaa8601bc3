package org.hperf.analyzers;

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
import org.hperf.core.LatencyHistograms;
import org.hperf.core.UsageException;

/**
 * One aggregated workload as the report shows it: the summary table plus, from the merged interval
 * logs the aggregate job wrote, each run's time series and each operation's merged distribution.
 */
final class WorkloadReport {
  final SummaryTable summary;
  final long intervalMs;
  /** run name -> tag -> the run's merged interval histograms in time order. */
  final Map<String, Map<String, List<Histogram>>> series = new TreeMap<>();
  /** tag -> all runs merged. */
  final Map<String, Histogram> merged = new TreeMap<>();

  private WorkloadReport(SummaryTable summary, long intervalMs) {
    this.summary = summary;
    this.intervalMs = intervalMs;
  }

  static WorkloadReport read(Configuration conf, Path dir) throws IOException, UsageException {
    SummaryTable summary = SummaryTable.read(conf, dir);
    WorkloadReport report = new WorkloadReport(summary,
        Long.parseLong(summary.record.getProperty("run.interval.seconds", "10")) * 1000);
    FileSystem fs = dir.getFileSystem(conf);
    for (FileStatus log : fs.listStatus(new Path(dir, "aggregate"),
        p -> p.getName().endsWith(LatencyHistograms.LOG_SUFFIX))) {
      String run = log.getPath().getName().replace(LatencyHistograms.LOG_SUFFIX, "");
      Map<String, List<Histogram>> tags = report.series.computeIfAbsent(run, r -> new TreeMap<>());
      try (InputStream in = fs.open(log.getPath())) {
        HistogramLogReader reader = new HistogramLogReader(in);
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
          Histogram histogram = (Histogram) h;
          tags.computeIfAbsent(histogram.getTag(), t -> new ArrayList<>()).add(histogram);
          report.merged.computeIfAbsent(histogram.getTag(), t -> LatencyHistograms.newHistogram()).add(histogram);
        }
      }
    }
    return report;
  }

  String workload() {
    return summary.workload();
  }

  /** Ops/s per interval of one run, over all the given tags. */
  double[][] throughputOverTime(String run, Iterable<String> tags) {
    Map<Long, Double> perInterval = new TreeMap<>();
    for (String tag : tags) {
      for (Histogram h : series.getOrDefault(run, Map.of()).getOrDefault(tag, List.of())) {
        double seconds = Math.max(1, h.getEndTimeStamp() - h.getStartTimeStamp()) / 1000.0;
        perInterval.merge(h.getStartTimeStamp(), h.getTotalCount() / seconds, Double::sum);
      }
    }
    return toXy(perInterval);
  }

  /** The p99 latency per interval of one run and tag. */
  double[][] p99OverTime(String run, String tag) {
    Map<Long, Double> points = new TreeMap<>();
    for (Histogram h : series.getOrDefault(run, Map.of()).getOrDefault(tag, List.of())) {
      if (h.getTotalCount() > 0) {
        points.put(h.getStartTimeStamp(), (double) h.getValueAtPercentile(99));
      }
    }
    return toXy(points);
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
    double[][] xy = new double[2][points.size()];
    for (int i = 0; i < points.size(); i++) {
      xy[0][i] = points.get(i)[0];
      xy[1][i] = points.get(i)[1];
    }
    return xy;
  }

  /** Elapsed seconds from the first interval, and the values. */
  private double[][] toXy(Map<Long, Double> points) {
    double[][] xy = new double[2][points.size()];
    long first = points.isEmpty() ? 0 : points.keySet().iterator().next();
    int i = 0;
    for (Map.Entry<Long, Double> e : points.entrySet()) {
      xy[0][i] = (e.getKey() - first) / 1000.0 + intervalMs / 1000.0;
      xy[1][i++] = e.getValue();
    }
    return xy;
  }
}
