package org.hperf.dist;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.core.EmbeddedCluster;
import org.hperf.core.ExitCode;
import org.hperf.core.HperfTool;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.ParsedOptions;
import org.hperf.loaders.CreateTableTool;
import org.hperf.loaders.LoadTool;
import org.hperf.loaders.VerifyTool;

/**
 * {@code perf demo}: starts a real HBase cluster in this JVM and runs the same commands a cluster
 * user runs, create-table, load and verify, at a small scale. Only the Configuration differs from
 * a real cluster: the jobs and code paths are the same.
 */
public final class DemoTool extends HperfTool {
  public static final String NAME = "demo";

  @Override
  protected CommandOptions options() {
    return new CommandOptions(NAME, "[options]",
        "Start an embedded HBase cluster (ZooKeeper, master, region server on the local file system)"
            + " and run create-table, load and verify on it.")
        .value(null, "table", "name", "table to create", "usertable")
        .value(null, "recordcount", "n", "records to load", "100000")
        .value(null, "regions", "n", "regions to pre-split into", "16")
        .value(null, "mode", "bulk|put", "load mode", "bulk")
        .value(null, "dir", "path", "where the cluster keeps its files (wiped at start)",
            "<hperf home>/target/embedded")
        .flag(null, "keep-running", "leave the cluster up after the demo, until Ctrl-C, and print how to"
            + " point other commands at it");
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    String table = parsed.string("table", "usertable");
    long records = parsed.longValue("recordcount", 100_000, 1, 1_000_000_000_000L);
    int regions = parsed.intValue("regions", 16, 1, 10_000);
    String mode = parsed.string("mode", "bulk");
    File dir = new File(parsed.string("dir",
        new File(System.getProperty("hperf.home", "."), "target/embedded").getPath())).getAbsoluteFile();
    FileUtil.fullyDelete(dir);
    System.out.println("starting an embedded HBase cluster in " + dir);
    long started = System.nanoTime();
    EmbeddedCluster cluster = EmbeddedCluster.start(dir, 1);
    try {
      System.out.printf("cluster up in %.1f s (ZooKeeper on localhost:%d)%n", (System.nanoTime() - started) / 1e9,
          cluster.zooKeeperPort());
      Configuration conf = cluster.configuration();
      int code = step(conf, CreateTableTool.NAME, new CreateTableTool(), "--table", table, "--recordcount", Long.toString(records),
          "--regions", Integer.toString(regions));
      if (code == ExitCode.OK) {
        code = step(conf, LoadTool.NAME, new LoadTool(), "--table", table, "--mode", mode);
      }
      if (code == ExitCode.OK) {
        code = step(conf, VerifyTool.NAME, new VerifyTool(), "--table", table);
      }
      System.out.println(code == ExitCode.OK ? "demo finished: every row loaded and verified"
          : "demo failed with exit code " + code);
      if (parsed.has("keep-running")) {
        keepRunning(cluster, dir);
      }
      return code;
    } finally {
      System.out.println("shutting the embedded cluster down");
      cluster.close();
    }
  }

  private static int step(Configuration conf, String name, Tool tool, String... args) throws Exception {
    System.out.println();
    System.out.println("== perf " + name + " " + String.join(" ", args));
    return ToolRunner.run(new Configuration(conf), tool, args);
  }

  /** Writes a client configuration for the cluster and blocks until the JVM is interrupted. */
  private static void keepRunning(EmbeddedCluster cluster, File dir) throws IOException, InterruptedException {
    File site = new File(dir, "hbase-site.xml");
    try (OutputStream out = new FileOutputStream(site)) {
      cluster.configuration().writeXml(out);
    }
    System.out.println();
    System.out.println("the cluster keeps running; press Ctrl-C to stop it. Point other commands at it with:");
    System.out.println("  scripts/perf verify -conf " + site + " --table usertable");
    System.out.println("or, for other HBase clients: hbase.zookeeper.quorum=localhost"
        + " hbase.zookeeper.property.clientPort=" + cluster.zooKeeperPort());
    // Ctrl-C runs shutdown hooks, not finally blocks: the hook stops the cluster cleanly.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        cluster.close();
      } catch (IOException e) {
        System.err.println("perf demo: embedded cluster did not stop cleanly: " + e);
      }
    }, "hperf-demo-stop"));
    Thread.currentThread().join();
  }
}
