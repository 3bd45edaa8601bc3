package org.hperf.driver;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.DatasetProperty;
import org.hperf.core.DatasetSpec;
import org.hperf.core.Footprint;
import org.hperf.core.Preflight;
import org.hperf.core.UsageException;
import org.hperf.loaders.LoadMode;
import org.hperf.loaders.LoadPlan;
import org.hperf.loaders.RoughCost;

/**
 * The suite's preflight, before its directory or table exists: of the steps still to do, the table
 * it creates, its load's bytes and rough time (the load step's own plan, on the suite's default
 * dataset), verify's rough time and the runs' measured time; the space checked as a load checks it.
 * A resumed suite whose load is done writes no dataset and is not checked for space.
 */
final class SuitePreflight {
  private SuitePreflight() {
  }

  static void check(Configuration conf, SuiteTool.Size size, Map<String, String[]> steps, Properties state,
      boolean yes) throws UsageException, IOException {
    Preflight preflight = new Preflight(SuiteTool.NAME);
    DatasetSpec dataset = DatasetSpec.resolve(Map.of(DatasetProperty.TABLE.key(), size.table(),
        DatasetProperty.RECORD_COUNT.key(), Long.toString(size.records())), Map.of());
    Footprint footprint = null;
    Path staging = LoadPlan.defaultStagingParent(conf);
    FileSystem fs = staging.getFileSystem(conf);
    if (toDo(steps, state, "load")) {
      LoadPlan load = LoadPlan.ofWholeDataset(conf, dataset, size.regions(), LoadMode.BULK, true);
      footprint = load.footprint(fs.getDefaultReplication(staging));
      load.describeTo(preflight, footprint, fs.makeQualified(staging) + "/hperf-hfiles-" + size.table() + "-<time>");
    } else {
      preflight.line("records", size.table() + " was loaded by this suite's earlier steps: nothing to write");
    }
    if (toDo(steps, state, "verify")) {
      preflight.line("verify", RoughCost.cpuTime(RoughCost.verifyCpuSeconds(size.records(), size.regions()))
          + " of map tasks (rough, as the load's)");
    }
    long runSteps = steps.keySet().stream().filter(step -> step.startsWith("run-") && toDo(steps, state, step)).count();
    preflight.line("runs", runSteps + " workload" + (runSteps == 1 ? "" : "s") + " x " + size.runs() + " run"
        + (size.runs() == 1 ? "" : "s") + " x " + size.durationSeconds() + " s = "
        + duration(runSteps * size.runs() * size.durationSeconds()) + " measured, plus each run's start"
        + serverWarmups(steps, state, size.serverWarmupSeconds(), runSteps));
    preflight.line("tables", toDo(steps, state, "create-table")
        ? "creates " + size.table() + " with " + size.regions() + " regions (a table of that name stops the suite)"
        : "none: " + size.table() + " was created by this suite's earlier steps");
    preflight.check(footprint, fs, staging, "use fewer records (--recordcount, or --scale tiny) or free space on "
        + fs.getUri(), yes, System.out);
  }

  /** " and up to 60 s of server warm-up a workload", or of the one workload that warms them (--warm-once). */
  private static String serverWarmups(Map<String, String[]> steps, Properties state, long seconds, long runSteps) {
    long warming = steps.entrySet().stream().filter(step -> step.getKey().startsWith("run-")
        && toDo(steps, state, step.getKey()) && List.of(step.getValue()).contains("--server-warmup")).count();
    if (warming == 0) {
      return "";
    }
    return " and up to " + seconds + " s of server warm-up " + (warming == runSteps ? "a workload"
        : "before " + (warming == 1 ? "one workload's run" : warming + " workloads' runs") + " (--warm-once)");
  }

  private static boolean toDo(Map<String, String[]> steps, Properties state, String step) {
    return steps.containsKey(step) && !"done".equals(state.getProperty(step));
  }

  /** "7.5 h", "20 min", "40 s". */
  static String duration(long seconds) {
    if (seconds >= 3600) {
      return String.format(Locale.ROOT, seconds >= 36_000 ? "%.0f h" : "%.1f h", seconds / 3600.0);
    }
    return seconds >= 60 ? String.format(Locale.ROOT, "%.0f min", seconds / 60.0) : seconds + " s";
  }
}
