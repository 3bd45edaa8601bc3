package org.hperf.core;

import java.util.Map;
import org.hperf.core.cli.CommandOptions;

/**
 * A sub-range of a dataset's record numbers, {@code [first, first + count)}, given YCSB-style as
 * {@code insertstart} and {@code insertcount}; the whole dataset by default.
 */
public record RecordRange(long first, long count) {
  public static final String INSERT_START = "insertstart";
  public static final String INSERT_COUNT = "insertcount";

  public long end() {
    return first + count;
  }

  public boolean contains(long recordNumber) {
    return recordNumber >= first && recordNumber < first + count;
  }

  public static CommandOptions addTo(CommandOptions options) {
    return options
        .value(null, INSERT_START, "n", "first record number of the range", "0")
        .value(null, INSERT_COUNT, "n", "records in the range", "recordcount - insertstart");
  }

  public static boolean isRangeKey(String key) {
    return INSERT_START.equals(key) || INSERT_COUNT.equals(key);
  }

  /** The range from -p/-P properties and the options of the same name (options win). */
  public static RecordRange resolve(Map<String, String> given, org.hperf.core.cli.ParsedOptions parsed,
      DatasetSpec dataset) throws UsageException {
    String startText = parsed.string(INSERT_START, given.get(INSERT_START));
    String countText = parsed.string(INSERT_COUNT, given.get(INSERT_COUNT));
    long start = startText == null ? 0 : Numbers.parseLong(INSERT_START, startText, 0, dataset.recordCount() - 1);
    long maxCount = dataset.recordCount() - start;
    long count = countText == null ? maxCount : Numbers.parseLong(INSERT_COUNT, countText, 1, maxCount);
    return new RecordRange(start, count);
  }
}
