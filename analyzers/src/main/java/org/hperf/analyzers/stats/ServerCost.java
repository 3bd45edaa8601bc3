package org.hperf.analyzers.stats;

import java.util.List;
import org.hperf.core.run.ClusterMetricsLog.Metric;
import org.hperf.core.run.RunSummary;
import org.hperf.core.run.RunSummary.ServerSample;

/**
 * What the region servers spent on a run: their process CPU over the run's window (every thread of
 * every server JVM, from the sampled running totals) per operation the run measured. On a shared
 * machine it is the steadier signal of what a release or a setting costs: a neighbour that takes
 * half the cores halves the throughput but not the CPU each operation needs. On the embedded
 * cluster the "server" JVM is the whole process, clients included.
 */
final class ServerCost {
  private ServerCost() {
  }

  /**
   * Each run's server CPU per operation, in microseconds; null when any run lacks it (no samples,
   * a server that did not expose its CPU, no operations).
   */
  static double[] microsPerOperation(RunSummary summary) {
    double[] perRun = new double[summary.perRun().size()];
    int i = 0;
    for (RunSummary.Run run : summary.perRun().values()) {
      RunSummary.RunOperation all = run.operations().get("ALL");
      long windowMs = run.windowEndMs() - run.windowStartMs();
      if (all == null || all.latency().operations() <= 0 || run.cluster().servers().isEmpty() || windowMs <= 0) {
        return null;
      }
      double cpuMs = 0;
      for (List<ServerSample> samples : run.cluster().servers().values()) {
        double serverMs = ClusterFindings.delta(samples, Metric.PROCESS_CPU_MS, windowMs);
        if (Double.isNaN(serverMs)) {
          return null;
        }
        cpuMs += serverMs;
      }
      perRun[i++] = cpuMs * 1000 / all.latency().operations();
    }
    return perRun;
  }
}
