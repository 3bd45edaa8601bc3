package org.hperf.loaders;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hperf.core.DatasetSpec;
import org.hperf.core.Footprint;
import org.hperf.core.Preflight;
import org.hperf.core.RecordRange;

/**
 * A load as its preflight shows it: which records go into which table in how many tasks, the bytes
 * they take on the file system and roughly how long the tasks work. The suite shows the same for
 * its load step, before the table exists.
 *
 * @param taskGroups bulk: the groups of regions whose tasks each walk every record number; put: the tasks
 * @param compression the table's compression and data block encoding, e.g. "snappy compression", or "none":
 *     the bytes are counted without either
 */
public record LoadPlan(DatasetSpec dataset, RecordRange range, int regions, LoadMode mode, int taskGroups,
    int mapTasks, boolean compacted, String compression) {

  /** The plan of a load with {@code maps} as given to {@code --maps}, tasks counted as the job will. */
  public static LoadPlan of(Configuration conf, DatasetSpec dataset, RecordRange range, int regions, LoadMode mode,
      int maps, boolean compacted, String compression) {
    if (mode == LoadMode.PUT) {
      return new LoadPlan(dataset, range, regions, mode, maps, maps, compacted, compression);
    }
    int groups = Math.max(1, Math.min(maps, regions));
    int slices = RegionGroupInputFormat.slices(range.count(), regions, groups,
        conf.getLong(RegionGroupInputFormat.MAX_KEYS_PER_TASK_KEY, RegionGroupInputFormat.MAX_KEYS_PER_TASK));
    return new LoadPlan(dataset, range, regions, mode, groups, groups * slices, compacted, compression);
  }

  /** The plan of a load of the whole dataset with the default --maps, as the suite runs it. */
  public static LoadPlan ofWholeDataset(Configuration conf, DatasetSpec dataset, int regions, LoadMode mode,
      boolean compacted) {
    return of(conf, dataset, new RecordRange(0, dataset.recordCount()), regions, mode,
        LoadTool.defaultMaps(dataset.recordCount(), regions), compacted, "none");
  }

  /** Where a bulk load stages its HFiles unless --hfile-dir says otherwise (under HBase's own staging). */
  public static Path defaultStagingParent(Configuration conf) {
    return new Path(conf.get("hbase.fs.tmp.dir", "/tmp/hbase-staging"));
  }

  /** The bytes on the file system with {@code replication}, and a second copy for a while when there is one. */
  public Footprint footprint(int replication) {
    String secondCopy = mode == LoadMode.PUT ? "the WAL and compactions" : compacted ? "the major compaction" : null;
    return new Footprint(range.count(), dataset.storedRecordBytes(), replication, secondCopy);
  }

  /** CPU seconds of the map tasks, roughly; NaN for a put load, for which no rate was measured. */
  public double cpuSeconds() {
    return mode == LoadMode.BULK ? RoughCost.bulkLoadCpuSeconds(range.count(), taskGroups) : Double.NaN;
  }

  /** The plan's lines: records, record size, bytes, time; {@code staging} is where a bulk load's HFiles go first. */
  public void describeTo(Preflight preflight, Footprint footprint, String staging) {
    preflight.line("records", String.format(Locale.ROOT, "%,d records [%d, %d) into %s: %,d regions, %s mode, %,d map task%s",
        range.count(), range.first(), range.end(), dataset.table(), regions, mode.optionValue(), mapTasks,
        mapTasks == 1 ? "" : "s"));
    preflight.line("size", String.format(Locale.ROOT, "%,d bytes a record as HFile cells (%d fields of %d bytes, keys of at"
        + " most %d bytes), %s", dataset.storedRecordBytes(), dataset.fieldCount(), dataset.fieldLengthBytes(),
        dataset.maxKeyLengthBytes(), "none".equalsIgnoreCase(compression) ? "uncompressed"
            : "before the table's " + compression));
    String replicated = Footprint.decimal(footprint.replicatedBytes()) + " with " + footprint.replication()
        + (footprint.replication() == 1 ? " replica" : " replicas");
    String data = Footprint.decimal(footprint.dataBytes());
    if (mode == LoadMode.BULK) {
      preflight.line("bytes", data + " of HFiles, staged in " + staging + " and moved into the table: " + replicated
          + (compacted ? "; up to as much again while the major compaction rewrites them" : ""));
      preflight.line("time", RoughCost.cpuTime(cpuSeconds()) + " of map tasks (" + RoughCost.caveat() + ")"
          + (compacted ? ", then the major compaction" : ""));
    } else {
      preflight.line("bytes", data + " of HFiles once flushed: " + replicated
          + "; up to as much again in WALs and compactions meanwhile");
      preflight.line("time", "not estimated: no rate was measured for a put load");
    }
  }
}
