package org.hperf.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.hperf.core.ExitCode;
import org.hperf.core.InsertOrder;
import org.hperf.core.KeySpace;
import org.hperf.core.testing.ToolRun;
import org.hperf.testkit.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** create-table, load (both modes) and verify against a real in-process HBase cluster. */
@ExtendWith(MiniClusterExtension.class)
class LoadVerifyIT {
  private static final int RECORDS = 20_000;
  private static final int REGIONS = 16;
  private static final KeySpace KEYS = new KeySpace(InsertOrder.HASHED, 1);

  @Test
  void bulkLoadFillsEveryRegionEquallyAndVerifies() throws Exception {
    createTable("bulk_t", RECORDS, REGIONS);
    ToolRun load = MiniClusterExtension.run(new LoadTool(), "--table", "bulk_t", "--mode", "bulk", "--clients", "4",
        "--wait-for-compactions");
    assertEquals(ExitCode.OK, load.exitCode(), load.all());
    assertTrue(load.out().contains("compactions finished"), load.all());
    // The preflight, on the mini cluster's file system: the plan, then (no terminal in a test) no question.
    assertTrue(load.out().contains("hperf load will:\n  records  " + String.format("%,d", RECORDS) + " records [0, "
        + RECORDS + ") into bulk_t: 16 regions, bulk mode, 4 map tasks\n"), load.all());
    assertTrue(load.out().contains("\n  space    needs "), load.all());
    assertTrue(load.out().contains("\nnot on a terminal: going on without asking"), load.all());
    assertCounter(load, "Records written", RECORDS);
    assertCounter(load, "Cells written", RECORDS * 10L);

    int[] rowsPerRegion = rowsPerRegion("bulk_t");
    assertEquals(REGIONS, rowsPerRegion.length);
    for (int rows : rowsPerRegion) {
      assertEquals(RECORDS / REGIONS, rows, "rows per region: " + Arrays.toString(rowsPerRegion));
    }
    assertVerifies("bulk_t", RECORDS);
  }

  @Test
  void bulkLoadInRecordSlicesGivesEachRegionOneHFileASliceAndVerifies() throws Exception {
    createTable("sliced_t", RECORDS, REGIONS);
    // 4 groups of 4 regions hold 5,000 keys each: over 3,000, so each group's records in 2 slices.
    ToolRun load = MiniClusterExtension.run(new LoadTool(), "-D", "hperf.load.max.keys.per.task=3000",
        "--table", "sliced_t", "--clients", "4");
    assertEquals(ExitCode.OK, load.exitCode(), load.all());
    assertTrue(load.out().contains("with 8 map tasks"), load.all());
    assertCounter(load, "Records written", RECORDS);
    int[] hfiles = hfilesPerRegion("sliced_t");
    assertEquals(REGIONS, hfiles.length);
    for (int files : hfiles) {
      assertEquals(2, files, "HFiles per region: " + Arrays.toString(hfiles));
    }
    assertVerifies("sliced_t", RECORDS);
  }

  /** Bulk mode's tasks walk only their slice of the range, so a second load adds the other half. */
  @ParameterizedTest
  @ValueSource(strings = {"put", "bulk"})
  void loadInTwoRangesVerifiesEachRangeThenTheWhole(String mode) throws Exception {
    String table = mode + "_range_t";
    createTable(table, RECORDS, REGIONS);
    ToolRun first = MiniClusterExtension.run(new LoadTool(), "--table", table, "--mode", mode,
        "--insertstart", "0", "--insertcount", "10000");
    assertEquals(ExitCode.OK, first.exitCode(), first.all());
    assertCounter(first, "Records written", 10_000);

    ToolRun firstHalf = MiniClusterExtension.run(new VerifyTool(), "--table", table, "-p", "insertcount=10000");
    assertEquals(ExitCode.OK, firstHalf.exitCode(), firstHalf.all());
    assertCounter(firstHalf, "Rows intact", 10_000);

    ToolRun whole = MiniClusterExtension.run(new VerifyTool(), "--table", table);
    assertEquals(ExitCode.FAILED, whole.exitCode(), "half the rows are not loaded yet\n" + whole.all());
    assertCounter(whole, "Rows missing", 10_000);

    ToolRun second = MiniClusterExtension.run(new LoadTool(), "--table", table, "--mode", mode,
        "-p", "insertstart=10000");
    assertEquals(ExitCode.OK, second.exitCode(), second.all());
    assertCounter(second, "Records written", 10_000);
    assertVerifies(table, RECORDS);
  }

  @Test
  void verifyNamesACorruptCellADeletedRowAndAStrayRow() throws Exception {
    createTable("damaged_t", 2_000, 4);
    ToolRun load = MiniClusterExtension.run(new LoadTool(), "--table", "damaged_t", "--mode", "put");
    assertEquals(ExitCode.OK, load.exitCode(), load.all());
    byte[] corrupted = KEYS.rowKey(17);
    byte[] deleted = KEYS.rowKey(1234);
    try (Connection connection = ConnectionFactory.createConnection(MiniClusterExtension.cluster().configuration());
        Table table = connection.getTable(TableName.valueOf("damaged_t"))) {
      byte[] value = table.get(new org.apache.hadoop.hbase.client.Get(corrupted))
          .getValue(Bytes.toBytes("family"), Bytes.toBytes("field3"));
      value[value.length - 1] ^= 1;
      table.put(new Put(corrupted).addColumn(Bytes.toBytes("family"), Bytes.toBytes("field3"), value));
      table.delete(new Delete(deleted));
      table.put(new Put(Bytes.toBytes("user-stray")).addColumn(Bytes.toBytes("family"), Bytes.toBytes("field0"),
          Bytes.toBytes("x")));
    }
    ToolRun verify = MiniClusterExtension.run(new VerifyTool(), "--table", "damaged_t");
    assertEquals(ExitCode.FAILED, verify.exitCode(), verify.all());
    assertCounter(verify, "Rows intact", 1_998);
    assertCounter(verify, "Rows corrupt", 1);
    assertCounter(verify, "Rows missing", 1);
    assertCounter(verify, "Rows unexpected", 1);
    assertTrue(verify.err().contains("CORRUPT " + Bytes.toString(corrupted) + ": field3"), verify.all());
    assertTrue(verify.err().contains("MISSING " + Bytes.toString(deleted)), verify.all());
    assertTrue(verify.err().contains("UNEXPECTED user-stray"), verify.all());
  }

  @Test
  void createTableRefusesAnExistingTableAndLeavesItsDataAlone() throws Exception {
    createTable("kept_t", 1_000, 2);
    ToolRun load = MiniClusterExtension.run(new LoadTool(), "--table", "kept_t", "--mode", "put");
    assertEquals(ExitCode.OK, load.exitCode(), load.all());

    ToolRun again = MiniClusterExtension.run(new CreateTableTool(), "--table", "kept_t", "--recordcount", "1000",
        "--regions", "2");
    assertEquals(ExitCode.USAGE, again.exitCode(), again.all());
    assertTrue(again.err().contains("table kept_t already exists"), again.all());
    assertEquals(1, again.err().strip().lines().count(), "one clear line: " + again.err());
    assertVerifies("kept_t", 1_000);
  }

  @Test
  void loadRefusesToContradictTheDatasetRecordedOnTheTable() throws Exception {
    createTable("recorded_t", 1_000, 2);
    ToolRun load = MiniClusterExtension.run(new LoadTool(), "--table", "recorded_t", "--recordcount", "5000");
    assertEquals(ExitCode.USAGE, load.exitCode(), load.all());
    assertTrue(load.err().contains("recordcount=1000 but recordcount=5000"), load.all());
    assertEquals(0, rowsPerRegion("recorded_t")[0] + rowsPerRegion("recorded_t")[1]);
  }

  /**
   * load --snapshot keeps the loaded table; restoring it undoes later writes, so verify finds every
   * row intact again; a snapshot name already taken is refused before anything is loaded.
   */
  @Test
  void aLoadKeptAsASnapshotIsRestoredOverLaterWritesAndANameIsNeverReused() throws Exception {
    createTable("snap_t", 2_000, 2);
    ToolRun load = MiniClusterExtension.run(new LoadTool(), "--table", "snap_t", "--mode", "put", "--snapshot",
        "snap_t_loaded");
    assertEquals(ExitCode.OK, load.exitCode(), load.all());
    assertTrue(load.out().contains("snapshot snap_t_loaded of snap_t taken"), load.all());
    TableName table = TableName.valueOf("snap_t");
    try (Connection connection = ConnectionFactory.createConnection(MiniClusterExtension.cluster().configuration());
        Table t = connection.getTable(table);
        org.apache.hadoop.hbase.client.Admin admin = connection.getAdmin()) {
      byte[] row = KEYS.rowKey(7);
      t.delete(new Delete(row));
      ToolRun damaged = MiniClusterExtension.run(new VerifyTool(), "--table", "snap_t");
      assertCounter(damaged, "Rows missing", 1);
      java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
      org.hperf.core.TableSnapshots.restore(admin, table, "snap_t_loaded", new java.io.PrintStream(said, true));
      assertTrue(said.toString().contains("table snap_t restored from snapshot snap_t_loaded"), said.toString());
      assertTrue(admin.isTableEnabled(table));
    }
    assertVerifies("snap_t", 2_000);
    ToolRun again = MiniClusterExtension.run(new LoadTool(), "--table", "snap_t", "--mode", "put", "--snapshot",
        "snap_t_loaded");
    assertEquals(ExitCode.USAGE, again.exitCode(), again.all());
    assertTrue(again.err().contains("--snapshot snap_t_loaded: a snapshot of that name exists"), again.all());
    assertTrue(!again.out().contains("loading records"), "refused before loading: " + again.all());
  }

  private static void createTable(String table, int records, int regions) throws Exception {
    ToolRun create = MiniClusterExtension.run(new CreateTableTool(), "--table", table,
        "--recordcount", Integer.toString(records), "--regions", Integer.toString(regions));
    assertEquals(ExitCode.OK, create.exitCode(), create.all());
  }

  private static void assertVerifies(String table, long rows) throws Exception {
    ToolRun verify = MiniClusterExtension.run(new VerifyTool(), "--table", table);
    assertEquals(ExitCode.OK, verify.exitCode(), verify.all());
    assertCounter(verify, "Rows intact", rows);
    assertCounter(verify, "Rows missing", 0);
    assertCounter(verify, "Rows corrupt", 0);
    assertCounter(verify, "Rows unexpected", 0);
  }

  /**
   * Reads a counter from the tool's printed counter table, by its display name. Without --verbose a
   * counter of 0 is not printed: absent is 0, and a printed 0 is wrong.
   */
  static void assertCounter(ToolRun run, String displayName, long expected) {
    Matcher m = Pattern.compile("^\\s+" + Pattern.quote(displayName) + "\\s+([\\d,]+)$", Pattern.MULTILINE)
        .matcher(run.out());
    long actual = m.find() ? Long.parseLong(m.group(1).replace(",", "")) : 0;
    assertEquals(expected, actual, displayName + "\n" + run.all());
    assertTrue(expected != 0 || !m.find(0), displayName + " of 0 printed without --verbose\n" + run.all());
  }

  /** The store files of each region's one family, counted in the cluster's root directory. */
  private static int[] hfilesPerRegion(String tableName) throws IOException {
    Configuration conf = MiniClusterExtension.cluster().configuration();
    Path tableDir = CommonFSUtils.getTableDir(CommonFSUtils.getRootDir(conf), TableName.valueOf(tableName));
    FileSystem fs = tableDir.getFileSystem(conf);
    return Arrays.stream(fs.listStatus(tableDir))
        .filter(region -> region.isDirectory() && !region.getPath().getName().startsWith("."))
        .mapToInt(region -> {
          try {
            FileStatus[] families = fs.listStatus(region.getPath(),
                path -> !path.getName().startsWith(".") && !path.getName().equals("recovered.edits"));
            int files = 0;
            for (FileStatus family : families) {
              if (family.isDirectory()) {
                files += fs.listStatus(family.getPath()).length;
              }
            }
            return files;
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }).toArray();
  }

  private static int[] rowsPerRegion(String tableName) throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(MiniClusterExtension.cluster().configuration());
        RegionLocator locator = connection.getRegionLocator(TableName.valueOf(tableName));
        Table table = connection.getTable(TableName.valueOf(tableName))) {
      byte[][] starts = locator.getStartKeys();
      int[] counts = new int[starts.length];
      try (ResultScanner scanner = table.getScanner(new Scan().setCaching(1000))) {
        for (Result result : scanner) {
          int region = 0;
          while (region + 1 < starts.length && Bytes.compareTo(result.getRow(), starts[region + 1]) >= 0) {
            region++;
          }
          counts[region]++;
        }
      }
      return counts;
    }
  }
}
