package org.hperf.core.cli;

import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.hperf.core.Numbers;
import org.hperf.core.UsageException;

/**
 * Typed access to parsed options, with range checks whose errors name the option. Options are
 * asked for by their name now; a value given under an old spelling ({@link CommandOptions#renamed})
 * is found under the new name.
 */
public final class ParsedOptions {
  private final CommandLine line;
  /** The option's name now to its old spelling. */
  private final Map<String, String> oldSpelling = new java.util.HashMap<>();

  ParsedOptions(CommandLine line, Map<String, String> renamed) {
    this.line = line;
    renamed.forEach((old, now) -> oldSpelling.put(now, old));
  }

  public boolean helpRequested() {
    return line.hasOption("help");
  }

  public boolean has(String longName) {
    return line.hasOption(longName) || line.hasOption(given(longName));
  }

  /** A switch ({@link CommandOptions#switchOption}): on when given alone or with the old "on". */
  public boolean on(String longName) {
    return line.hasOption(longName) && !"off".equals(line.getOptionValue(longName));
  }

  public String string(String longName, String defaultValue) {
    String value = line.getOptionValue(given(longName));
    return value == null ? defaultValue : value;
  }

  public String[] all(String name) {
    String[] values = line.getOptionValues(given(name));
    return values == null ? new String[0] : values;
  }

  public long longValue(String longName, long defaultValue, long min, long max) throws UsageException {
    String name = given(longName);
    String value = line.getOptionValue(name);
    return value == null ? defaultValue : Numbers.parseLong("--" + name, value, min, max);
  }

  public int intValue(String longName, int defaultValue, int min, int max) throws UsageException {
    return (int) longValue(longName, defaultValue, min, max);
  }

  public List<String> positional() {
    return line.getArgList();
  }

  /** The spelling the user gave: the old one if they gave that, else the name now. */
  private String given(String longName) {
    String old = oldSpelling.get(longName);
    return old != null && line.hasOption(old) ? old : longName;
  }
}
