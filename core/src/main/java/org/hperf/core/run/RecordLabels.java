package org.hperf.core.run;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hperf.core.DatasetProperty;

/**
 * A run record's keys ({@link RunRecord}, as summary.json's configuration repeats them) as people
 * read them: each in one of five groups, under a label instead of its key ("Warm-up before
 * measuring (s)", not {@code run.warmup.seconds}), counters by their display names ("Read OK",
 * not {@code run.1.counter.READ_OK}), times as UTC dates. Beside {@link RunRecord} because the
 * keys are its own; a key this class does not know (a newer writer's) keeps its key as its label,
 * in the group its prefix says, so nothing recorded is hidden.
 */
public final class RecordLabels {
  /** The groups, in the order a report shows them. */
  public enum Group {
    WORKLOAD("Workload"), DATASET("Dataset"), CLUSTER("Cluster"), EXECUTION("Execution"), OUTCOME("Outcome");

    private final String title;

    Group(String title) {
      this.title = title;
    }

    public String title() {
      return title;
    }
  }

  /** One recorded value: its group, its label, its run (from 1; 0 for a key of every run) and its value. */
  public record Row(Group group, String label, int run, String value) {
  }

  private record Known(Group group, String label) {
  }

  private static final Pattern RUN_KEY = Pattern.compile("run\\.(\\d+)\\.(.+)");
  private static final String COUNTER = "counter.";
  private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
      .withZone(ZoneOffset.UTC);
  /** Every key of every run, in the order shown within its group. */
  private static final Map<String, Known> KEYS = new LinkedHashMap<>();
  /** The fields of run i's outcome ({@code run.<i>.<field>}), in the order shown. */
  private static final Map<String, String> OUTCOME_FIELDS = new LinkedHashMap<>();

  static {
    known(Group.WORKLOAD, "workload.name", "Workload");
    known(Group.CLUSTER, "version.hbase", "HBase version");
    known(Group.CLUSTER, "version.hadoop", "Hadoop version");
    known(Group.CLUSTER, "cluster.regionservers", "Region servers");
    known(Group.CLUSTER, "table.regions", "Regions of the table");
    known(Group.EXECUTION, "run.clients", "Clients (map tasks)");
    known(Group.EXECUTION, "run.client", "Client API (sync or async)");
    known(Group.EXECUTION, "run.threads", "Threads per client");
    known(Group.EXECUTION, "run.inflight", "Operations in flight per client");
    known(Group.EXECUTION, "run.duration.seconds", "Measured duration (s; 0: until the operation count)");
    known(Group.EXECUTION, "run.warmup.seconds", "Warm-up before measuring (s)");
    known(Group.EXECUTION, "run.target.ops", "Target rate (ops/s; 0: unthrottled)");
    known(Group.EXECUTION, "run.runs", "Runs");
    known(Group.EXECUTION, "run.interval.seconds", "Histogram interval (s)");
    known(Group.EXECUTION, "run.seed", "Seed of key and operation choices");
    known(Group.EXECUTION, "run.perServer", "Latency per region server and region recorded");
    known(Group.EXECUTION, "ab.side", "Side of an A/B comparison");
    known(Group.EXECUTION, "ab.setup", "A/B side's setup");
    known(Group.EXECUTION, "ab.order", "A/B runs' interleaved order");
    for (DatasetProperty p : DatasetProperty.values()) {
      known(Group.DATASET, "dataset." + p.key(), datasetLabel(p) + " (" + p.key() + ")");
    }
    OUTCOME_FIELDS.put("job", "Hadoop job");
    OUTCOME_FIELDS.put("startMs", "Job submitted");
    OUTCOME_FIELDS.put("endMs", "Job ended");
    OUTCOME_FIELDS.put("failedOperations", "Failed operations");
    OUTCOME_FIELDS.put("clientRpcFailures", "HBase client RPCs failed (retried)");
    OUTCOME_FIELDS.put("failedTaskAttempts", "Failed task attempts");
    OUTCOME_FIELDS.put("regionserversLost", "Region servers lost during the run");
    OUTCOME_FIELDS.put("regionsMoved", "Regions moved, split or merged during the run");
    OUTCOME_FIELDS.put("clusterStateAfterRun", "Cluster state after the run");
  }

  private RecordLabels() {
  }

  private static void known(Group group, String key, String label) {
    KEYS.put(key, new Known(group, label));
  }

  private static String datasetLabel(DatasetProperty p) {
    return switch (p) {
      case TABLE -> "Table";
      case COLUMN_FAMILY -> "Column family";
      case RECORD_COUNT -> "Records";
      case FIELD_COUNT -> "Fields per record";
      case FIELD_LENGTH -> "Bytes per field";
      case INSERT_ORDER -> "Key order";
      case ZERO_PADDING -> "Key digits";
      case SEED -> "Seed of the values";
    };
  }

  /**
   * Every recorded value as a row: by group; within one, known keys in this class's order, then
   * the workload's properties and unknown keys by key; outcome fields before counters, counters by
   * display name. Counter display names themselves are not rows: they label the counters.
   */
  public static List<Row> rows(Map<String, String> record) {
    Properties p = new Properties();
    p.putAll(record);
    // Only the counters' display names: the rest of the record is read here key by key.
    RunRecord names = RunRecord.of(p);
    List<Map.Entry<Row, String>> rows = new ArrayList<>(); // row and its sort key within the group
    for (Map.Entry<String, String> e : record.entrySet()) {
      String key = e.getKey();
      String value = e.getValue();
      Known known = KEYS.get(key);
      Matcher run = RUN_KEY.matcher(key);
      if (known != null) {
        rows.add(Map.entry(new Row(known.group(), known.label(), 0, value), order(KEYS.keySet(), key)));
      } else if (key.startsWith(COUNTER)) {
        continue; // a counter's display name
      } else if (key.startsWith("workload.property.")) {
        String property = key.substring("workload.property.".length());
        rows.add(Map.entry(new Row(Group.WORKLOAD, property, 0, value), "1" + property));
      } else if (run.matches()) {
        String field = run.group(2);
        int index = Integer.parseInt(run.group(1));
        if (field.startsWith(COUNTER)) {
          String label = names.counterDisplayName(field.substring(COUNTER.length()));
          rows.add(Map.entry(new Row(Group.OUTCOME, label, index, value), "2" + label));
        } else {
          String label = OUTCOME_FIELDS.getOrDefault(field, field);
          rows.add(Map.entry(new Row(Group.OUTCOME, label, index, outcomeValue(field, value)),
              OUTCOME_FIELDS.containsKey(field) ? order(OUTCOME_FIELDS.keySet(), field) : "1" + field));
        }
      } else {
        rows.add(Map.entry(new Row(groupOf(key), key, 0, value), "9" + key));
      }
    }
    Comparator<Map.Entry<Row, String>> byGroup = Comparator.comparing(r -> r.getKey().group());
    rows.sort(byGroup.thenComparing(r -> r.getValue()).thenComparingInt(r -> r.getKey().run()));
    return rows.stream().map(Map.Entry::getKey).toList();
  }

  /** A known key's place: "0" and its index, ahead of every other key of its group. */
  private static String order(java.util.Set<String> keys, String key) {
    return String.format(Locale.ROOT, "0%03d", new ArrayList<>(keys).indexOf(key));
  }

  private static Group groupOf(String key) {
    if (key.startsWith("workload.")) {
      return Group.WORKLOAD;
    }
    if (key.startsWith("dataset.")) {
      return Group.DATASET;
    }
    if (key.startsWith("version.") || key.startsWith("cluster.") || key.startsWith("table.")) {
      return Group.CLUSTER;
    }
    return Group.EXECUTION;
  }

  private static String outcomeValue(String field, String value) {
    if ((field.equals("startMs") || field.equals("endMs")) && value.matches("\\d+") && Long.parseLong(value) > 0) {
      return UTC.format(Instant.ofEpochMilli(Long.parseLong(value)));
    }
    return value;
  }
}
