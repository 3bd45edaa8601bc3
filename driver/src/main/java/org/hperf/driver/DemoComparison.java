package org.hperf.driver;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.core.ExitCode;
import org.hperf.core.UsageException;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.core.cli.RunOptions;
import org.hperf.testkit.EmbeddedCluster;

/**
 * The demo's last part: {@code hperf ab} on the demo's own cluster, two settings on the same data
 * (side B's region servers with {@code --b-set}, by default the block cache off), in the fewest
 * cluster lifetimes a verdict allows (2 a side), each its region servers restarted with the side's
 * settings, warmed until steady and measured; it ends in ab's verdict line. A taste of the method,
 * with a table of its own, small, so that it fits the demo's minutes: {@code hperf ab} is the tool.
 */
final class DemoComparison {
  static final String DEFAULT_B_SETTING = "hfile.block.cache.size=0";
  static final String WORKLOAD = "workloadc";
  /**
   * The fewest that give an interval. 3 a side decided more surely (B 58% slower [48%, 66%]) but
   * made the demo 192 s long where 2 took 147 s; with 2, Welch's interval is wide when one side's
   * two lifetimes lie apart (6 of 7 demos decided: B 39-46% slower; the seventh inconclusive at
   * -41%).
   */
  static final int LIFETIMES_A_SIDE = 2;
  static final long RECORDS = 20_000;
  static final int REGIONS = 4;

  private final List<String> arguments;
  private final List<String> bSettings;
  private final File dir;

  private DemoComparison(List<String> arguments, List<String> bSettings, File dir) {
    this.arguments = List.copyOf(arguments);
    this.bSettings = List.copyOf(bSettings);
    this.dir = dir;
  }

  /** The comparison the demo's options ask for, in {@code <demo dir>/compare}; ab checks its values. */
  static DemoComparison of(ParsedOptions parsed, File demoDir) throws UsageException {
    File dir = new File(demoDir, "compare");
    List<String> bSettings = parsed.has("b-set") ? List.of(parsed.all("b-set")) : List.of(DEFAULT_B_SETTING);
    List<String> args = new ArrayList<>(List.of("--dir", dir.getPath(), "--workloads", WORKLOAD,
        "--runs", Integer.toString(LIFETIMES_A_SIDE), "--recordcount", Long.toString(RECORDS),
        "--regions", Integer.toString(REGIONS),
        "--duration", Long.toString(RunOptions.durationSeconds(parsed, DemoTool.DURATION_SECONDS)),
        "--warmup", Long.toString(RunOptions.warmupSeconds(parsed, DemoTool.CLIENT_WARMUP_SECONDS)),
        "--server-warmup", Long.toString(Math.max(1, RunOptions.serverWarmupSeconds(parsed,
            DemoTool.SERVER_WARMUP_SECONDS, true)))));
    for (String option : List.of("clients", "threads")) {
      if (parsed.has(option)) {
        args.addAll(List.of("--" + option, parsed.string(option, null)));
      }
    }
    for (String setting : bSettings) {
      args.addAll(List.of("--b-set", setting));
    }
    return new DemoComparison(args, bSettings, dir);
  }

  /** ab's arguments, as the demo runs it. */
  List<String> arguments() {
    return arguments;
  }

  /** The plan's lines: what is compared, and how. */
  List<String> description() {
    return List.of("  2. hperf ab: B = " + String.join(" ", bSettings) + " against the cluster's own settings,",
        String.format(Locale.ROOT, "     %s on %,d rows, %d cluster lifetimes a side (restart, warm up, measure)",
            WORKLOAD, RECORDS, LIFETIMES_A_SIDE));
  }

  /** ab on the cluster, its progress followed on the console; its exit code. */
  int run(DemoConsole console, EmbeddedCluster cluster, Configuration conf) throws Exception {
    long started = System.nanoTime();
    console.follow(new DemoConsole.Stage("comparison", new File(dir, AbComparison.STATE),
        key -> key.matches("load\\.[AB]\\.[a-z-]+|lifetime\\.[AB]\\d+"), 3 * 2 + 2 * LIFETIMES_A_SIDE));
    System.out.println("\n== hperf ab " + String.join(" ", arguments));
    int code = ToolRunner.run(conf, new AbTool(cluster), arguments.toArray(new String[0]));
    if (code == ExitCode.OK) {
      console.println(String.format(Locale.ROOT, "comparison done in %.0f s", (System.nanoTime() - started) / 1e9));
    }
    return code;
  }

  /** ab's verdict as its summary says it, and where the rest of it is. */
  void printVerdict() throws IOException {
    File verdict = new File(dir, "verdict.txt");
    System.out.println("verdict (B = " + String.join(" ", bSettings) + ", " + LIFETIMES_A_SIDE + " lifetimes a side):");
    for (String line : AbVerdict.summaryLines(Files.readString(verdict.toPath(), StandardCharsets.UTF_8))) {
      System.out.println("  " + line);
    }
    System.out.println("  the comparison whole: " + verdict + ", " + new File(dir, "report.html"));
  }
}
