package org.hperf.driver;

import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;

/**
 * A scale preset of the commands that run the whole method (suite, ab): the defaults of the options
 * that size it, which the same options override one by one. Declared here once for every such command.
 */
enum Scale {
  TINY("tiny", 100_000, 16, 20, 1, 2, 4), SEED("1tb", 1_000_000_000L, 250, 900, 3, 8, 16);

  private static final String PRESETS = "presets: tiny = 100,000 records, 16 regions, 1 run of 20 s, 2 clients"
      + " x 4 threads; 1tb = 10^9 records, 250 regions, 3 runs of 900 s, 8 clients x 16 threads";

  final String optionValue;
  final long recordCount;
  final int regions;
  final long durationSeconds;
  final int runs;
  final int clients;
  final int threads;

  Scale(String optionValue, long recordCount, int regions, long durationSeconds, int runs, int clients,
      int threads) {
    this.optionValue = optionValue;
    this.recordCount = recordCount;
    this.regions = regions;
    this.durationSeconds = durationSeconds;
    this.runs = runs;
    this.clients = clients;
    this.threads = threads;
  }

  /** The preset {@code --scale name} names. */
  static Scale named(String name) throws UsageException {
    for (Scale scale : values()) {
      if (scale.optionValue.equals(name)) {
        return scale;
      }
    }
    throw new UsageException("--scale " + name + " is not known: use tiny or 1tb");
  }

  /**
   * --scale and the options it presets (but --runs, which means runs per workload to suite and
   * cluster lifetimes to ab): records and regions of the table, and each run's duration, clients and
   * threads. {@code scaleDefault} is the preset the command takes when none is given, as its help says it.
   */
  static CommandOptions addTo(CommandOptions options, String scaleDefault) {
    return options
        .value(null, "scale", "tiny|1tb", PRESETS, scaleDefault)
        .value(null, "recordcount", "n", "records to load (overrides the preset)", null)
        .value(null, "regions", "n", "regions to pre-split into (overrides the preset)", null)
        .value(null, "duration", "seconds", "measured seconds per run (overrides the preset)", null)
        .value(null, "clients", "n", "map tasks per run (overrides the preset)", null)
        .value(null, "threads", "n", "threads per client (overrides the preset)", null);
  }
}
