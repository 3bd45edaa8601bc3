package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hperf.core.cli.CommandOptions;
import org.hperf.core.cli.DatasetOptions;
import org.hperf.core.cli.ParsedOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dataset resolution and option parsing: defaults, precedence, and one clear line per error. */
class DatasetSpecTest {

  @Test
  void defaultsAreYcsbsOneBillionOneKilobyteRecords() throws Exception {
    DatasetSpec spec = DatasetSpec.resolve(Map.of(), Map.of());
    assertEquals("usertable", spec.table());
    assertEquals(1_000_000_000L, spec.recordCount());
    assertEquals(10, spec.fieldCount());
    assertEquals(100, spec.fieldLengthBytes());
    assertEquals(InsertOrder.HASHED, spec.insertOrder());
    assertEquals("family", spec.family());
  }

  @Test
  void aDefaultRecordTakes1580BytesAsHFileCells() throws Exception {
    DatasetSpec spec = DatasetSpec.resolve(Map.of(), Map.of());
    assertEquals(23, spec.maxKeyLengthBytes(), "user + 19 digits of a hashed key number");
    // Per cell: 4 + 4 (key, value lengths) + 2 (row length) + 23 (row) + 1 (family length) + 6 ("family")
    // + 6 ("field0") + 8 (timestamp) + 1 (type) + 100 (value) + 2 (tags length) + 1 (sequence id) = 158.
    assertEquals(10 * 158, spec.storedRecordBytes());
  }

  @Test
  void storedBytesFollowTheKeysQualifiersFamilyAndValues() throws Exception {
    DatasetSpec ordered = DatasetSpec.resolve(Map.of("insertorder", "ordered", "recordcount", "1000",
        "fieldcount", "12", "fieldlength", "50", "columnfamily", "f"), Map.of());
    assertEquals(7, ordered.maxKeyLengthBytes(), "user999");
    // Overhead 23 + row 7 + family 1 + value 50 = 81, plus the qualifier: field0..field9 6, field10, field11 7.
    assertEquals(10 * (81 + 6) + 2 * (81 + 7), ordered.storedRecordBytes());
    DatasetSpec padded = DatasetSpec.resolve(Map.of("insertorder", "ordered", "recordcount", "1000",
        "zeropadding", "10"), Map.of());
    assertEquals(14, padded.maxKeyLengthBytes(), "user0000000999");
    assertEquals(5, DatasetSpec.resolve(Map.of("insertorder", "ordered", "recordcount", "1"), Map.of())
        .maxKeyLengthBytes(), "user0: the only key");
  }

  @Test
  void tableValuesAreDefaultsAndContradictionsAreRefused() throws Exception {
    Map<DatasetProperty, String> recorded = new EnumMap<>(DatasetProperty.class);
    recorded.put(DatasetProperty.RECORD_COUNT, "5000");
    recorded.put(DatasetProperty.SEED, "9");
    assertEquals(5000, DatasetSpec.resolve(Map.of(), recorded).recordCount());
    assertEquals(5000, DatasetSpec.resolve(Map.of("recordcount", "5_000"), recorded).recordCount(),
        "the same value, written differently, is no contradiction");
    UsageException e = assertThrows(UsageException.class,
        () -> DatasetSpec.resolve(Map.of("seed", "10"), recorded));
    assertTrue(e.getMessage().contains("created with seed=9 but seed=10"), e.getMessage());
  }

  @Test
  void badValuesNameTheProperty() {
    assertBad("recordcount", "abc", "recordcount=abc is not a whole number");
    assertBad("recordcount", "-5", "recordcount=-5 is out of range");
    assertBad("recordcount", "0", "recordcount=0 is out of range");
    assertBad("fieldlength", "4", "fieldlength=4 is out of range");
    assertBad("insertorder", "random", "insertorder=random is not known");
    assertBad("zeropadding", "20", "zeropadding=20 is out of range");
    assertBad("table", "bad table", "not a valid HBase table name");
  }

  @Test
  void configurationRoundTrip() throws Exception {
    DatasetSpec spec = DatasetSpec.resolve(Map.of("recordcount", "77", "insertorder", "ordered",
        "zeropadding", "8", "seed", "-3", "table", "t1", "columnfamily", "cf"), Map.of());
    Configuration conf = new Configuration(false);
    spec.writeTo(conf);
    assertEquals(spec, DatasetSpec.readFrom(conf));
  }

  @Test
  void laterSourcesWinAndFileErrorsAreOneLine(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("w.properties");
    Files.write(file, List.of("recordcount=100", "fieldcount=5", "table=from_file"));
    ParsedOptions parsed = parse("-P", file.toString(), "-p", "fieldcount=7", "--table", "from_option");
    Map<String, String> given = DatasetOptions.givenProperties(parsed, DatasetOptions::isDatasetKey);
    DatasetSpec spec = DatasetSpec.resolve(given, Map.of());
    assertEquals(100, spec.recordCount());
    assertEquals(7, spec.fieldCount());
    assertEquals("from_option", spec.table());

    UsageException missing = assertThrows(UsageException.class, () -> DatasetOptions.givenProperties(
        parse("-P", dir.resolve("nope").toString()), k -> true));
    assertTrue(missing.getMessage().contains("no such file"), missing.getMessage());
    UsageException noEquals = assertThrows(UsageException.class,
        () -> DatasetOptions.givenProperties(parse("-p", "recordcount"), k -> true));
    assertTrue(noEquals.getMessage().contains("is not key=value"), noEquals.getMessage());
  }

  @Test
  void unknownOptionsAndStrayArgumentsAreUsageErrors() {
    UsageException unknown = assertThrows(UsageException.class, () -> parse("--bogus"));
    assertTrue(unknown.getMessage().contains("--bogus"), unknown.getMessage());
    UsageException stray = assertThrows(UsageException.class, () -> parse("extra"));
    assertTrue(stray.getMessage().contains("unexpected argument 'extra'"), stray.getMessage());
  }

  @Test
  void helpShowsEveryOptionWithItsDefault() {
    String help = DatasetOptions.addTo(new CommandOptions("x", "[options]", "summary")).help();
    assertTrue(help.contains("--table"), help);
    assertTrue(help.contains("(default: usertable)"), help);
    assertTrue(help.contains("recordcount (1000000000)"), help);
  }

  private static ParsedOptions parse(String... args) throws UsageException {
    return DatasetOptions.addTo(new CommandOptions("x", "[options]", "summary")).parse(args, 0);
  }

  private static void assertBad(String key, String value, String expected) {
    UsageException e = assertThrows(UsageException.class, () -> DatasetSpec.resolve(Map.of(key, value), Map.of()));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }
}
