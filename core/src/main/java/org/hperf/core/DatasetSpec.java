package org.hperf.core;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A validated, immutable description of one dataset: everything the loader, every workload and
 * the verifier must agree on. Written once into a job's Configuration and onto the table itself,
 * read back from either; never re-parsed from strings at each use.
 */
public record DatasetSpec(
    String table,
    String family,
    long recordCount,
    int fieldCount,
    int fieldLengthBytes,
    InsertOrder insertOrder,
    int zeroPadding,
    long seed) {

  public KeySpace keySpace() {
    return new KeySpace(insertOrder, zeroPadding);
  }

  public TableName tableName() {
    return TableName.valueOf(table);
  }

  public byte[] familyBytes() {
    return Bytes.toBytes(family);
  }

  /** Bytes of one record as stored: key plus, per field, qualifier and value (family excluded). */
  public long logicalRowBytes(int keyLength) {
    long perField = 6L + fieldLengthBytes; // "fieldN" for N < 10
    return keyLength + fieldCount * perField;
  }

  /** The longest row key of the dataset: the prefix and the most digits one of its key numbers has. */
  public int maxKeyLengthBytes() {
    int digits = insertOrder == InsertOrder.HASHED ? KeySpace.MAX_DIGITS : KeySpace.decimalDigits(recordCount - 1);
    return KeySpace.KEY_PREFIX.length() + Math.max(zeroPadding, digits);
  }

  /**
   * Bytes one record takes in the load's HFiles (uncompressed, no data block encoding), at most:
   * per cell, HBase's KeyValue (4-byte key and value lengths, 2-byte row length, row, 1-byte family
   * length, family, qualifier, 8-byte timestamp, 1-byte type, value), the 2-byte tags length of
   * HFile format 3 and the 1-byte sequence id (a vlong of 0) of a bulk-loaded cell, with the row key
   * at its longest. Block headers, checksums, index, bloom filter and trailer add well under 1%.
   */
  public long storedRecordBytes() {
    int cellOverheadBytes = 4 + 4 + 2 + 1 + 8 + 1 + 2 + 1;
    long rowAndFamily = maxKeyLengthBytes() + (long) familyBytes().length;
    long bytes = 0;
    for (int field = 0; field < fieldCount; field++) {
      int qualifierBytes = "field".length() + KeySpace.decimalDigits(field);
      bytes += cellOverheadBytes + rowAndFamily + qualifierBytes + fieldLengthBytes;
    }
    return bytes;
  }

  /**
   * Resolves a dataset from the properties the user gave and those recorded on an existing table
   * (empty when there is none). A user value that contradicts the table's is refused, because a
   * load or verify with other parameters than the table was built for would silently measure or
   * check something else.
   */
  public static DatasetSpec resolve(Map<String, String> given, Map<DatasetProperty, String> recorded)
      throws UsageException {
    Map<DatasetProperty, String> values = new EnumMap<>(DatasetProperty.class);
    String table = given.getOrDefault(DatasetProperty.TABLE.key(), DatasetProperty.TABLE.defaultValue());
    for (DatasetProperty property : DatasetProperty.values()) {
      String user = given.get(property.key());
      String onTable = recorded.get(property);
      if (user != null && onTable != null && !sameValue(property, user, onTable)) {
        throw new UsageException("table " + table + " was created with " + property.key() + "="
            + onTable + " but " + property.key() + "=" + user + " was given: leave it out, or"
            + " create another table for that dataset");
      }
      values.put(property, user != null ? user : onTable != null ? onTable : property.defaultValue());
    }
    return fromValues(values);
  }

  private static boolean sameValue(DatasetProperty property, String a, String b) throws UsageException {
    Map<DatasetProperty, String> one = defaults();
    one.put(property, a);
    Map<DatasetProperty, String> other = defaults();
    other.put(property, b);
    return fromValues(one).equals(fromValues(other));
  }

  private static Map<DatasetProperty, String> defaults() {
    Map<DatasetProperty, String> values = new EnumMap<>(DatasetProperty.class);
    for (DatasetProperty property : DatasetProperty.values()) {
      values.put(property, property.defaultValue());
    }
    return values;
  }

  private static DatasetSpec fromValues(Map<DatasetProperty, String> v) throws UsageException {
    String table = v.get(DatasetProperty.TABLE).trim();
    try {
      TableName.valueOf(table);
    } catch (IllegalArgumentException e) {
      throw new UsageException("table=" + table + " is not a valid HBase table name: " + e.getMessage());
    }
    String family = v.get(DatasetProperty.COLUMN_FAMILY).trim();
    if (family.isEmpty() || family.contains(":")) {
      throw new UsageException("columnfamily='" + family + "' is not a valid family name");
    }
    long recordCount = parseLong(DatasetProperty.RECORD_COUNT, v, 1, Long.MAX_VALUE / 2);
    int fieldCount = (int) parseLong(DatasetProperty.FIELD_COUNT, v, 1, 1000);
    int fieldLength = (int) parseLong(DatasetProperty.FIELD_LENGTH, v, RowCodec.VERSION_BYTES, 64 << 20);
    InsertOrder order = InsertOrder.fromProperty(v.get(DatasetProperty.INSERT_ORDER));
    int zeroPadding = (int) parseLong(DatasetProperty.ZERO_PADDING, v, 1, KeySpace.MAX_DIGITS);
    long seed = parseLong(DatasetProperty.SEED, v, Long.MIN_VALUE, Long.MAX_VALUE);
    return new DatasetSpec(table, family, recordCount, fieldCount, fieldLength, order, zeroPadding, seed);
  }

  /** Parses a whole-number property within [min, max], naming the property when it is not. */
  public static long parseLong(DatasetProperty property, Map<DatasetProperty, String> values, long min,
      long max) throws UsageException {
    return Numbers.parseLong(property.key(), values.get(property), min, max);
  }

  /** The properties as the table and jobs record them (all but the table name). */
  public Map<String, String> recordedValues() {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<DatasetProperty, String> e : asProperties().entrySet()) {
      if (e.getKey() != DatasetProperty.TABLE) {
        out.put(e.getKey().recordedKey(), e.getValue());
      }
    }
    return out;
  }

  /** Every property as its YCSB string value. */
  public Map<DatasetProperty, String> asProperties() {
    Map<DatasetProperty, String> values = new EnumMap<>(DatasetProperty.class);
    values.put(DatasetProperty.TABLE, table);
    values.put(DatasetProperty.COLUMN_FAMILY, family);
    values.put(DatasetProperty.RECORD_COUNT, Long.toString(recordCount));
    values.put(DatasetProperty.FIELD_COUNT, Integer.toString(fieldCount));
    values.put(DatasetProperty.FIELD_LENGTH, Integer.toString(fieldLengthBytes));
    values.put(DatasetProperty.INSERT_ORDER, insertOrder.propertyValue());
    values.put(DatasetProperty.ZERO_PADDING, Integer.toString(zeroPadding));
    values.put(DatasetProperty.SEED, Long.toString(seed));
    return values;
  }

  /** The dataset values recorded on a table by create-table; empty if it was not made by hperf. */
  public static Map<DatasetProperty, String> recordedOn(TableDescriptor descriptor) {
    Map<DatasetProperty, String> recorded = new EnumMap<>(DatasetProperty.class);
    for (DatasetProperty property : DatasetProperty.values()) {
      String value = descriptor.getValue(property.recordedKey());
      if (value != null) {
        recorded.put(property, value);
      }
    }
    return recorded;
  }

  /** Writes the dataset into a job's Configuration; {@link #readFrom} is the only reader. */
  public void writeTo(Configuration conf) {
    for (Map.Entry<DatasetProperty, String> e : asProperties().entrySet()) {
      conf.set(e.getKey().recordedKey(), e.getValue());
    }
  }

  /** Reads the dataset a job was submitted with. */
  public static DatasetSpec readFrom(Configuration conf) {
    Map<DatasetProperty, String> values = new EnumMap<>(DatasetProperty.class);
    for (DatasetProperty property : DatasetProperty.values()) {
      String value = conf.get(property.recordedKey());
      if (value == null) {
        throw new IllegalStateException("job configuration lacks " + property.recordedKey());
      }
      values.put(property, value);
    }
    try {
      return fromValues(values);
    } catch (UsageException e) {
      throw new IllegalStateException("job configuration holds a bad dataset: " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "table=" + table + " recordcount=" + recordCount + " fieldcount=" + fieldCount
        + " fieldlength=" + fieldLengthBytes + " insertorder=" + insertOrder.propertyValue()
        + " zeropadding=" + zeroPadding + " columnfamily=" + family + " seed=" + seed;
  }
}
