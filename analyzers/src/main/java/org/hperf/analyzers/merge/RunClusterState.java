package org.hperf.analyzers.merge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.run.ClusterMetricsLog;
import org.hperf.core.run.RunSummary;
import org.hperf.core.run.TaskLogFormat;

/**
 * One run's {@link RunSummary.ClusterState}, read in the aggregate's driver from the run
 * directory: its {@value ClusterMetricsLog#FILE} (each server's samples from the last before the
 * window to the first after it) and the jvm lines of its task logs (the intervals that overlap the
 * window); what they say is {@link ClusterFindings}'s. A run directory without the file (recorded
 * by an older hperf) has no server samples; task logs without jvm lines give no client intervals.
 */
public final class RunClusterState {
  private RunClusterState() {
  }

  public static RunSummary.ClusterState read(FileSystem fs, Path runDir, long windowStartMs, long windowEndMs)
      throws IOException {
    Map<String, List<RunSummary.ServerSample>> servers = serverSamples(fs, runDir, windowStartMs, windowEndMs);
    List<RunSummary.ClientInterval> clients = new ArrayList<>();
    for (FileStatus log : fs.listStatus(runDir, p -> TaskLogFormat.isLogName(p.getName()))) {
      clients.addAll(clientIntervals(fs, log.getPath(), windowStartMs, windowEndMs));
    }
    return new RunSummary.ClusterState(servers, clients);
  }

  private static Map<String, List<RunSummary.ServerSample>> serverSamples(FileSystem fs, Path runDir,
      long windowStartMs, long windowEndMs) throws IOException {
    Path file = new Path(runDir, ClusterMetricsLog.FILE);
    if (!fs.exists(file)) {
      return Map.of();
    }
    List<ClusterMetricsLog.Sample> all;
    try (InputStream in = fs.open(file)) {
      all = ClusterMetricsLog.read(in);
    }
    Map<String, List<ClusterMetricsLog.Sample>> byServer = new TreeMap<>();
    all.forEach(s -> byServer.computeIfAbsent(s.server(), k -> new ArrayList<>()).add(s));
    Map<String, List<RunSummary.ServerSample>> kept = new TreeMap<>();
    byServer.forEach((server, samples) -> {
      samples.sort(java.util.Comparator.comparingLong(ClusterMetricsLog.Sample::timeMs));
      int first = 0;
      int last = samples.size() - 1;
      for (int i = 0; i < samples.size(); i++) {
        if (samples.get(i).timeMs() <= windowStartMs) {
          first = i;
        }
      }
      for (int i = samples.size() - 1; i >= 0; i--) {
        if (samples.get(i).timeMs() >= windowEndMs) {
          last = i;
        }
      }
      List<RunSummary.ServerSample> window = new ArrayList<>();
      for (int i = first; i <= last; i++) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        samples.get(i).values().forEach((metric, value) -> metrics.put(metric.column(), value));
        window.add(new RunSummary.ServerSample(samples.get(i).timeMs() - windowStartMs, metrics));
      }
      kept.put(server, window);
    });
    return kept;
  }

  private static List<RunSummary.ClientInterval> clientIntervals(FileSystem fs, Path log, long windowStartMs,
      long windowEndMs) throws IOException {
    String task = TaskLogFormat.taskOf(log.getName());
    List<RunSummary.ClientInterval> intervals = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(log), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (!line.startsWith("#")) {
          continue;
        }
        TaskLogFormat.JvmInterval jvm = TaskLogFormat.JvmInterval.parse(line);
        if (jvm != null && jvm.endMs() > windowStartMs && jvm.startMs() < windowEndMs) {
          intervals.add(new RunSummary.ClientInterval(task, jvm.startMs() - windowStartMs,
              jvm.endMs() - jvm.startMs(), jvm.gcCount(), jvm.gcTimeMs(), jvm.cpuMs(), jvm.sharedJvm()));
        }
      }
    }
    return intervals;
  }
}
