package org.hperf.core;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.util.Tool;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;

/**
 * Base of every command: a Hadoop {@link Tool} (so ToolRunner handles -D, -conf, -libjars) whose
 * options are parsed once, whose --help shows every default, whose --verbose sets
 * {@link Verbosity}, and whose usage errors become one line on stderr and {@link ExitCode#USAGE}.
 * Never calls System.exit: the driver does.
 */
public abstract class HperfTool extends Configured implements Tool {
  /** If set, every job's full configuration is written there as {@code <job id>.xml} (the suite sets it). */
  public static final String JOB_CONF_DIR = "hperf.record.job.conf.dir";
  private static final int HADOOP_PROGRESS_POLL_MS = 1000; // mapred-default.xml
  static final int LOCAL_PROGRESS_POLL_MS = 50;
  private final List<String> jobIds = new ArrayList<>();

  /** The command's options, declared once. */
  protected abstract CommandOptions options();

  /** How many positional arguments the command takes. */
  protected int maxPositionalArguments() {
    return 0;
  }

  /** Runs the parsed command; returns an {@link ExitCode}. */
  protected abstract int execute(ParsedOptions options) throws Exception;

  /**
   * Checks that arguments parse with this command's options, without running anything: used to
   * validate scheduled command lines (the Oozie workflow's actions) before they reach a cluster.
   */
  public final void checkArguments(String[] args) throws UsageException {
    options().parse(args, maxPositionalArguments());
  }

  /** The Hadoop jobs this command submitted, in order: the suite records them per step. */
  public final List<String> jobIds() {
    return List.copyOf(jobIds);
  }

  /**
   * Submits the job, prints its progress until it ends and remembers its id (and, with
   * {@link #JOB_CONF_DIR}, its resolved configuration); true if it succeeded.
   */
  protected final boolean runJob(Job job, JobProgress progress) throws Exception {
    pollLocalJobsOften(job.getConfiguration());
    try {
      return progress.waitForCompletion(job);
    } finally {
      if (job.getJobID() != null) {
        jobIds.add(job.getJobID().toString());
        recordConfiguration(job);
      }
    }
  }

  /**
   * The client notices a job's end on its next poll, 1 s apart by default: in the LocalJobRunner a
   * poll is a method call, so poll every 50 ms there rather than add up to a second to every short
   * job. Only Hadoop's default value is replaced, and it is recognised by its value, not its
   * source: the embedded cluster's hbase-site.xml is a whole configuration written out, so a
   * command run with {@code -conf} against it reads every default with that file as a source.
   */
  static void pollLocalJobsOften(Configuration conf) {
    if ("local".equals(conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME))
        && conf.getInt(Job.PROGRESS_MONITOR_POLL_INTERVAL_KEY, HADOOP_PROGRESS_POLL_MS) == HADOOP_PROGRESS_POLL_MS) {
      conf.setInt(Job.PROGRESS_MONITOR_POLL_INTERVAL_KEY, LOCAL_PROGRESS_POLL_MS);
    }
  }

  /**
   * {@code target} with this command's generic {@code -D key=value} settings (and {@code --verbose})
   * on top: for a command that runs its jobs on a configuration of its own, such as the embedded
   * cluster's, which would otherwise drop them.
   */
  protected final Configuration withCommandLineSettingsOn(Configuration target) {
    for (Map.Entry<String, String> entry : getConf()) {
      String[] sources = getConf().getPropertySources(entry.getKey());
      if (sources != null && Arrays.asList(sources).contains(Verbosity.COMMAND_LINE_SOURCE)) {
        target.set(entry.getKey(), entry.getValue(), Verbosity.COMMAND_LINE_SOURCE);
      }
    }
    return target;
  }

  private static void recordConfiguration(Job job) throws IOException {
    String dir = job.getConfiguration().get(JOB_CONF_DIR);
    if (dir == null) {
      return;
    }
    Path file = new Path(dir, job.getJobID() + ".xml");
    try (OutputStream out = file.getFileSystem(job.getConfiguration()).create(file, true)) {
      job.getConfiguration().writeXml(out);
    }
  }

  @Override
  public final int run(String[] args) throws Exception {
    CommandOptions spec = options();
    try {
      ParsedOptions parsed = spec.parse(args, maxPositionalArguments());
      if (parsed.helpRequested()) {
        System.out.print(spec.help());
        return ExitCode.OK;
      }
      if (parsed.has(CommandOptions.VERBOSE)) {
        Verbosity.setFromCommandLine(getConf());
      }
      ConsoleLog.configure(Verbosity.of(getConf()));
      return execute(parsed);
    } catch (UsageException e) {
      System.err.println("hperf " + spec.command() + ": " + e.getMessage());
      return ExitCode.USAGE;
    }
  }
}
