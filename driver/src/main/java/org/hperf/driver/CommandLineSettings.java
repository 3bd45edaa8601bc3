package org.hperf.driver;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hperf.core.Verbosity;

/**
 * The user's generic {@code -D key=value} options of a configuration: what a cluster's own client
 * configuration (its site file, or the embedded cluster's) would drop, so ab puts them back on top.
 */
final class CommandLineSettings {
  private CommandLineSettings() {
  }

  /** Every setting of {@code conf} that came from the command line, in its order. */
  static Map<String, String> of(Configuration conf) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (Map.Entry<String, String> entry : conf) {
      String[] sources = conf.getPropertySources(entry.getKey());
      if (sources != null && Arrays.asList(sources).contains(Verbosity.COMMAND_LINE_SOURCE)) {
        settings.put(entry.getKey(), entry.getValue());
      }
    }
    return settings;
  }
}
