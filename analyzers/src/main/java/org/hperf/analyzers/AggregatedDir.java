package org.hperf.analyzers;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hperf.core.UsageException;
import org.hperf.core.run.RunDirectory;
import org.hperf.core.run.RunRecord;
import org.hperf.core.run.RunSummary;

/**
 * A run directory after {@code hperf aggregate}, as report and compare read it: its
 * {@code aggregate/summary.json}, read through {@link RunSummary} (which also holds the run's
 * configuration, so run.properties is not read again).
 */
public record AggregatedDir(Path dir, RunSummary summary) {
  static final String SUMMARY = RunDirectory.AGGREGATE + "/" + RunDirectory.SUMMARY;

  public static AggregatedDir read(Configuration conf, Path dir) throws IOException, UsageException {
    FileSystem fs = dir.getFileSystem(conf);
    Path json = new RunDirectory(dir).summary();
    if (!fs.exists(json)) {
      throw new UsageException(dir + " has no " + SUMMARY + ": run 'hperf aggregate " + dir + "' first");
    }
    try (InputStream in = fs.open(json)) {
      return new AggregatedDir(dir, RunSummary.read(in));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      // Most likely written by an hperf of another summary format; aggregating again rewrites it.
      throw new UsageException(json + " is not a summary this hperf reads (" + e.getOriginalMessage()
          + "): run 'hperf aggregate " + dir + " --overwrite' to write it anew");
    }
  }

  public String workload() {
    return summary.workload();
  }

  /** The run's record (run.properties) as the aggregate copied it into the summary. */
  public RunRecord record() {
    java.util.Properties p = new java.util.Properties();
    p.putAll(summary.configuration());
    return RunRecord.of(p);
  }
}
