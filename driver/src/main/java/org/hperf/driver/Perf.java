package org.hperf.driver;

import java.io.File;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.analyzers.AggregateTool;
import org.hperf.analyzers.CompareTool;
import org.hperf.analyzers.ReportTool;
import org.hperf.core.ClientEventLoops;
import org.hperf.core.ExitCode;
import org.hperf.jobs.WorkloadTool;
import org.hperf.loaders.CreateTableTool;
import org.hperf.loaders.LoadTool;
import org.hperf.loaders.VerifyTool;

/**
 * The perf.jar driver: {@code hadoop jar perf.jar <command> [generic options] [options]}. Unlike
 * Hadoop's ProgramDriver it keeps each tool's exit code (0 ok, 1 failed, 2 usage), and it reads
 * hbase-site.xml so a {@code hadoop jar} client finds the cluster's ZooKeeper.
 */
public final class Perf {
  static final List<Command> COMMANDS = List.of(
      new Command(CreateTableTool.NAME, "create the dataset's table, pre-split into equal regions",
          CreateTableTool::new),
      new Command(LoadTool.NAME, "generate the dataset into its table (bulk HFiles or puts)", LoadTool::new),
      new Command(VerifyTool.NAME, "check that every row of the dataset is present and intact",
          VerifyTool::new),
      new Command(WorkloadTool.NAME, "run a workload (YCSB A-F, updateonly, BigTable tests) as a MapReduce job",
          () -> new WorkloadTool(new AggregateYcsbLines())),
      new Command(AggregateTool.NAME, "merge a run's task histogram logs into throughput and percentiles",
          AggregateTool::new),
      new Command(ReportTool.NAME, "text table and self-contained HTML report of aggregated runs", ReportTool::new),
      new Command(CompareTool.NAME, "compare two aggregated runs per operation: change, 95% interval, verdict",
          CompareTool::new),
      new Command(AbTool.NAME, "A/B: the same workloads on two setups, in cluster lifetimes, a verdict with"
          + " its confidence", AbTool::new),
      new Command(SuiteTool.NAME, "the whole method in one command: load, workloads x runs, aggregate, report",
          SuiteTool::new),
      new Command(DemoTool.NAME, "start an embedded HBase cluster and run the tiny suite on it, ending with"
          + " its report", DemoTool::new));

  private Perf() {
  }

  /**
   * Where hperf is installed (conf/workloads, target/): scripts/hperf passes it as -Dhperf.home;
   * otherwise the working directory.
   */
  public static File home() {
    return new File(System.getProperty("hperf.home", "."));
  }

  public static void main(String[] args) {
    ClientEventLoops.shutDownAtExit();
    System.exit(run(args));
  }

  /** The command of that name, or null: the one list of commands, for the driver and the suite. */
  static Command command(String name) {
    return COMMANDS.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  /** Runs a command and returns its exit code; the only caller of System.exit is {@link #main}. */
  public static int run(String[] args) {
    return run(HBaseConfiguration.create(), args);
  }

  /** Runs a command with {@code conf} under its generic options (-conf, -D) and returns its exit code. */
  public static int run(Configuration conf, String[] args) {
    if (args.length == 0) {
      System.err.println("hperf: no command given");
      System.err.print(commandList());
      return ExitCode.USAGE;
    }
    String name = args[0];
    if (name.equals("help") || name.equals("--help") || name.equals("-h")) {
      System.out.print(commandList());
      return ExitCode.OK;
    }
    Command command = command(name);
    if (command == null) {
      System.err.println("hperf: unknown command '" + name + "': run 'hperf help' for the list of commands");
      return ExitCode.USAGE;
    }
    // HBaseConfiguration.create() resolves classes through HBase's class loader. Under
    // 'hadoop jar' HBase sits on the application class path and hperf in RunJar's child loader,
    // so job classes named in the configuration (input formats, mappers) would not be found.
    conf.setClassLoader(Perf.class.getClassLoader());
    String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
    String missingConf = missingConfFile(rest);
    if (missingConf != null) {
      // Hadoop skips a -conf file it cannot find; the command would then talk to the default cluster.
      System.err.println("hperf " + name + ": -conf " + missingConf + " does not exist: give the path of your"
          + " cluster's hbase-site.xml");
      return ExitCode.USAGE;
    }
    try {
      return ToolRunner.run(conf, command.tool().get(), rest);
    } catch (Exception e) {
      System.err.println("hperf " + name + ": failed: " + e);
      e.printStackTrace();
      return ExitCode.FAILED;
    }
  }

  /** The first local {@code -conf} file that does not exist, or null. */
  private static String missingConfFile(String[] args) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals("-conf") || args[i].equals("--conf")) {
        String file = args[i + 1];
        boolean local = !file.contains("://") || file.startsWith("file:");
        if (local && !new File(file.replaceFirst("^file:(//)?", "")).isFile()) {
          return file;
        }
      }
    }
    return null;
  }

  public static String commandList() {
    StringBuilder out = new StringBuilder("usage: hperf <command> [generic options] [options]\n\ncommands:\n");
    for (Command command : COMMANDS) {
      out.append(String.format(Locale.ROOT, "  %-14s %s%n", command.name(), command.summary()));
    }
    out.append("  help           show this list\n\n'hperf <command> --help' shows a command's options and"
        + " defaults. Every command\ntakes --verbose: Hadoop's job log and the counters that are 0 as well.\n");
    return out.toString();
  }
}
