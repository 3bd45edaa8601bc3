package org.hperf.core;

/**
 * Every property that defines a dataset: its YCSB name (as used in {@code -P} files and
 * {@code -p key=value}), its default and what it means. One declaration serves the option parser,
 * {@code --help}, the job configuration and the values recorded on the table.
 */
public enum DatasetProperty {
  TABLE("table", "usertable", "HBase table that holds the dataset"),
  COLUMN_FAMILY("columnfamily", "family", "column family of every field"),
  RECORD_COUNT("recordcount", "1000000000", "records in the dataset (1 KB each by default)"),
  FIELD_COUNT("fieldcount", "10", "columns per record: field0, field1, ..."),
  FIELD_LENGTH("fieldlength", "100", "bytes per column value (at least 8: the value's version)"),
  INSERT_ORDER("insertorder", "hashed",
      "hashed: keys are FNV-64 hashes of record numbers (YCSB default); ordered: record numbers"),
  ZERO_PADDING("zeropadding", "1", "key digits left-padded with zeros to this width (1..19)"),
  SEED("seed", "1", "seed of every generated value; recorded on the table and in every job");

  /** Prefix of the keys under which a table records its dataset and a job carries it. */
  public static final String RECORDED_PREFIX = "hperf.dataset.";

  private final String key;
  private final String defaultValue;
  private final String description;

  DatasetProperty(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  /** The YCSB property name. */
  public String key() {
    return key;
  }

  public String defaultValue() {
    return defaultValue;
  }

  public String description() {
    return description;
  }

  /** The key used in a job's Configuration and in the table descriptor's values. */
  public String recordedKey() {
    return RECORDED_PREFIX + key;
  }

  /** The property with this YCSB name, or null. */
  public static DatasetProperty byKey(String key) {
    for (DatasetProperty property : values()) {
      if (property.key.equals(key)) {
        return property;
      }
    }
    return null;
  }
}
