package org.hperf.analyzers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hperf.analyzers.merge.HistogramCombiner;
import org.hperf.analyzers.merge.LogMergeMapper;
import org.hperf.analyzers.merge.MergeRecord;
import org.hperf.analyzers.merge.RunClusterState;
import org.hperf.analyzers.merge.RunMergeReducer;
import org.hperf.analyzers.merge.RunResult;
import org.hperf.analyzers.merge.Summary;
import org.hperf.analyzers.merge.TaskLog;
import org.hperf.analyzers.merge.WholeLogInputFormat;
import org.hperf.analyzers.render.FindingsReport;
import org.hperf.analyzers.render.YcsbResults;
import org.hperf.analyzers.stats.ClusterFindings;
import org.hperf.core.ExitCode;
import org.hperf.core.HperfTool;
import org.hperf.core.JobJars;
import org.hperf.core.JobProgress;
import org.hperf.core.SmallJobs;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.run.RunDirectory;
import org.hperf.core.run.RunRecord;
import org.hperf.core.run.RunSummary;
import org.hperf.core.run.TaskLogFormat;

/**
 * {@code hperf aggregate <run dir>}: a MapReduce job that merges every task's histogram log of a
 * workload's runs (one map per log, so thousands merge in parallel) into exact throughput and
 * latency percentiles per operation, per run and over all runs. Writes summary.json, summary.csv,
 * placement.csv and one merged interval log per run that HdrHistogram's HistogramLogProcessor reads.
 * Prints a table of the figures, or with {@code --format ycsb} YCSB's result lines of all runs
 * merged ({@link YcsbResults}) alone on stdout.
 */
public final class AggregateTool extends HperfTool {
  public static final String NAME = "aggregate";
  /**
   * False: the findings go into summary.json but are not printed, because a report printed after
   * the aggregate prints them (the suite's report step), and a finding is printed once.
   */
  public static final String PRINT_FINDINGS = "hperf.aggregate.print.findings";
  private static final String TEXT = "text";
  /** The old name of {@link #TEXT} (the name run and compare use): accepted in this release only. */
  private static final String OLD_TEXT = "table";
  private static final String YCSB = "ycsb";

  @Override
  protected CommandOptions options() {
    return new CommandOptions(NAME, "<run dir> [options]",
        "Merge a workload's task histogram logs into throughput and latency percentiles (MapReduce).")
        .value(null, "output", "dir", "where the summaries go", "<run dir>/aggregate")
        .flag(null, "overwrite", "replace an existing output directory")
        .value(null, "format", TEXT + "|" + YCSB, "what goes to stdout: hperf's table and findings, or YCSB's result lines"
            + " ([OVERALL], [READ], ...) of all runs merged and nothing else, the table then on stderr; YCSB's"
            + " -D " + YcsbResults.PERCENTILES + "=50,95,99.9 sets its percentiles (default "
            + YcsbResults.DEFAULT_PERCENTILES + ")", TEXT);
  }

  @Override
  protected int maxPositionalArguments() {
    return 1;
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    if (parsed.positional().isEmpty()) {
      throw new UsageException("no run directory given: hperf aggregate <dir written by hperf run>");
    }
    Configuration conf = getConf();
    boolean ycsb = ycsbFormat(parsed);
    List<Double> percentiles = ycsb
        ? YcsbResults.percentiles(conf.get(YcsbResults.PERCENTILES, YcsbResults.DEFAULT_PERCENTILES)) : List.of();
    Path runDir = new Path(parsed.positional().get(0));
    FileSystem fs = runDir.getFileSystem(conf);
    if (!fs.isDirectory(runDir)) {
      throw new UsageException(runDir + " is not a directory: give the --output directory of 'hperf run'");
    }
    RunRecord record = readRecord(fs, runDir);
    List<Path> runs = runDirectories(fs, runDir);
    Map<Path, FileStatus[]> logsByRun = listLogs(fs, runs);
    String incomplete = incompleteness(fs, logsByRun, record);
    if (incomplete != null) {
      throw new UsageException(incomplete + "; no figures were computed: aggregate a complete run directory");
    }
    Path output = new Path(parsed.string("output", new RunDirectory(runDir).aggregate().toString()));
    if (fs.exists(output)) {
      if (!parsed.has("overwrite")) {
        throw new UsageException("--output " + output + " already exists: add --overwrite to replace it");
      }
      fs.delete(output, true);
    }
    long intervalMs = record.execution().intervalSeconds() * 1000L;
    Path parts = new Path(output, "parts");
    Job job = createSubmittableJob(conf, runs, parts, intervalMs);
    // A log is one input record, counted as a map reaches it.
    long logs = logsByRun.values().stream().mapToLong(l -> l.length).sum();
    JobProgress progress = JobProgress.counting("aggregate", "logs", logs, TaskCounter.MAP_INPUT_RECORDS);
    // In the ycsb format stdout is for a program reading YCSB's lines: everything else goes to stderr.
    PrintStream human = ycsb ? System.err : System.out;
    if (ycsb) {
      progress = progress.onStandardError();
    }
    if (!runJob(job, progress)) {
      System.err.println("hperf aggregate: job " + job.getJobID() + " failed: " + job.getStatus().getFailureInfo());
      return ExitCode.FAILED;
    }
    Map<String, RunResult> results = readResults(fs, parts);
    String ycsbLines = ycsb ? YcsbResults.lines(results, record, percentiles) : "";
    Summary summary = new Summary(record, results, intervalMs);
    RunSummary withCluster = withClusterStates(fs, runDir, summary.summary());
    writeOutputs(fs, output, parts, summary, withCluster);
    human.print(summary.table());
    if (conf.getBoolean(PRINT_FINDINGS, true)) {
      FindingsReport.textLines(withCluster.workload(), withCluster).forEach(human::println);
    }
    human.println("summaries in " + output);
    System.out.print(ycsbLines);
    return ExitCode.OK;
  }

  /** summary.json, summary.csv, placement.csv, and the job's merged logs moved up beside them. */
  private static void writeOutputs(FileSystem fs, Path output, Path parts, Summary summary, RunSummary withCluster)
      throws IOException {
    try (OutputStream out = fs.create(new Path(output, "summary.json"), true)) {
      withCluster.write(out);
    }
    write(fs, new Path(output, "summary.csv"), summary.csv());
    // Where the operations were served, flat; a file of its own so summary.csv keeps its columns.
    write(fs, new Path(output, "placement.csv"), summary.summary().placementCsv());
    for (FileStatus merged : fs.listStatus(parts, p -> p.getName().endsWith(TaskLogFormat.SUFFIX))) {
      fs.rename(merged.getPath(), new Path(output, merged.getPath().getName()));
    }
  }

  private static boolean ycsbFormat(ParsedOptions parsed) throws UsageException {
    String format = parsed.string("format", TEXT);
    if (format.equals(OLD_TEXT)) {
      System.err.println("hperf aggregate: --format " + OLD_TEXT + " is now --format " + TEXT
          + " (the old value is accepted in this release only)");
      return false;
    }
    if (!format.equals(TEXT) && !format.equals(YCSB)) {
      throw new UsageException("--format " + format + ": give " + TEXT + " or " + YCSB);
    }
    return format.equals(YCSB);
  }

  /**
   * Each run's cluster state (its cluster-metrics.csv and its task logs' jvm lines) over its
   * window, and what it says ({@link ClusterFindings}) after the summary's other findings.
   */
  private static RunSummary withClusterStates(FileSystem fs, Path runDir, RunSummary summary) throws IOException {
    Map<String, RunSummary.ClusterState> states = new java.util.LinkedHashMap<>();
    List<RunSummary.Finding> findings = new ArrayList<>();
    for (Map.Entry<String, RunSummary.Run> run : summary.perRun().entrySet()) {
      RunSummary.Run figures = run.getValue();
      RunSummary.ClusterState state = RunClusterState.read(fs, new Path(runDir, run.getKey()),
          figures.windowStartMs(), figures.windowEndMs());
      states.put(run.getKey(), state);
      findings.addAll(ClusterFindings.of(run.getKey(), state,
          Math.max(0, figures.windowEndMs() - figures.windowStartMs())));
    }
    return summary.withClusterStates(states).withFindings(findings);
  }

  /** The aggregate job: one map per task log, merged histograms out. */
  public static Job createSubmittableJob(Configuration baseConf, List<Path> runs, Path output, long intervalMs)
      throws IOException {
    Configuration conf = new Configuration(baseConf);
    conf.setLong(LogMergeMapper.INTERVAL_MS, intervalMs);
    SmallJobs.runInTheApplicationMasterWhenSmall(conf);
    Job job = Job.getInstance(conf, "hperf aggregate " + runs.get(0).getParent());
    job.setJarByClass(AggregateTool.class);
    job.setInputFormatClass(WholeLogInputFormat.class);
    for (Path run : runs) {
      FileInputFormat.addInputPath(job, run);
    }
    FileInputFormat.setInputPathFilter(job, HistogramLogFilter.class);
    job.setMapperClass(LogMergeMapper.class);
    // Merging is associative: each map's histograms of one key are merged before the shuffle.
    job.setCombinerClass(HistogramCombiner.class);
    // One reducer per run (at most): a run's records must all meet in one reducer, in key order.
    job.setPartitionerClass(RunPartitioner.class);
    job.setNumReduceTasks(runs.size());
    job.setReducerClass(RunMergeReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Text.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, output);
    JobJars.ship(job);
    return job;
  }

  /**
   * Only task logs are input; run directories also hold the committer's _SUCCESS marker. A
   * directory (no dot in its name) must pass too, or FileInputFormat would not list its files.
   */
  public static final class HistogramLogFilter implements org.apache.hadoop.fs.PathFilter {
    @Override
    public boolean accept(Path path) {
      return TaskLogFormat.isLogName(path.getName()) || RunDirectory.isRunName(path.getName());
    }
  }

  /** Sends all records of a run to one reducer. */
  public static final class RunPartitioner extends org.apache.hadoop.mapreduce.Partitioner<Text, Text> {
    @Override
    public int getPartition(Text key, Text value, int partitions) {
      return (MergeRecord.runOf(key).hashCode() & Integer.MAX_VALUE) % partitions;
    }
  }

  private static List<Path> runDirectories(FileSystem fs, Path dir) throws IOException, UsageException {
    List<Path> runs = new ArrayList<>();
    for (FileStatus status : fs.listStatus(dir, p -> RunDirectory.isRunName(p.getName()))) {
      if (status.isDirectory()) {
        runs.add(status.getPath());
      }
    }
    if (runs.isEmpty()) {
      throw new UsageException(dir + " holds no run-<n> directories: give the --output directory of 'hperf run'");
    }
    runs.sort((a, b) -> Integer.compare(RunDirectory.runIndex(a.getName()), RunDirectory.runIndex(b.getName())));
    return runs;
  }

  /**
   * What makes the runs unfit to aggregate, or null: a task log missing (the run had more clients)
   * or truncated (no closing window line). Only each log's last bytes are read here.
   */
  private static String incompleteness(FileSystem fs, Map<Path, FileStatus[]> logsByRun, RunRecord record)
      throws IOException {
    int clients = record.execution().clients();
    for (Map.Entry<Path, FileStatus[]> entry : logsByRun.entrySet()) {
      Path run = entry.getKey();
      Set<String> present = new TreeSet<>();
      for (FileStatus log : entry.getValue()) {
        present.add(log.getPath().getName());
        String problem = tailProblem(fs, log);
        if (problem != null) {
          return run.getName() + "/" + log.getPath().getName() + problem;
        }
      }
      if (present.isEmpty()) {
        return run.getName() + " holds no task logs";
      }
      for (int client = 0; client < clients; client++) {
        String expected = TaskLogFormat.fileName(client);
        if (!present.contains(expected)) {
          return run.getName() + " is incomplete: task log " + expected + " is missing (the run had " + clients
              + " clients)";
        }
      }
    }
    return null;
  }

  /** What is wrong with the end of a task log, or null: truncated (no closing window line) or corrupt. */
  private static String tailProblem(FileSystem fs, FileStatus log) throws IOException {
    String tail;
    try {
      tail = TaskLog.tail(fs, log);
    } catch (org.apache.hadoop.fs.ChecksumException e) {
      // The file system's checksum (e.g. the local file system's .crc file) no longer matches.
      return " is corrupt: its content does not match its checksum (truncated or altered after it was written)";
    }
    return TaskLogFormat.endsWithWindow(tail) ? null
        : " is truncated: it lacks the closing window line a task writes when it finishes";
  }

  private static RunRecord readRecord(FileSystem fs, Path dir) throws IOException, UsageException {
    try {
      return RunRecord.read(fs, dir);
    } catch (java.io.FileNotFoundException e) {
      throw new UsageException(e.getMessage() + ": give the --output directory of 'hperf run'");
    }
  }

  /** Each run directory's task logs, listed once for the completeness check and the progress total. */
  private static Map<Path, FileStatus[]> listLogs(FileSystem fs, List<Path> runs) throws IOException {
    Map<Path, FileStatus[]> logs = new java.util.LinkedHashMap<>();
    for (Path run : runs) {
      logs.put(run, fs.listStatus(run, p -> TaskLogFormat.isLogName(p.getName())));
    }
    return logs;
  }

  private static Map<String, RunResult> readResults(FileSystem fs, Path parts) throws IOException {
    Map<String, RunResult> results = new TreeMap<>((a, b) -> {
      int byNumber = Integer.compare(RunDirectory.runIndex(a), RunDirectory.runIndex(b));
      return byNumber != 0 ? byNumber : a.compareTo(b);
    });
    for (FileStatus part : fs.listStatus(parts, p -> p.getName().startsWith("part-"))) {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(part.getPath()),
          StandardCharsets.UTF_8))) {
        String line;
        while ((line = reader.readLine()) != null) {
          RunResult.read(line, results);
        }
      }
    }
    return results;
  }

  private static void write(FileSystem fs, Path file, String text) throws IOException {
    try (OutputStream out = fs.create(file, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }
}
