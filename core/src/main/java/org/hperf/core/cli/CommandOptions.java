package org.hperf.core.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.hperf.core.UsageException;

/**
 * The options of one command: declared once with their defaults, parsed once with commons-cli,
 * shown by {@code --help} with every default. Parsing errors become one-line
 * {@link UsageException}s.
 */
public final class CommandOptions {
  /** The option every command has beside --help: see org.hperf.core.Verbosity. */
  public static final String VERBOSE = "verbose";
  private final String command;
  private final String usage;
  private final String summary;
  private final Options options = new Options();
  /** The options --help shows: all but the old spellings. */
  private final Options shown = new Options();
  private final List<String> order = new ArrayList<>();
  /** Old spelling to the option's name now: accepted for one release, with a line saying the new one. */
  private final Map<String, String> renamed = new LinkedHashMap<>();
  /** Switches: given alone they are on; an old "on" or "off" after them is accepted for one release. */
  private final Set<String> switches = new HashSet<>();

  public CommandOptions(String command, String usage, String summary) {
    this.command = command;
    this.usage = usage;
    this.summary = summary;
    flag(null, "help", "show this help and exit");
    flag(null, VERBOSE, "also print Hadoop's job log (map/reduce percentages, every counter group, failed task"
        + " attempts with their stack traces), the counters that are 0 and the Hadoop and HBase clients' INFO"
        + " lines; the same as -D hperf.verbose=true");
  }

  /** An option that takes a value; {@code defaultShown} is printed by --help (null: no default). */
  public CommandOptions value(String shortName, String longName, String argName, String description,
      String defaultShown) {
    String text = defaultShown == null ? description : description + " (default: " + defaultShown + ")";
    add(Option.builder(shortName).longOpt(longName).hasArg().argName(argName).desc(text).build());
    return this;
  }

  /** An option that may be given many times, e.g. {@code -p key=value}. */
  public CommandOptions repeated(String shortName, String longName, String argName, String description) {
    add(Option.builder(shortName).longOpt(longName).hasArg().argName(argName).desc(description).build());
    return this;
  }

  public CommandOptions flag(String shortName, String longName, String description) {
    add(Option.builder(shortName).longOpt(longName).desc(description).build());
    return this;
  }

  /**
   * A switch, off unless given: {@code --per-server}. The old form {@code --per-server on|off} is
   * still accepted in this release, with a line on stderr saying the new one.
   */
  public CommandOptions switchOption(String longName, String description) {
    add(Option.builder().longOpt(longName).optionalArg(true).numberOfArgs(1).argName("").desc(description
        + " (off unless given)").build());
    switches.add(longName);
    return this;
  }

  /**
   * {@code --oldName} is the old spelling of {@code --newName} (declared before): accepted in this
   * release with a line on stderr saying the new one; --help shows only the new one.
   */
  public CommandOptions renamed(String oldName, String newName) {
    Option now = options.getOption(newName);
    if (now == null) {
      throw new IllegalArgumentException("--" + newName + " is not declared");
    }
    Option old = Option.builder().longOpt(oldName).hasArg(now.hasArg()).build();
    options.addOption(old);
    renamed.put(oldName, newName);
    return this;
  }

  private void add(Option option) {
    options.addOption(option);
    shown.addOption(option);
    order.add(option.getKey());
  }

  public String command() {
    return command;
  }

  public String summary() {
    return summary;
  }

  /** Parses arguments; positional arguments are refused unless the usage line names them. */
  public ParsedOptions parse(String[] args, int maxPositional) throws UsageException {
    CommandLine line;
    try {
      line = new DefaultParser().parse(options, args, false);
    } catch (ParseException e) {
      throw new UsageException(e.getMessage() + ": see 'hperf " + command + " --help'");
    }
    if (!line.hasOption("help") && line.getArgList().size() > maxPositional) {
      throw new UsageException("unexpected argument '" + line.getArgList().get(maxPositional)
          + "': see 'hperf " + command + " --help'");
    }
    for (Map.Entry<String, String> rename : renamed.entrySet()) {
      if (line.hasOption(rename.getKey()) && line.hasOption(rename.getValue())) {
        throw new UsageException("--" + rename.getKey() + " is the old spelling of --" + rename.getValue()
            + ": give --" + rename.getValue() + " only");
      }
      if (line.hasOption(rename.getKey())) {
        System.err.println("hperf " + command + ": --" + rename.getKey() + " is now --" + rename.getValue()
            + " (the old spelling is accepted in this release only)");
      }
    }
    for (String name : switches) {
      String value = line.getOptionValue(name);
      if (value != null && !value.equals("on") && !value.equals("off")) {
        throw new UsageException("--" + name + " is a switch: give it alone to turn it on, not '--" + name + " "
            + value + "'");
      }
      if (value != null) {
        System.err.println("hperf " + command + ": --" + name + " " + value + " is now " + (value.equals("on")
            ? "--" + name + " alone" : "no --" + name) + " (the old form is accepted in this release only)");
      }
    }
    return new ParsedOptions(line, renamed);
  }

  /** The --help text: usage, summary, and every option with its default, in declaration order. */
  public String help() {
    HelpFormatter formatter = new HelpFormatter();
    formatter.setOptionComparator((a, b) -> Integer.compare(order.indexOf(a.getKey()), order.indexOf(b.getKey())));
    StringWriter out = new StringWriter();
    PrintWriter writer = new PrintWriter(out);
    formatter.printHelp(writer, 100, "hperf " + command + " " + usage, summary + "\n\n", shown, 2, 2,
        "\nGeneric Hadoop options (-D key=value, -conf file, -libjars jars) go before the command's own.",
        false);
    writer.flush();
    return out.toString();
  }
}
