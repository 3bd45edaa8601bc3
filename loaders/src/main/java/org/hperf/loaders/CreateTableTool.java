package org.hperf.loaders;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.CompressionTest;
import org.hperf.core.DatasetProperty;
import org.hperf.core.DatasetSpec;
import org.hperf.core.ExitCode;
import org.hperf.core.HBaseAccess;
import org.hperf.core.HperfTool;
import org.hperf.core.SplitPlanner;
import org.hperf.core.UsageException;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.DatasetOptions;
import org.hperf.core.cli.ParsedOptions;

/**
 * {@code hperf create-table}: creates the dataset's table pre-split so every region holds an equal
 * share of the keys the loader will write, and records the dataset's parameters on the table so
 * load, verify and workloads default to them. An existing table is left alone unless the user
 * names it and passes {@code --drop-existing}.
 */
public final class CreateTableTool extends HperfTool {
  public static final String NAME = "create-table";
  public static final int DEFAULT_REGIONS = 250;

  @Override
  protected CommandOptions options() {
    CommandOptions options = new CommandOptions(NAME, "[options]",
        "Create the dataset's table, pre-split into equal regions, recording the dataset on it.");
    return DatasetOptions.addTo(options)
        .value(null, "regions", "n", "regions to pre-split into", Integer.toString(DEFAULT_REGIONS))
        .value(null, "compression", "algo", "compression: none, gz, snappy, lz4, zstd, ...", "none")
        .value(null, "data-block-encoding", "enc", "data block encoding: none, prefix, diff, fast_diff, row_index_v1",
            "none")
        .value(null, "bloom-filter", "type", "bloom filter: none, row, rowcol", "row")
        .value(null, "block-size", "bytes", "HFile block size", "65536")
        .flag(null, "in-memory", "give the family in-memory priority in the block cache")
        .value(null, "max-versions", "n", "versions kept per cell", "1")
        .flag(null, "drop-existing", "drop the named table first if it exists (its data is lost);"
            + " needs --table");
  }

  @Override
  protected int execute(ParsedOptions parsed) throws Exception {
    Map<String, String> given = DatasetOptions.givenProperties(parsed, DatasetOptions::isDatasetKey);
    DatasetSpec dataset = DatasetSpec.resolve(given, Map.of());
    int regions = DatasetOptions.regions(parsed, DEFAULT_REGIONS);
    boolean dropExisting = parsed.has("drop-existing");
    if (dropExisting && !parsed.has("table") && !given.containsKey(DatasetProperty.TABLE.key())) {
      throw new UsageException("--drop-existing deletes a table, so name it: add --table <name>");
    }
    TableDescriptor descriptor = describe(dataset, parsed);
    byte[][] splits = planSplits(dataset, regions);
    try (Connection connection = HBaseAccess.connect(getConf()); Admin admin = connection.getAdmin()) {
      if (admin.tableExists(dataset.tableName())) {
        if (!dropExisting) {
          throw new UsageException("table " + dataset.table() + " already exists and was left as it is:"
              + " pick another --table, or add --drop-existing to delete and recreate it");
        }
        System.out.println("dropping existing table " + dataset.table() + " (--drop-existing)");
        if (admin.isTableEnabled(dataset.tableName())) {
          admin.disableTable(dataset.tableName());
        }
        admin.deleteTable(dataset.tableName());
      }
      if (splits.length == 0) {
        admin.createTable(descriptor);
      } else {
        admin.createTable(descriptor, splits);
      }
    }
    System.out.printf(Locale.ROOT, "created table %s with %d regions for %s%n", dataset.table(), regions, dataset);
    return ExitCode.OK;
  }

  private static byte[][] planSplits(DatasetSpec dataset, int regions) throws UsageException {
    long started = System.nanoTime();
    byte[][] splits = new SplitPlanner(dataset.keySpace()).splitKeys(0, dataset.recordCount(), regions);
    System.out.printf(Locale.ROOT, "planned %d split keys over %d records in %.1f s%n", splits.length,
        dataset.recordCount(), (System.nanoTime() - started) / 1e9);
    return splits;
  }

  private static TableDescriptor describe(DatasetSpec dataset, ParsedOptions parsed)
      throws UsageException, IOException {
    Compression.Algorithm compression = compression(parsed.string("compression", "none"));
    DataBlockEncoding encoding = enumOption("data-block-encoding", parsed.string("data-block-encoding", "none"),
        DataBlockEncoding.class);
    BloomType bloom = enumOption("bloom-filter", parsed.string("bloom-filter", "row"), BloomType.class);
    ColumnFamilyDescriptorBuilder family = ColumnFamilyDescriptorBuilder.newBuilder(dataset.familyBytes())
        .setCompressionType(compression)
        .setDataBlockEncoding(encoding)
        .setBloomFilterType(bloom)
        .setBlocksize(parsed.intValue("block-size", 65536, 1024, 16 << 20))
        .setInMemory(parsed.has("in-memory"))
        .setMaxVersions(parsed.intValue("max-versions", 1, 1, Integer.MAX_VALUE));
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(dataset.tableName())
        .setColumnFamily(family.build());
    dataset.recordedValues().forEach(table::setValue);
    return table.build();
  }

  private static Compression.Algorithm compression(String name) throws UsageException {
    Compression.Algorithm algorithm;
    try {
      algorithm = Compression.getCompressionAlgorithmByName(name.toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--compression " + name + " is not known: use none, gz, snappy, lz4, zstd,"
          + " lzo, bzip2 or lzma");
    }
    try {
      CompressionTest.testCompression(algorithm);
    } catch (IOException e) {
      throw new UsageException("--compression " + name + " is not available on this client: "
          + e.getMessage());
    }
    return algorithm;
  }

  private static <E extends Enum<E>> E enumOption(String option, String value, Class<E> type)
      throws UsageException {
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(value)) {
        return constant;
      }
    }
    throw new UsageException("--" + option + " " + value + " is not known: use one of "
        + java.util.Arrays.toString(type.getEnumConstants()).toLowerCase(Locale.ROOT));
  }
}
