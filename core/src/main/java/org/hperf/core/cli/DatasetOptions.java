package org.hperf.core.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import org.hperf.core.DatasetProperty;
import org.hperf.core.UsageException;

/**
 * The options every dataset command shares, with one name everywhere: YCSB-style {@code -P file}
 * and {@code -p key=value}, and {@code --table} / {@code --recordcount} as shorthands. Later
 * sources win: -P files in order, then -p, then the shorthands.
 */
public final class DatasetOptions {
  /** The limits of a dataset a command creates (create-table, suite, ab, demo). */
  public static final long MAX_RECORDS = Long.MAX_VALUE / 2;
  public static final int MAX_REGIONS = 1_000_000;

  private DatasetOptions() {
  }

  /** --recordcount of a dataset a command creates. */
  public static long recordCount(ParsedOptions parsed, long defaultValue) throws UsageException {
    return parsed.longValue("recordcount", defaultValue, 1, MAX_RECORDS);
  }

  /** --regions of a table a command creates. */
  public static int regions(ParsedOptions parsed, int defaultValue) throws UsageException {
    return parsed.intValue("regions", defaultValue, 1, MAX_REGIONS);
  }

  public static CommandOptions addTo(CommandOptions options) {
    return options
        .value(null, "table", "name", DatasetProperty.TABLE.description(), DatasetProperty.TABLE.defaultValue())
        .value(null, "recordcount", "n", DatasetProperty.RECORD_COUNT.description(),
            "the table's recorded value, else " + DatasetProperty.RECORD_COUNT.defaultValue())
        .repeated("P", null, "file", "YCSB-style property file; may be repeated, later files win")
        .repeated("p", null, "key=value", "one property, e.g. -p fieldcount=10; may be repeated;"
            + " dataset properties: " + datasetKeys());
  }

  private static String datasetKeys() {
    StringBuilder keys = new StringBuilder();
    for (DatasetProperty property : DatasetProperty.values()) {
      keys.append(keys.length() == 0 ? "" : ", ").append(property.key()).append(" (")
          .append(property.defaultValue()).append(')');
    }
    return keys.toString();
  }

  /**
   * Every property the user gave, by name. Keys that {@code isKnown} rejects are reported on
   * stderr as warnings (YCSB files carry keys hperf does not use), not errors.
   */
  public static Map<String, String> givenProperties(ParsedOptions parsed, Predicate<String> isKnown)
      throws UsageException {
    Map<String, String> given = new LinkedHashMap<>();
    for (String file : parsed.all("P")) {
      given.putAll(readPropertyFile(Path.of(file)));
    }
    for (String pair : parsed.all("p")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new UsageException("-p " + pair + " is not key=value: write e.g. -p recordcount=100000");
      }
      given.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
    }
    if (parsed.has("table")) {
      given.put(DatasetProperty.TABLE.key(), parsed.string("table", null));
    }
    if (parsed.has("recordcount")) {
      given.put(DatasetProperty.RECORD_COUNT.key(), parsed.string("recordcount", null));
    }
    for (String key : given.keySet()) {
      if (!isKnown.test(key)) {
        System.err.println("hperf: warning: property '" + key + "' is not used by this command; ignored");
      }
    }
    return given;
  }

  public static boolean isDatasetKey(String key) {
    return DatasetProperty.byKey(key) != null;
  }

  /** A YCSB-style property file, values trimmed; a missing or unreadable file is a usage error. */
  public static Map<String, String> readPropertyFile(Path file) throws UsageException {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (NoSuchFileException e) {
      throw new UsageException("-P " + file + ": no such file: give the path of a YCSB property file");
    } catch (IOException | IllegalArgumentException e) {
      throw new UsageException("-P " + file + ": cannot be read as a property file: " + e.getMessage());
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (String name : properties.stringPropertyNames()) {
      values.put(name, properties.getProperty(name).trim());
    }
    return values;
  }
}
