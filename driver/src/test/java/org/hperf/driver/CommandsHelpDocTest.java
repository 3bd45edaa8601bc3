package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * docs/commands.md shows each command's {@code --help} exactly as the command prints it (see
 * {@link CommandsHelpDoc}). With {@code -Dhperf.docs.regenerate=true} the first test rewrites the
 * blocks instead of checking them: {@link CommandsHelpDoc#REGENERATE}.
 */
class CommandsHelpDocTest {
  private static final File COMMANDS_MD = new File("../docs/commands.md").getAbsoluteFile().toPath().normalize().toFile();
  /** Help texts for the synthetic documents: short, one per command line, so a mix-up shows. */
  private static final Function<String, String> FAKE_HELP = line -> "usage: hperf " + line + "\n  --help\n";

  @Test
  void commandsMdShowsWhatEachHelpPrints() throws Exception {
    String doc = Files.readString(COMMANDS_MD.toPath(), StandardCharsets.UTF_8);
    Function<String, String> help = realHelp();
    if (Boolean.getBoolean("hperf.docs.regenerate")) {
      String rendered = CommandsHelpDoc.render(doc, help);
      Files.writeString(COMMANDS_MD.toPath(), rendered, StandardCharsets.UTF_8);
      System.out.println("docs/commands.md: " + (rendered.equals(doc) ? "unchanged" : "regenerated"));
    }
    List<String> problems = CommandsHelpDoc.differences(Files.readString(COMMANDS_MD.toPath(),
        StandardCharsets.UTF_8), help);
    assertTrue(problems.isEmpty(), () -> "docs/commands.md does not show the commands' --help as they print it:\n  "
        + String.join("\n  ", problems) + "\nAfter changing a command's options, regenerate its blocks with\n  "
        + CommandsHelpDoc.REGENERATE + "\n(a missing block needs its markers first).");
  }

  @Test
  void aStaleBlockIsNamedWithItsFirstDifferentLine() {
    String doc = CommandsHelpDoc.render(markersForEveryCommand(), FAKE_HELP)
        .replace("usage: hperf load --help\n  --help\n", "usage: hperf load --help\n  --maps\n");
    List<String> problems = CommandsHelpDoc.differences(doc, FAKE_HELP);
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("hperf load --help: the block differs from what it prints, line 3 of the block:\n"
        + "    doc:    --maps\n    help:   --help", problems.get(0));
  }

  @Test
  void aMissingDuplicatedOrUnknownBlockIsNamed() {
    String doc = CommandsHelpDoc.render(markersForEveryCommand(), FAKE_HELP);
    String verify = "<!-- hperf verify --help -->\n" + CommandsHelpDoc.fenced(FAKE_HELP.apply("verify --help"))
        + "<!-- end -->\n";
    assertTrue(doc.contains(verify), doc);
    String broken = doc.replace(verify, "") + "\n" + marker("run --help") + "\n" + marker("demo") + "\n";
    List<String> problems = CommandsHelpDoc.differences(broken, FAKE_HELP);
    assertEquals(List.of("hperf run --help: two blocks",
        "<!-- hperf demo -->: not 'hperf help' or 'hperf <command> --help' of a command",
        "hperf verify --help: no block (<!-- hperf verify --help --> and <!-- end --> where it belongs)"), problems);
  }

  @Test
  void renderingRewritesOnlyTheBlocksAndThenAgreesWithTheHelp() {
    String doc = "# Commands\n\nprose before\n\n" + markersForEveryCommand().replace("<!-- end -->",
        "```text\nan old help\n```\n<!-- end -->\n\nprose between");
    String rendered = CommandsHelpDoc.render(doc, FAKE_HELP);
    assertEquals(CommandsHelpDoc.commandLines().size(), CommandsHelpDoc.differences(doc, FAKE_HELP).size());
    assertEquals(List.of(), CommandsHelpDoc.differences(rendered, FAKE_HELP));
    assertEquals(rendered, CommandsHelpDoc.render(rendered, FAKE_HELP), "rendering twice changes nothing more");
    assertEquals(doc.replaceAll("(?s)```text\\n.*?```\\n", ""), rendered.replaceAll("(?s)```text\\n.*?```\\n", ""),
        "outside the blocks' fenced text nothing changed");
    assertTrue(rendered.contains("<!-- hperf demo --help -->\n```text\nusage: hperf demo --help\n  --help\n```\n"
        + "<!-- end -->"), rendered);
  }

  /**
   * --help needs no cluster: every command's help returns in this JVM, which has none, and leaves no
   * thread behind (a help that started an embedded cluster, or connected to one, would).
   */
  @Test
  void everyHelpReturnsWithoutLeavingAThread() throws Exception {
    CommandsHelpDoc.helpOf("help"); // the driver's classes, loaded once
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    for (String line : CommandsHelpDoc.commandLines()) {
      assertTrue(CommandsHelpDoc.helpOf(line).startsWith("usage: hperf"), line);
    }
    String started = Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.isAlive() && !before.contains(thread))
        .map(Thread::getName).collect(Collectors.joining(", "));
    assertEquals("", started, "threads a --help left running");
  }

  private static String markersForEveryCommand() {
    return CommandsHelpDoc.commandLines().stream().map(CommandsHelpDocTest::marker)
        .collect(Collectors.joining("\n"));
  }

  private static String marker(String line) {
    return "<!-- hperf " + line + " -->\n<!-- end -->";
  }

  /** Each command line's help as the driver prints it, run once. */
  private static Function<String, String> realHelp() {
    Map<String, String> printed = new HashMap<>();
    return line -> printed.computeIfAbsent(line, l -> {
      try {
        return CommandsHelpDoc.helpOf(l);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }
}
