package org.hperf.loaders;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.mapreduce.HFileOutputFormat2;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hperf.core.Compactions;
import org.hperf.core.DatasetSpec;
import org.hperf.core.ExistingDataset;
import org.hperf.core.TableSnapshots;
import org.hperf.core.ExitCode;
import org.hperf.core.Footprint;
import org.hperf.core.HBaseAccess;
import org.hperf.core.HperfTool;
import org.hperf.core.JobCounters;
import org.hperf.core.JobProgress;
import org.hperf.core.JobJars;
import org.hperf.core.KeyRangeInputFormat;
import org.hperf.core.Preflight;
import org.hperf.core.RecordRange;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.DatasetOptions;
import org.hperf.core.cli.ParsedOptions;

/**
 * {@code hperf load}: a MapReduce job that generates the dataset's records over synthetic
 * record-number splits and writes them into the table made by create-table, as HFiles for a bulk
 * load (default) or as Puts through the client.
 */
public final class LoadTool extends HperfTool {
  public static final String NAME = "load";
  /**
   * A task has a fixed cost of its own (start, HFile writers opened and closed; in bulk mode it
   * also walks every record number of the range), so a small load gets fewer maps than regions.
   */
  static final long RECORDS_PER_MAP_AT_LEAST = 100_000;

  @Override
  protected CommandOptions options() {
    CommandOptions options = new CommandOptions(NAME, "[options]",
        "Generate the dataset's records into its table with a MapReduce job. First it prints the plan (records,"
            + " bytes with replication, rough time) and refuses to start when HDFS lacks the space.");
    DatasetOptions.addTo(options);
    RecordRange.addTo(options);
    options
        .value(null, "mode", "bulk|put", "bulk: HFiles + bulk load; put: BufferedMutator puts", "bulk")
        .value(null, "clients", "n", "map tasks (as PerformanceEvaluation's clients and hperf run's); bulk: each"
            + " writes the HFiles of a contiguous group of regions (at most one a region; more if a group would hold over " + RegionGroupInputFormat.MAX_KEYS_PER_TASK
            + " keys to sort); put: each a contiguous range of record numbers",
            "one per region, but at least " + RECORDS_PER_MAP_AT_LEAST + " records a map")
        .renamed("maps", "clients")
        .value(null, "hfile-dir", "path", "where bulk mode writes HFiles before loading them; must not exist",
            "${hbase.fs.tmp.dir}/hperf-hfiles-<table>-<time>")
        .flag(null, "wait-for-compactions", "major-compact the table after the load and wait until done")
        .value(null, "compaction-timeout", "minutes", "give up waiting for compactions after this long", "240")
        .value(null, "snapshot", "name", "once loaded (and compacted), keep the table as this HBase snapshot, for"
            + " 'hperf run --restore-snapshot' to start every measurement from the same data; the name must be new",
            "no snapshot");
    return Preflight.addYesTo(options);
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    Map<String, String> given = DatasetOptions.givenProperties(parsed,
        key -> DatasetOptions.isDatasetKey(key) || RecordRange.isRangeKey(key));
    LoadMode mode = LoadMode.parse(parsed.string("mode", "bulk"));
    long compactionTimeoutMinutes = parsed.longValue("compaction-timeout", 240, 1, 7 * 24 * 60);
    Configuration conf = getConf();
    if (mode == LoadMode.BULK) {
      BulkLoadCompatibility.check();
    }
    try (Connection connection = HBaseAccess.connect(conf); Admin admin = connection.getAdmin()) {
      DatasetSpec dataset = ExistingDataset.resolve(admin, given);
      String snapshot = parsed.string("snapshot", null);
      if (snapshot != null) {
        TableSnapshots.checkNew(admin, snapshot);
      }
      RecordRange range = RecordRange.resolve(given, parsed, dataset);
      int regions = regionCount(connection, dataset.tableName());
      int maps = parsed.intValue("clients", defaultMaps(range.count(), regions), 1, 1_000_000);
      Path hfileDir = mode == LoadMode.BULK ? hfileDir(parsed, conf, dataset) : null;
      boolean compacted = parsed.has("wait-for-compactions");
      preflight(LoadPlan.of(conf, dataset, range, regions, mode, maps, compacted, compressionOf(admin, dataset)),
          hfileDir, conf, parsed.has(Preflight.YES));
      Job job = createSubmittableJob(conf, connection, dataset, range, mode, maps, hfileDir);
      System.out.printf(Locale.ROOT, "loading records [%d, %d) into %s (%d regions) in %s mode with %d map tasks%n",
          range.first(), range.end(), dataset.table(), regions, mode.optionValue(),
          job.getConfiguration().getInt(MRJobConfig.NUM_MAPS, maps));
      if (mode == LoadMode.BULK) {
        System.out.println("bulk mode counts records as the maps write them: 0% while each map collects and"
            + " sorts its regions' keys");
      }
      long started = System.nanoTime();
      JobProgress progress = JobProgress.counting("load " + dataset.table(), "records", range.count(),
          LoadCounters.RECORDS_WRITTEN);
      if (!runJob(job, progress)) {
        System.err.println("hperf load: job " + job.getJobID() + " failed: " + job.getStatus().getFailureInfo());
        return ExitCode.FAILED;
      }
      if (mode == LoadMode.BULK) {
        bulkLoad(conf, dataset.tableName(), hfileDir, RegionGroupInputFormat.hfilesPerRegion(job.getConfiguration()));
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      JobCounters.print(job, LoadCounters.class, System.out);
      System.out.printf(Locale.ROOT, "loaded %,d records in %.1f s (%,.0f records/s)%n", range.count(), seconds,
          range.count() / seconds);
      if (compacted) {
        System.out.println("major-compacting " + dataset.table() + " and waiting for it to finish");
        long compacting = System.nanoTime();
        if (!Compactions.majorCompactAndWait(admin, dataset.tableName(), compactionTimeoutMinutes * 60_000,
            System.out, conf.getLong(JobProgress.INTERVAL_SECONDS, 10) * 1000)) {
          System.err.println("hperf load: compactions of " + dataset.table() + " still running after "
              + compactionTimeoutMinutes + " minutes");
          return ExitCode.FAILED;
        }
        System.out.printf(Locale.ROOT, "compactions finished in %.1f s%n", (System.nanoTime() - compacting) / 1e9);
      }
      if (snapshot != null) {
        TableSnapshots.take(admin, dataset.tableName(), snapshot, System.out);
      }
      return ExitCode.OK;
    }
  }

  /**
   * Prints what the load will write and refuses it (exit 2) when the file system lacks the space;
   * asks on a terminal unless --yes. The bytes land where the HFiles are staged (bulk) or on the
   * default file system, HBase's (put).
   */
  private static void preflight(LoadPlan plan, Path hfileDir, Configuration conf, boolean yes)
      throws UsageException, IOException {
    FileSystem fs = hfileDir != null ? hfileDir.getFileSystem(conf) : FileSystem.get(conf);
    Path where = hfileDir != null ? hfileDir : fs.makeQualified(new Path("/"));
    Footprint footprint = plan.footprint(fs.getDefaultReplication(where));
    Preflight preflight = new Preflight(NAME);
    plan.describeTo(preflight, footprint, String.valueOf(hfileDir));
    preflight.line("tables", "none created: " + plan.dataset().table() + " exists");
    preflight.check(footprint, fs, where, "load fewer records (--insertcount)"
        + (plan.mode() == LoadMode.BULK && plan.compacted() ? ", leave out --wait-for-compactions" : "")
        + " or free space on " + fs.getUri(), yes, System.out);
  }

  /** The table's compression and data block encoding as the plan names them, "none" when neither. */
  private static String compressionOf(Admin admin, DatasetSpec dataset) throws IOException {
    ColumnFamilyDescriptor family = admin.getDescriptor(dataset.tableName()).getColumnFamily(dataset.familyBytes());
    List<String> parts = new ArrayList<>();
    if (family.getCompressionType() != Compression.Algorithm.NONE) {
      parts.add(family.getCompressionType().getName() + " compression");
    }
    if (family.getDataBlockEncoding() != DataBlockEncoding.NONE) {
      parts.add(family.getDataBlockEncoding().name().toLowerCase(Locale.ROOT) + " encoding");
    }
    return parts.isEmpty() ? "none" : String.join(" and ", parts);
  }

  /** The load job, ready to submit; public so tests and the suite can run and inspect it. */
  public static Job createSubmittableJob(Configuration baseConf, Connection connection, DatasetSpec dataset,
      RecordRange range, LoadMode mode, int maps, Path hfileDir) throws IOException {
    Configuration conf = new Configuration(baseConf);
    dataset.writeTo(conf);
    if (mode == LoadMode.PUT) {
      KeyRangeInputFormat.setRange(conf, range.first(), range.count(), maps);
    }
    Job job = Job.getInstance(conf, "hperf load " + dataset.table() + " [" + range.first() + ", "
        + range.end() + ") " + mode.optionValue());
    job.setJarByClass(LoadTool.class);
    // A speculative twin would generate and write the same rows again: wasted, never useful here.
    job.setSpeculativeExecution(false);
    if (mode == LoadMode.BULK) {
      // Map-only: each task writes the HFiles of a group of regions (RegionHFileMapper).
      job.setInputFormatClass(RegionGroupInputFormat.class);
      job.setMapperClass(RegionHFileMapper.class);
      job.setNumReduceTasks(0);
      try (Table table = connection.getTable(dataset.tableName());
          RegionLocator locator = connection.getRegionLocator(dataset.tableName())) {
        RegionGroupInputFormat.configure(job.getConfiguration(), locator.getStartKeys(), maps, range);
        // The table's compression, bloom filter, block size and encoding, for the HFile writers.
        HFileOutputFormat2.configureIncrementalLoadMap(job, table.getDescriptor());
      }
      if (hfileDir.getFileSystem(conf) instanceof org.apache.hadoop.fs.LocalFileSystem) {
        // Locality asks the cluster where each region is, over a connection of its own per
        // HFile writer, to place HDFS blocks there; on a local file system there is nothing to place.
        job.getConfiguration().setBoolean(HFileOutputFormat2.LOCALITY_SENSITIVE_CONF_KEY, false);
      }
      job.getConfiguration().setLong(RegionHFileMapper.CELL_TIMESTAMP, System.currentTimeMillis());
      FileOutputFormat.setOutputPath(job, hfileDir);
      // BulkLoadHFiles expects only family directories under hfileDir.
      job.getConfiguration().setBoolean(FileOutputCommitter.SUCCESSFUL_JOB_OUTPUT_DIR_MARKER, false);
    } else {
      job.setInputFormatClass(KeyRangeInputFormat.class);
      job.setMapperClass(RecordGeneratorMapper.class);
      job.setMapOutputKeyClass(ImmutableBytesWritable.class);
      job.setMapOutputValueClass(Put.class);
      TableMapReduceUtil.initTableReducerJob(dataset.table(), null, job, null, null, null, null, false);
      job.setNumReduceTasks(0);
    }
    JobJars.ship(job);
    TableMapReduceUtil.initCredentials(job);
    return job;
  }

  private static void bulkLoad(Configuration baseConf, TableName table, Path hfileDir, int hfilesPerRegion)
      throws IOException {
    Configuration conf = new Configuration(baseConf);
    // BulkLoadHFiles refuses more than 32 files a region by default; record slices make one each.
    conf.setInt(BulkLoadHFiles.MAX_FILES_PER_REGION_PER_FAMILY,
        Math.max(hfilesPerRegion, conf.getInt(BulkLoadHFiles.MAX_FILES_PER_REGION_PER_FAMILY, 32)));
    // BulkLoadHFiles reports nothing while it works, so there is no percent to give, only the end.
    System.out.println("moving the HFiles into " + table.getNameAsString() + " (no progress lines for this step)");
    long started = System.nanoTime();
    Map<?, ?> loaded = BulkLoadHFiles.create(conf).bulkLoad(table, hfileDir);
    System.out.printf(Locale.ROOT, "bulk-loaded %d HFiles into %s in %.1f s%n", loaded.size(), table.getNameAsString(),
        (System.nanoTime() - started) / 1e9);
    hfileDir.getFileSystem(conf).delete(hfileDir, true);
  }

  private static Path hfileDir(ParsedOptions parsed, Configuration conf, DatasetSpec dataset)
      throws UsageException, IOException {
    String given = parsed.string("hfile-dir", null);
    Path dir = given != null ? new Path(given)
        : new Path(LoadPlan.defaultStagingParent(conf),
            "hperf-hfiles-" + dataset.table() + "-" + System.currentTimeMillis());
    FileSystem fs = dir.getFileSystem(conf);
    if (fs.exists(dir)) {
      throw new UsageException("--hfile-dir " + dir + " already exists: give a new directory (it is deleted"
          + " after the bulk load)");
    }
    return fs.makeQualified(dir);
  }

  /** One map per region, but no map of fewer than {@link #RECORDS_PER_MAP_AT_LEAST} records. */
  static int defaultMaps(long records, int regions) {
    long byRecords = (records + RECORDS_PER_MAP_AT_LEAST - 1) / RECORDS_PER_MAP_AT_LEAST;
    return (int) Math.max(1, Math.min(regions, byRecords));
  }

  private static int regionCount(Connection connection, TableName table) throws IOException {
    try (RegionLocator locator = connection.getRegionLocator(table)) {
      return locator.getStartKeys().length;
    }
  }
}
