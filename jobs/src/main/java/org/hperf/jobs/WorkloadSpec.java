package org.hperf.jobs;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.hperf.core.Numbers;
import org.hperf.core.OperationType;
import org.hperf.core.UsageException;
import org.hperf.core.generators.Distribution;

/**
 * A validated workload, from YCSB-compatible properties (YCSB's own workload files are accepted
 * unchanged) with YCSB's CoreWorkload defaults. Parsed once on the client; the raw properties
 * travel in the job configuration and each task parses them again into this same object.
 */
public record WorkloadSpec(
    String name,
    long recordCount,
    long operationCount,
    Map<OperationType, Double> proportions,
    Distribution requestDistribution,
    boolean readAllFields,
    boolean writeAllFields,
    int minScanLength,
    int maxScanLength,
    boolean zipfianScanLength,
    double hotspotDataFraction,
    double hotspotOpnFraction,
    double exponentialPercentile,
    double exponentialFraction,
    long maxExecutionTimeSeconds,
    boolean prewarm) {

  /** Workload properties hperf reads, beyond the dataset's; everything else gets a warning. */
  public static final Set<String> KEYS = Set.of("operationcount", "readproportion", "updateproportion",
      "insertproportion", "scanproportion", "readmodifywriteproportion", "requestdistribution",
      "readallfields", "writeallfields", "minscanlength", "maxscanlength", "scanlengthdistribution",
      "hotspotdatafraction", "hotspotopnfraction", "exponential.percentile", "exponential.frac",
      "maxexecutiontime", "insertstart", "insertcount", "hperf.workload.name", "hperf.prewarm",
      // YCSB's files name their workload class; hperf runs the core workload it describes.
      "workload");
  static final String CONF_PREFIX = "hperf.workload.property.";

  /**
   * Parses the workload properties. {@code tableRecordCount} is what the table holds: YCSB's
   * run-phase recordcount may choose among fewer records, never more.
   */
  public static WorkloadSpec parse(Map<String, String> p, long tableRecordCount) throws UsageException {
    String name = p.getOrDefault("hperf.workload.name", "workload");
    long records = p.containsKey("recordcount")
        ? Numbers.parseLong("recordcount", p.get("recordcount"), 1, tableRecordCount) : tableRecordCount;
    long operations = Numbers.parseLong("operationcount", p.getOrDefault("operationcount", "0"), 0,
        Long.MAX_VALUE / 4);
    Map<OperationType, Double> proportions = new EnumMap<>(OperationType.class);
    double sum = 0;
    for (OperationType op : OperationType.values()) {
      String fallback = op == OperationType.READ ? "0.95" : op == OperationType.UPDATE ? "0.05" : "0";
      double share = Numbers.parseDouble(op.proportionKey(), p.getOrDefault(op.proportionKey(), fallback), 0, 1);
      proportions.put(op, share);
      sum += share;
    }
    if (Math.abs(sum - 1.0) > 1e-6) {
      throw new UsageException("readproportion + updateproportion + insertproportion + scanproportion +"
          + " readmodifywriteproportion = " + sum + " in workload " + name + ": they must add up to 1");
    }
    Distribution distribution = Distribution.fromProperty("requestdistribution",
        p.getOrDefault("requestdistribution", "uniform"));
    int maxScan = (int) Numbers.parseLong("maxscanlength", p.getOrDefault("maxscanlength", "1000"), 1, 1_000_000);
    int minScan = (int) Numbers.parseLong("minscanlength", p.getOrDefault("minscanlength", "1"), 1, maxScan);
    String scanLengths = p.getOrDefault("scanlengthdistribution", "uniform").trim();
    if (!scanLengths.equals("uniform") && !scanLengths.equals("zipfian")) {
      throw new UsageException("scanlengthdistribution=" + scanLengths + " is not known: use uniform or zipfian");
    }
    return new WorkloadSpec(name, records, operations, proportions, distribution,
        bool(p, "readallfields", true), bool(p, "writeallfields", false), minScan, maxScan,
        scanLengths.equals("zipfian"),
        Numbers.parseDouble("hotspotdatafraction", p.getOrDefault("hotspotdatafraction", "0.2"), 0, 1),
        Numbers.parseDouble("hotspotopnfraction", p.getOrDefault("hotspotopnfraction", "0.8"), 0, 1),
        Numbers.parseDouble("exponential.percentile", p.getOrDefault("exponential.percentile", "95"), 0.001,
            99.999),
        Numbers.parseDouble("exponential.frac", p.getOrDefault("exponential.frac", "0.8571428571"), 1e-9, 1),
        Numbers.parseLong("maxexecutiontime", p.getOrDefault("maxexecutiontime", "0"), 0, Long.MAX_VALUE / 4000),
        bool(p, "hperf.prewarm", false));
  }

  private static boolean bool(Map<String, String> p, String key, boolean fallback) throws UsageException {
    String value = p.get(key);
    if (value == null) {
      return fallback;
    }
    if (value.trim().equalsIgnoreCase("true") || value.trim().equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value.trim());
    }
    throw new UsageException(key + "=" + value + " is not a boolean: use true or false");
  }

  public double proportion(OperationType op) {
    return proportions.get(op);
  }

  /** True if the mix performs this operation, directly or inside a read-modify-write. */
  public boolean performs(OperationType op) {
    double rmw = proportion(OperationType.READ_MODIFY_WRITE);
    return proportion(op) > 0 || (rmw > 0 && (op == OperationType.READ || op == OperationType.UPDATE));
  }

  /** Inserts YCSB expects, to size the scrambled-zipfian key space so popular keys never move. */
  public long expectedInserts() {
    return (long) (operationCount * proportion(OperationType.INSERT) * 2.0);
  }

  /** The workload's properties, as the job carries them to its tasks. */
  public static void writeTo(Configuration conf, Map<String, String> properties) {
    properties.forEach((key, value) -> conf.set(CONF_PREFIX + key, value));
  }

  /** Reads what {@link #writeTo} wrote. */
  public static Map<String, String> readFrom(Configuration conf) {
    Map<String, String> properties = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : conf.getPropsWithPrefix(CONF_PREFIX).entrySet()) {
      properties.put(e.getKey(), e.getValue());
    }
    return properties;
  }
}
