package org.hperf.loaders;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hperf.core.DatasetSpec;
import org.hperf.core.ExistingDataset;
import org.hperf.core.ExitCode;
import org.hperf.core.HBaseAccess;
import org.hperf.core.HperfTool;
import org.hperf.core.JobCounters;
import org.hperf.core.JobProgress;
import org.hperf.core.JobJars;
import org.hperf.core.SmallJobs;
import org.hperf.core.RecordRange;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.DatasetOptions;
import org.hperf.core.cli.ParsedOptions;

/**
 * {@code hperf verify}: a MapReduce job over the table, one task per region, that proves every
 * expected row is present with exactly the bytes the dataset defines. Exit 1 if any row is
 * missing, corrupt or unexpected; the first bad keys are printed.
 */
public final class VerifyTool extends HperfTool {
  public static final String NAME = "verify";
  private static final int SCAN_CACHING = 500;

  @Override
  protected CommandOptions options() {
    CommandOptions options = new CommandOptions(NAME, "[options]",
        "Check with a MapReduce job that every row of the dataset is in its table, intact.");
    DatasetOptions.addTo(options);
    return RecordRange.addTo(options);
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    Map<String, String> given = DatasetOptions.givenProperties(parsed,
        key -> DatasetOptions.isDatasetKey(key) || RecordRange.isRangeKey(key));
    Configuration conf = getConf();
    DatasetSpec dataset;
    RecordRange range;
    try (Connection connection = HBaseAccess.connect(conf); Admin admin = connection.getAdmin()) {
      dataset = ExistingDataset.resolve(admin, given);
      range = RecordRange.resolve(given, parsed, dataset);
    }
    Path reportDir = new Path(conf.get("hbase.fs.tmp.dir", "/tmp/hbase-staging"),
        "hperf-verify-" + dataset.table() + "-" + System.currentTimeMillis());
    Job job = createSubmittableJob(conf, dataset, range, reportDir);
    System.out.printf(Locale.ROOT, "verifying records [%d, %d) of %s%n", range.first(), range.end(), dataset.table());
    try {
      // Every expected row ends intact or corrupt as the scan meets it, or missing at its task's end:
      // counting only the intact ones would stall the percent of a damaged table.
      JobProgress progress = JobProgress.counting("verify " + dataset.table(), "rows checked", range.count(),
          VerifyCounters.OK, VerifyCounters.CORRUPT, VerifyCounters.MISSING);
      if (!runJob(job, progress)) {
        System.err.println("hperf verify: job " + job.getJobID() + " failed: " + job.getStatus().getFailureInfo());
        return ExitCode.FAILED;
      }
      JobCounters.print(job, VerifyCounters.class, System.out);
      Counters counters = job.getCounters();
      long bad = JobCounters.value(counters, VerifyCounters.MISSING)
          + JobCounters.value(counters, VerifyCounters.CORRUPT)
          + JobCounters.value(counters, VerifyCounters.UNEXPECTED);
      if (bad == 0) {
        System.out.printf(Locale.ROOT, "verify OK: %,d rows intact%n", JobCounters.value(counters, VerifyCounters.OK));
        return ExitCode.OK;
      }
      System.err.printf(Locale.ROOT, "hperf verify: %,d bad rows in %s; the first ones:%n", bad, dataset.table());
      for (String line : firstReported(conf, reportDir)) {
        System.err.println("  " + line);
      }
      return ExitCode.FAILED;
    } finally {
      reportDir.getFileSystem(conf).delete(reportDir, true);
    }
  }

  /** The verify job, ready to submit: map-only over the table, bad rows to {@code reportDir}. */
  public static Job createSubmittableJob(Configuration baseConf, DatasetSpec dataset, RecordRange range,
      Path reportDir) throws IOException {
    Configuration conf = new Configuration(baseConf);
    dataset.writeTo(conf);
    VerifyMapper.setRange(conf, range);
    // Before HBase's job set-up, which copies every key as set by the program: whether a user or
    // the cluster set this one can only be told here.
    SmallJobs.runInTheApplicationMasterWhenSmall(conf);
    Job job = Job.getInstance(conf, "hperf verify " + dataset.table() + " [" + range.first() + ", "
        + range.end() + ")");
    job.setJarByClass(VerifyTool.class);
    Scan scan = new Scan().setCaching(SCAN_CACHING).setCacheBlocks(false);
    TableMapReduceUtil.initTableMapperJob(dataset.table(), scan, VerifyMapper.class, Text.class, Text.class, job,
        false);
    JobJars.ship(job);
    job.setNumReduceTasks(0);
    job.setSpeculativeExecution(false);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, reportDir);
    return job;
  }

  private static List<String> firstReported(Configuration conf, Path reportDir) throws IOException {
    List<String> lines = new ArrayList<>();
    FileSystem fs = reportDir.getFileSystem(conf);
    for (FileStatus file : fs.listStatus(reportDir, path -> path.getName().startsWith("part-"))) {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(file.getPath()),
          StandardCharsets.UTF_8))) {
        String line;
        while ((line = reader.readLine()) != null && lines.size() < VerifyMapper.MAX_REPORTED) {
          lines.add(line.replace('\t', ' '));
        }
      }
    }
    return lines;
  }
}
