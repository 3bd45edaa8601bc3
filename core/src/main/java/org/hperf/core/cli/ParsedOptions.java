package org.hperf.core.cli;

import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.hperf.core.Numbers;
import org.hperf.core.UsageException;

/** Typed access to parsed options, with range checks whose errors name the option. */
public final class ParsedOptions {
  private final CommandLine line;

  ParsedOptions(CommandLine line) {
    this.line = line;
  }

  public boolean helpRequested() {
    return line.hasOption("help");
  }

  public boolean has(String longName) {
    return line.hasOption(longName);
  }

  public String string(String longName, String defaultValue) {
    String value = line.getOptionValue(longName);
    return value == null ? defaultValue : value;
  }

  public String[] all(String name) {
    String[] values = line.getOptionValues(name);
    return values == null ? new String[0] : values;
  }

  public long longValue(String longName, long defaultValue, long min, long max) throws UsageException {
    String value = line.getOptionValue(longName);
    return value == null ? defaultValue : Numbers.parseLong("--" + longName, value, min, max);
  }

  public int intValue(String longName, int defaultValue, int min, int max) throws UsageException {
    return (int) longValue(longName, defaultValue, min, max);
  }

  public List<String> positional() {
    return line.getArgList();
  }
}
