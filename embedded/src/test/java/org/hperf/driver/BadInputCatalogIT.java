package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.hperf.testkit.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad input the issue lists, through the driver exactly as a user types it (a {@code -conf}
 * hbase-site.xml pointing at the mini cluster): exit code 2, one line on stderr naming the problem
 * and the fix, and nothing touched: the table's cells (a digest of every cell), the list of tables
 * and the run directories are the same afterwards, and no output directory appears. The catalog of
 * cases, messages and exit codes is written to target/bad-input-catalog.md.
 */
@ExtendWith(MiniClusterExtension.class)
class BadInputCatalogIT {
  private static final String TABLE = "catalog_t";
  private static final String HUGE_TABLE = "catalog_huge_t";
  private static final File DIR = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "catalog")
      .getAbsoluteFile();
  private static final File SITE = new File(DIR, "hbase-site.xml");
  private static final File RUN_C = new File(DIR, "runs/workloadc");
  private static final File RUN_U = new File(DIR, "runs/updateonly");
  private static final File RUN_TRUNCATED = new File(DIR, "runs/truncated");
  private static final File RUN_CORRUPT = new File(DIR, "runs/corrupt");
  private static final File SCRATCH = new File(DIR, "must-not-exist");
  /** A command's own local file system instead of the JVM's cached one (not shown in the catalog). */
  private static final String OWN_FILE_SYSTEM = "-Dfs.file.impl.disable.cache=true";
  private static final List<String> CATALOG = new ArrayList<>();

  private static byte[] tableDigest;
  private static String[] tables;
  private static String runDirListing;

  @BeforeAll
  static void tableAndRuns() throws Exception {
    FileUtil.fullyDelete(DIR);
    assertTrue(DIR.mkdirs());
    try (OutputStream out = new FileOutputStream(SITE)) {
      MiniClusterExtension.cluster().configuration().writeXml(out);
    }
    ok("create-table", "--table", TABLE, "--recordcount", "2000", "--regions", "2");
    ok("load", "--table", TABLE, "--mode", "put");
    // A dataset no test machine holds: 10,000 records of 1,000 fields of 64 MB, 640 TB as HFiles; left empty.
    ok("create-table", "--table", HUGE_TABLE, "--recordcount", "10000", "--regions", "1", "-p", "fieldcount=1000",
        "-p", "fieldlength=" + (64 << 20));
    for (File run : List.of(RUN_C, RUN_U)) {
      ok("run", "-P", workload(run.getName()), "--table", TABLE, "--clients", "1", "--threads", "2",
          "--operationcount", "300", "--output", run.getPath());
      ok("aggregate", run.getPath());
    }
    // Truncated: cut in half, with no checksum file, as a log copied off a crashed disk would be.
    org.apache.commons.io.FileUtils.copyDirectory(RUN_C, RUN_TRUNCATED);
    FileUtil.fullyDelete(new File(RUN_TRUNCATED, "aggregate"));
    new File(RUN_TRUNCATED, "run-1/.client-00000.hlog.crc").delete();
    halve(new File(RUN_TRUNCATED, "run-1/client-00000.hlog"));
    // Corrupt: copied through the checksummed local file system (which writes .crc files), then cut.
    // A new instance: the mini cluster turns checksums off on the JVM's cached local file system.
    Configuration local = new Configuration();
    try (LocalFileSystem fs = FileSystem.newInstanceLocal(local)) {
      fs.setWriteChecksum(true);
      FileUtil.copy(fs, new Path(RUN_C.toURI()), fs, new Path(RUN_CORRUPT.toURI()), false, local);
    }
    FileUtil.fullyDelete(new File(RUN_CORRUPT, "aggregate"));
    assertTrue(new File(RUN_CORRUPT, "run-1/.client-00000.hlog.crc").isFile(), "the copy has a checksum file");
    halve(new File(RUN_CORRUPT, "run-1/client-00000.hlog"));
    tableDigest = tableDigest();
    tables = tableNames();
    runDirListing = listing(new File(DIR, "runs"));
  }

  private static void halve(File file) throws IOException {
    try (RandomAccessFile log = new RandomAccessFile(file, "rw")) {
      log.setLength(log.length() / 2);
    }
  }

  @AfterAll
  static void writeCatalog() throws IOException {
    List<String> lines = new ArrayList<>(List.of("| case | command | message (stderr) | exit code |",
        "| --- | --- | --- | --- |"));
    lines.addAll(CATALOG);
    Files.write(new File("target/bad-input-catalog.md").toPath(), lines, StandardCharsets.UTF_8);
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        bad("unknown command", "unknown command 'frobnicate'", "frobnicate"),
        bad("unknown option", "--bogus", "verify", "--table", TABLE, "--bogus"),
        bad("non-numeric record count", "recordcount=ten is not a whole number", "create-table", "--table", "new_t", "--recordcount", "ten"),
        bad("negative record count", "recordcount=-5 is out of range", "create-table", "--table", "new_t", "--recordcount", "-5"),
        bad("zero record count", "recordcount=0 is out of range", "create-table", "--table", "new_t", "--recordcount", "0"),
        bad("proportions do not sum to 1", "readproportion + updateproportion", "run", "-P", workload("workloada"),
            "--table", TABLE, "-p", "readproportion=0.7", "--duration", "1", "--output", SCRATCH.getPath()),
        bad("unknown distribution", "requestdistribution=pareto is not known", "run", "-P", workload("workloada"),
            "--table", TABLE, "-p", "requestdistribution=pareto", "--duration", "1", "--output", SCRATCH.getPath()),
        bad("missing workload file", "no such file", "run", "-P", workload("nope"), "--table", TABLE,
            "--duration", "1", "--output", SCRATCH.getPath()),
        bad("table missing (run)", "table no_such_t does not exist", "run", "-P", workload("workloadc"),
            "--table", "no_such_t", "--duration", "1", "--output", SCRATCH.getPath()),
        bad("table missing (load)", "table no_such_t does not exist", "load", "--table", "no_such_t"),
        bad("table missing (verify)", "table no_such_t does not exist", "verify", "--table", "no_such_t"),
        bad("table exists, no --drop-existing", "--drop-existing", "create-table", "--table", TABLE,
            "--recordcount", "2000", "--regions", "2"),
        bad("regions below 1", "--regions", "create-table", "--table", "new_t", "--recordcount", "100",
            "--regions", "0"),
        bad("regions above the number of keys", "regions", "create-table", "--table", "new_t", "--recordcount",
            "10", "--regions", "11"),
        bad("unreachable ZooKeeper", "ZooKeeper", "verify", "-D", "hbase.zookeeper.property.clientPort=1",
            "-D", "hperf.connect.timeout.seconds=5", "--table", TABLE),
        bad("output directory exists", "already exists", "run", "-P", workload("workloadc"), "--table", TABLE,
            "--duration", "1", "--output", RUN_C.getPath()),
        bad("compare of incompatible runs", "different workloads", "compare", RUN_C.getPath(), RUN_U.getPath()),
        bad("truncated .hlog", "is truncated", "aggregate", RUN_TRUNCATED.getPath()),
        // The mini cluster turned checksum verification off on this JVM's cached local file system, where
        // it would find the log merely "truncated"; a file system of its own verifies them, as a user's does.
        bad("corrupt .hlog (checksum mismatch)", "client-00000.hlog is corrupt: its content does not match its"
            + " checksum", "aggregate", OWN_FILE_SYSTEM, RUN_CORRUPT.getPath()),
        bad("missing -conf file", "-conf /no/such/hbase-site.xml does not exist", "verify", "-conf",
            "/no/such/hbase-site.xml", "--table", TABLE),
        bad("duration zero", "--duration=0 is out of range", "run", "-P", workload("workloadc"), "--table", TABLE,
            "--duration", "0", "--output", SCRATCH.getPath()),
        bad("target zero", "--target=0 is out of range", "run", "-P", workload("workloadc"), "--table", TABLE,
            "--duration", "1", "--target", "0", "--output", SCRATCH.getPath()),
        bad("duration not positive", "--duration", "run", "-P", workload("workloadc"), "--table", TABLE,
            "--duration", "-1", "--output", SCRATCH.getPath()),
        bad("target not positive", "--target", "run", "-P", workload("workloadc"), "--table", TABLE,
            "--duration", "1", "--target", "-5", "--output", SCRATCH.getPath()),
        bad("fieldcount contradicts the table", "fieldcount", "run", "-P", workload("workloadc"), "--table", TABLE,
            "-p", "fieldcount=5", "--duration", "1", "--output", SCRATCH.getPath()),
        bad("recordcount above the table's", "recordcount", "run", "-P", workload("workloadc"), "--table", TABLE,
            "-p", "recordcount=9999999", "--duration", "1", "--output", SCRATCH.getPath()),
        bad("unknown load mode", "--mode", "load", "--table", TABLE, "--mode", "bulky"),
        bad("load larger than HDFS's free space", "not enough free space on ", "load", "--table", HUGE_TABLE),
        bad("suite without --dir", "--dir is required", "suite", "--scale", "tiny"),
        bad("aggregate of a missing directory", "is not a directory", "aggregate", SCRATCH.getPath()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void badInputIsOneLineExitTwoAndTouchesNothing(String name, String expected, String[] args) throws Exception {
    ToolRun run = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> ToolRun.capture(() -> Perf.run(args)),
        "fails within a bounded time, not a hang");
    String err = run.err().strip();
    assertEquals(ExitCode.USAGE, run.exitCode(), run.all());
    assertEquals(1, err.lines().count(), "one line on stderr:\n" + run.err());
    assertTrue(err.contains(expected), "the line names the problem (" + expected + "): " + err);

    assertArrayEquals(tableDigest, tableDigest(), "the table's data is unchanged");
    assertArrayEquals(tables, tableNames(), "no table was created or dropped");
    assertEquals(runDirListing, listing(new File(DIR, "runs")), "the run directories are unchanged");
    assertFalse(SCRATCH.exists(), "no output directory was created");
    CATALOG.add("| " + name + " | `hperf " + String.join(" ", shown(args)) + "` | " + err.replace("|", "\\|")
        + " | " + run.exitCode() + " |");
  }

  /** A case; every command but the unknown one gets the cluster's -conf, as a user's would. */
  private static Arguments bad(String name, String expected, String command, String... rest) {
    // The unknown command stays bare: the driver refuses it before any option is read.
    String[] args = command.equals("frobnicate") ? new String[] {command} : withConf(command, rest);
    return Arguments.of(name, expected, args);
  }

  /** {@code command -conf <the cluster's hbase-site.xml> rest...}: generic options come first. */
  private static String[] withConf(String command, String... rest) {
    List<String> args = new ArrayList<>(List.of(command, "-conf", SITE.getPath()));
    args.addAll(Arrays.asList(rest));
    return args.toArray(new String[0]);
  }

  /** The command line as the catalog shows it: paths relative to the test directory, no -conf. */
  private static List<String> shown(String[] args) {
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("-conf") && i + 1 < args.length && args[i + 1].equals(SITE.getPath())) {
        i++;
        continue;
      }
      if (args[i].equals(OWN_FILE_SYSTEM)) {
        continue;
      }
      shown.add(args[i].replace(DIR.getPath() + "/", "").replace(new File("..").getAbsolutePath() + "/", ""));
    }
    return shown;
  }

  private static String workload(String name) {
    return new File("../conf/workloads", name).getAbsolutePath();
  }

  private static void ok(String command, String... rest) throws Exception {
    ToolRun run = ToolRun.capture(() -> Perf.run(withConf(command, rest)));
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
  }

  /** SHA-256 over every cell of the table: row, family, qualifier, timestamp and value. */
  private static byte[] tableDigest() throws Exception {
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    try (Connection connection = ConnectionFactory.createConnection(MiniClusterExtension.cluster().configuration());
        Table table = connection.getTable(TableName.valueOf(TABLE));
        ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          digest.update(CellUtil.cloneRow(cell));
          digest.update(CellUtil.cloneFamily(cell));
          digest.update(CellUtil.cloneQualifier(cell));
          digest.update(Bytes.toBytes(cell.getTimestamp()));
          digest.update(CellUtil.cloneValue(cell));
        }
      }
    }
    return digest.digest();
  }

  private static String[] tableNames() throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(MiniClusterExtension.cluster().configuration());
        Admin admin = connection.getAdmin()) {
      return Arrays.stream(admin.listTableNames()).map(TableName::getNameAsString).sorted().toArray(String[]::new);
    }
  }

  /** Every file under {@code dir} with its length and modification time. */
  private static String listing(File dir) throws IOException {
    try (Stream<java.nio.file.Path> files = Files.walk(dir.toPath())) {
      return files.sorted().map(p -> p + " " + p.toFile().length() + " " + p.toFile().lastModified())
          .reduce("", (a, b) -> a + b + "\n");
    }
  }
}
