package org.hperf.driver;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.hperf.core.HperfTool;
import org.hperf.core.UsageException;

/**
 * An embedded duet's clusters ({@code hperf ab --duet} with --a-set/--b-set, no --a-hbase/--b-hbase):
 * each side an embedded cluster of its own in a JVM of its own ({@link EmbeddedClusterProcess}) in
 * {@code <dir>/cluster-a|b}, and every command of a side (load, verify, its runs) in a JVM of its
 * own with the side's client configuration, on the side's CPUs once its lifetimes begin. A lifetime
 * replaces the side's region servers by new ones started with its settings, as the serial embedded
 * comparison does (its master, ZooKeeper and file system stay up, in the side's JVM); both sides'
 * clusters are stopped on every way out, the JVM's end included.
 *
 * <p>Why processes: on one JVM the two sides would share a JIT, a heap and its collector, and no
 * CPU could be a side's own. Two embedded clusters pinned side by side, restarted whole every
 * lifetime, gave an A/A of +0.2% [-7.8%, +8.8%] in 4 lifetimes of 5 min in all (scripts/bench-duet-probe),
 * against the pseudo-distributed duet's [-14%, +14%] in 31 min.
 */
final class TwoEmbeddedClusters implements AbClusters {
  /** Each side's cluster JVM: a tiny or small table and its block cache. */
  static final String CLUSTER_HEAP = "2g";
  /** Each command's JVM: its local job's tasks (the clients, or a load's sort) run in it. */
  static final String COMMAND_HEAP = "2g";
  private static final long GIB = 1L << 30;
  /** Both sides' JVMs at their heaps, and 2 GB for what JVMs take beyond their heap. */
  static final long NEEDED_BYTES = 2 * (2 + 2) * GIB + 2 * GIB;

  private final AbPlan plan;
  private final File dir;
  private final Configuration commandConf;
  /** Each side's cluster, by the side's name. */
  private final Map<String, EmbeddedClusterProcess> clusters = new ConcurrentHashMap<>();
  /** Each side's CPUs as taskset takes them, once its lifetimes have placed it. */
  private final Map<String, String> cpus = new ConcurrentHashMap<>();
  private final Set<Process> commands = ConcurrentHashMap.newKeySet();
  private final StringBuilder unpinned = new StringBuilder();
  private final CpuPinning pinning;
  private final Thread stopper;
  private int logNumber;

  TwoEmbeddedClusters(AbPlan plan, Path dir, Configuration commandConf) {
    this.plan = plan;
    this.dir = new File(dir.toUri().getPath()).getAbsoluteFile();
    this.commandConf = commandConf;
    this.pinning = CpuPinning.available(unpinned).orElse(null);
    this.stopper = new Thread(this::kill, "hperf-ab-stop-embedded-clusters");
    Runtime.getRuntime().addShutdownHook(stopper);
  }

  /** Memory for both sides' JVMs, and tables on new clusters: checked before anything starts. */
  @Override
  public void check(AbPlan plan) throws Exception {
    if (plan.useExisting()) {
      throw new UsageException("--use-existing needs tables on running clusters: the two embedded clusters of a duet"
          + " are new and empty; drop --use-existing");
    }
    long available = MachineMemory.availableBytes();
    if (available >= 0 && available < NEEDED_BYTES) {
      throw new UsageException(String.format(Locale.ROOT, "not enough memory for a duet: both sides' embedded"
          + " clusters and commands need %.0f GB, this machine has %.1f GB available; free memory, or drop --duet"
          + " (one side at a time)", NEEDED_BYTES / (double) GIB, available / (double) GIB));
    }
    AbComparison.progress(pinning == null ? "--duet: " + unpinned + "; the sides run beside each other on every CPU"
        : "--duet: each side's embedded cluster and its commands in JVMs of their own on CPU " + pinning.cpuList(0)
            + " or " + pinning.cpuList(1) + ", swapped between lifetimes");
  }

  @Override
  public void beginLoading(AbPlan.Side side, boolean again) throws Exception {
    File clusterDir = clusterDir(side.name());
    AbComparison.progress("starting side " + side.name() + "'s embedded cluster in a JVM of its own, in " + clusterDir);
    FileUtil.fullyDelete(clusterDir);
    clusters.put(side.name(), EmbeddedClusterProcess.start("side " + side.name() + "'s cluster", clusterDir, 1,
        CLUSTER_HEAP, new File(logs(), side.name().toLowerCase(Locale.ROOT) + "-cluster.log")));
  }

  /** The side's cluster stays up: its lifetimes restart its region servers. */
  @Override
  public void endLoading(AbPlan.Side side) {
  }

  @Override
  public String beginLifetime(AbPlan.Side side) throws Exception {
    Map<String, String> settings = plan.clientSide() ? Map.of() : side.settings();
    AbComparison.progress("side " + side.name() + ": restarting the region servers" + (settings.isEmpty() ? ""
        : " with the settings " + settings));
    String restart = cluster(side).restartRegionServers(settings);
    System.out.println("   " + restart);
    return restart;
  }

  /** The side's cluster JVM pinned to half {@code half} of the CPUs, and its commands started there from now on. */
  @Override
  public String place(AbPlan.Side side, int half) throws Exception {
    if (pinning == null) {
      return unpinned.toString();
    }
    String placed = pinning.pin(half, Map.of("embedded cluster", cluster(side).pid()));
    cpus.put(side.name(), pinning.cpuList(half));
    return placed + " and its commands' JVMs";
  }

  @Override
  public void endLifetime(AbPlan.Side side) {
  }

  /**
   * The command in a JVM of its own (on the side's CPUs once placed), with the side's cluster's site
   * file and its settings; ended, with an error, if it outlives {@code bound}.
   */
  @Override
  public Done command(AbPlan.Side side, String name, List<String> command, Duration bound) throws Exception {
    List<String> args = new ArrayList<>(List.of(command.get(0), "-conf", cluster(side).site().getPath()));
    genericSettings(side).forEach((key, value) -> args.addAll(List.of("-D", key + "=" + value)));
    args.addAll(command.subList(1, command.size()));
    String cpuList = cpus.get(side.name());
    List<String> prefix = cpuList == null ? List.of() : List.of("taskset", "-c", cpuList);
    File log = nextLog(side.name().toLowerCase(Locale.ROOT) + "-" + name);
    Process process = new ProcessBuilder(ChildJvm.command(prefix, COMMAND_HEAP, List.of(), Perf.class.getName(), args))
        .redirectErrorStream(true).redirectOutput(log).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
    commands.add(process);
    long started = System.nanoTime();
    try {
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor(1, TimeUnit.MINUTES);
        throw new IOException("side " + side.name() + ": hperf " + command.get(0) + " did not finish within "
            + bound.toSeconds() + " s: it was ended (log " + log + ")");
      }
      return new Done(process.exitValue(), (System.nanoTime() - started) / 1_000_000, log.getPath());
    } finally {
      commands.remove(process);
      process.destroyForcibly();
    }
  }

  /**
   * What every command of the side runs with beyond the site file: where jobs keep their
   * configurations, the user's own -D options (the site file would not carry them), and the side's
   * settings (its clients').
   */
  private Map<String, String> genericSettings(AbPlan.Side side) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put(HperfTool.JOB_CONF_DIR, new Path(new Path(dir.toURI()), "jobs").toString());
    settings.putAll(CommandLineSettings.of(commandConf));
    settings.putAll(side.settings());
    return settings;
  }

  private synchronized File nextLog(String name) throws IOException {
    Files.createDirectories(logs().toPath());
    return new File(logs(), String.format(Locale.ROOT, "%03d-%s.log", ++logNumber, name));
  }

  private File logs() {
    return new File(dir, "logs");
  }

  private File clusterDir(String sideName) {
    return new File(dir, "cluster-" + sideName.toLowerCase(Locale.ROOT));
  }

  private EmbeddedClusterProcess cluster(AbPlan.Side side) {
    EmbeddedClusterProcess cluster = clusters.get(side.name());
    if (cluster == null) {
      throw new IllegalStateException("side " + side.name() + "'s cluster was not started");
    }
    return cluster;
  }

  @Override
  public Configuration localConf() {
    Configuration conf = new Configuration(commandConf);
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }

  @Override
  public String loadMode() {
    return "bulk";
  }

  @Override
  public String lifetimeMeaning() {
    return "each: the side's region servers restarted with its settings in the side's own JVM (its master, ZooKeeper"
        + " and file system stay up), every workload warmed until steady and measured once";
  }

  @Override
  public boolean restarts() {
    return true;
  }

  /** The servers' JIT is their cluster JVM's, not the clients' (each command has its own JVM). */
  @Override
  public boolean judgesSteadiness() {
    return true;
  }

  @Override
  public String leftBehind() {
    return "; every command's log and both clusters' in " + logs();
  }

  /** Stops both clusters (their data deleted: the comparison's results are its directory's), and any command left. */
  @Override
  public void close() {
    commands.forEach(Process::destroyForcibly);
    for (String sideName : new TreeSet<>(clusters.keySet())) {
      AbComparison.progress("stopping side " + sideName + "'s embedded cluster");
      clusters.get(sideName).close();
      FileUtil.fullyDelete(clusterDir(sideName));
    }
    clusters.clear();
    try {
      Runtime.getRuntime().removeShutdownHook(stopper);
    } catch (IllegalStateException e) {
      // The JVM is shutting down: the hook runs, or has run.
    }
  }

  /** The JVM ends (Ctrl-C, kill): every process of the comparison ended at once. */
  private void kill() {
    commands.forEach(Process::destroyForcibly);
    clusters.values().forEach(EmbeddedClusterProcess::kill);
  }
}
