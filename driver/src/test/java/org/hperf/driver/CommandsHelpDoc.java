package org.hperf.driver;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;

/**
 * The generated parts of docs/commands.md: between {@code <!-- hperf help -->} or {@code <!-- hperf
 * <command> --help -->} and {@code <!-- end -->}, a fenced text block that holds exactly what that
 * command line prints. Written from, and checked against, the driver itself, so the options an
 * operator reads are the ones the commands take. Only those two forms are run: a marker never runs
 * a command that does anything but print its help.
 */
final class CommandsHelpDoc {
  /** The one command that rewrites docs/commands.md's blocks; docs/testing.md and the file's header show it. */
  static final String REGENERATE = "mvn -B -q -pl driver -am test -Dtest=CommandsHelpDocTest"
      + " -Dsurefire.failIfNoSpecifiedTests=false -Dhperf.docs.regenerate=true";
  /** A generated block; group 1 the command line after "hperf", group 2 what stands between the markers. */
  private static final Pattern BLOCK = Pattern.compile("(?s)<!-- hperf ([^>]*?) -->\\n(.*?)<!-- end -->");

  private CommandsHelpDoc() {
  }

  /** The command lines that must have a block: {@code help} and every command's {@code --help}. */
  static List<String> commandLines() {
    List<String> lines = new ArrayList<>(List.of("help"));
    Perf.COMMANDS.forEach(command -> lines.add(command.name() + " --help"));
    return lines;
  }

  /** What {@code hperf <commandLine>} prints on stdout, for one of {@link #commandLines()}. */
  static String helpOf(String commandLine) throws Exception {
    if (!commandLines().contains(commandLine)) {
      throw new IllegalArgumentException("not a help command line: hperf " + commandLine);
    }
    ToolRun run = ToolRun.capture(() -> Perf.run(commandLine.split(" ")));
    if (run.exitCode() != ExitCode.OK) {
      throw new IllegalStateException("hperf " + commandLine + " failed:\n" + run.all());
    }
    return run.out();
  }

  /** The text between a block's markers for {@code help}: a fenced text block. */
  static String fenced(String help) {
    return "```text\n" + help + (help.endsWith("\n") ? "" : "\n") + "```\n";
  }

  /** {@code markdown} with every block's text replaced by {@code helpOf}'s, and nothing else changed. */
  static String render(String markdown, Function<String, String> helpOf) {
    Matcher block = BLOCK.matcher(markdown);
    StringBuilder out = new StringBuilder();
    while (block.find()) {
      String replacement = commandLines().contains(block.group(1))
          ? "<!-- hperf " + block.group(1) + " -->\n" + fenced(helpOf.apply(block.group(1))) + "<!-- end -->"
          : block.group();
      block.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    block.appendTail(out);
    return out.toString();
  }

  /**
   * Why {@code markdown}'s blocks are not the commands' help, one line each: a command line without
   * a block, a block of no help command line or given twice, a block whose text differs (with the
   * first line that differs). Empty when they are equal.
   */
  static List<String> differences(String markdown, Function<String, String> helpOf) {
    List<String> problems = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    Matcher block = BLOCK.matcher(markdown);
    while (block.find()) {
      String line = block.group(1);
      if (!commandLines().contains(line)) {
        problems.add("<!-- hperf " + line + " -->: not 'hperf help' or 'hperf <command> --help' of a command");
      } else if (!seen.add(line)) {
        problems.add("hperf " + line + ": two blocks");
      } else {
        String expected = fenced(helpOf.apply(line));
        if (!block.group(2).equals(expected)) {
          problems.add("hperf " + line + ": the block differs from what it prints, " + firstDifference(block.group(2),
              expected));
        }
      }
    }
    for (String line : commandLines()) {
      if (!seen.contains(line)) {
        problems.add("hperf " + line + ": no block (<!-- hperf " + line + " --> and <!-- end --> where it belongs)");
      }
    }
    return problems;
  }

  /** Where two texts first differ, by line: its number in the block and both versions. */
  private static String firstDifference(String inDoc, String printed) {
    String[] doc = inDoc.split("\n", -1);
    String[] help = printed.split("\n", -1);
    int i = 0;
    while (i < doc.length && i < help.length && doc[i].equals(help[i])) {
      i++;
    }
    return "line " + (i + 1) + " of the block:\n    doc:  " + (i < doc.length ? doc[i] : "(end)")
        + "\n    help: " + (i < help.length ? help[i] : "(end)");
  }
}
