package org.hperf.analyzers.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hperf.core.run.RecordLabels;

/**
 * A workload's run record as the report shows it: workload, dataset, cluster and execution as
 * small label/value tables side by side, then the outcome with one column per run. Labels and
 * counter display names come from the record itself ({@link RecordLabels}); fields and counters
 * that are 0 or empty in every run are named in one line under the table instead of filling it.
 */
final class RecordTables {
  private RecordTables() {
  }

  static String html(WorkloadReport w, String id) {
    List<RecordLabels.Row> rows = RecordLabels.rows(w.summary.configuration());
    StringBuilder s = new StringBuilder("<div class=\"record\" id=\"" + id + "\">\n<h3>Configuration and outcome</h3>\n"
        + "<div class=\"tables\">\n");
    for (RecordLabels.Group group : RecordLabels.Group.values()) {
      if (group != RecordLabels.Group.OUTCOME) {
        s.append(groupTable(group, rows, w.workload()));
      }
    }
    s.append("</div>\n").append(outcomeTable(rows));
    return s.append("</div>\n").toString();
  }

  private static String groupTable(RecordLabels.Group group, List<RecordLabels.Row> rows, String workload) {
    StringBuilder t = new StringBuilder();
    for (RecordLabels.Row row : rows) {
      // The workload's name is also among the properties the run was given: once is enough.
      boolean repeatedName = row.label().equals("hperf.workload.name") && row.value().equals(workload);
      if (row.group() == group && !repeatedName) {
        t.append("<tr><td>").append(SvgChart.escape(row.label())).append("</td><td>")
            .append(SvgChart.escape(row.value())).append("</td></tr>\n");
      }
    }
    if (t.length() == 0) {
      return "";
    }
    return "<table class=\"record-group\" data-group=\"" + group.name().toLowerCase(java.util.Locale.ROOT)
        + "\"><tr><th colspan=\"2\">" + group.title() + "</th></tr>\n" + t + "</table>\n";
  }

  /** One row per outcome field or counter, one column per run; all-zero counters only named. */
  private static String outcomeTable(List<RecordLabels.Row> rows) {
    Map<String, Map<Integer, String>> byLabel = new LinkedHashMap<>();
    TreeMap<Integer, Boolean> runs = new TreeMap<>();
    for (RecordLabels.Row row : rows) {
      if (row.group() == RecordLabels.Group.OUTCOME) {
        byLabel.computeIfAbsent(row.label(), l -> new TreeMap<>()).put(row.run(), row.value());
        runs.put(row.run(), true);
      }
    }
    if (byLabel.isEmpty()) {
      return "";
    }
    StringBuilder t = new StringBuilder("<table class=\"record-group\" data-group=\"outcome\"><tr><th>"
        + RecordLabels.Group.OUTCOME.title() + "</th>");
    runs.keySet().forEach(run -> t.append("<th>run-").append(run).append("</th>"));
    t.append("</tr>\n");
    List<String> zero = new ArrayList<>();
    byLabel.forEach((label, values) -> {
      if (values.values().stream().allMatch(v -> v.equals("0") || v.isEmpty())) {
        zero.add(label);
        return;
      }
      t.append("<tr><td>").append(SvgChart.escape(label)).append("</td>");
      runs.keySet().forEach(run -> t.append("<td>").append(SvgChart.escape(number(values.getOrDefault(run, ""))))
          .append("</td>"));
      t.append("</tr>\n");
    });
    t.append("</table>\n");
    if (!zero.isEmpty()) {
      t.append("<p class=\"zero\">0 or none in every run: ").append(SvgChart.escape(String.join(", ", zero))).append("</p>\n");
    }
    return t.toString();
  }

  /** Counts with thousands separators; anything else as it is. */
  private static String number(String value) {
    return value.matches("-?\\d{4,18}") ? String.format(java.util.Locale.ROOT, "%,d", Long.parseLong(value)) : value;
  }
}
