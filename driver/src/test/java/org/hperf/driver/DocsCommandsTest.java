package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;

/**
 * The commands README.md and docs/*.md show still exist as shown: every {@code hperf <command>},
 * {@code scripts/hperf <command>}, {@code scripts/hperf-cluster <command>} and {@code hadoop jar
 * perf.jar <command>} in a code block or inline code names a command of the driver, and every
 * option it passes is one that command's {@code --help} lists; every other {@code scripts/<name>}
 * exists and its text names each option passed to it. Only the names are checked, not the values:
 * running the examples needs a cluster. And no doc shows the launchers' old names, {@code perf},
 * {@code scripts/perf} and {@code scripts/perf-cluster}: {@code perf} is Linux's profiler, and the
 * old scripts are aliases for one release only.
 */
class DocsCommandsTest {
  private static final File ROOT = new File("..").getAbsoluteFile();
  /** A fenced block; group 1 its language, group 2 its text. */
  private static final Pattern FENCE = Pattern.compile("(?ms)^```([^\\n]*)\\n(.*?)^```");
  /** The fenced blocks that hold shell lines: a block marked text (a file tree, a report) holds none. */
  private static final Set<String> SHELL = Set.of("", "bash", "sh", "shell", "console");
  private static final Pattern INLINE = Pattern.compile("`([^`]+)`");
  /**
   * A driver command: what precedes it is the launcher (its old names too, to be found and named);
   * group 1 the launcher, group 2 the rest.
   */
  private static final Pattern DRIVER = Pattern.compile("(?<![\\w/.-])(scripts/hperf-cluster|scripts/hperf"
      + "|scripts/perf-cluster|scripts/perf|hadoop jar \\S*perf\\.jar|hperf|perf) +(.*)");
  /**
   * Words after "hperf" in hperf's own output, which docs quote: the Oozie kill message ("hperf step
   * <action> failed"), the counter group and job name ("hperf workload"), the task log's JVM line.
   */
  private static final Set<String> OUTPUT_NAMES = Set.of("step", "workload", "jvm");
  /** The launchers' old names, kept as aliases for one release, and their new ones. */
  private static final Map<String, String> OLD_NAMES = Map.of("perf", "hperf", "scripts/perf", "scripts/hperf",
      "scripts/perf-cluster", "scripts/hperf-cluster");
  private static final Pattern SCRIPT = Pattern.compile("(?<![\\w/.-])scripts/([a-z][a-z-]*)(?![\\w/.-])(.*)");
  private static final Pattern MAIN_CLASS = Pattern.compile("HPERF_MAIN=([\\w.]+)");
  private static final Pattern OPTION_LINE = Pattern.compile("(?m)^ {1,8}(?:-(\\w+),)?-(-?[\\w][\\w-]*)");
  /** Hadoop's generic options (GenericOptionsParser), accepted by every command. */
  private static final Set<String> GENERIC = Set.of("-D", "-conf", "-libjars", "-files", "-archives", "-fs", "-jt");
  private static final Set<String> SEPARATORS = Set.of("|", "||", "&&", ";", ")", ">", ">>", "2>&1");

  private final Map<String, Set<String>> optionsByCommand = new HashMap<>();

  @Test
  void everyCommandAndOptionTheDocsNameExists() throws Exception {
    List<File> docs = documents();
    assertTrue(docs.size() >= 2, "README.md and docs/*.md: " + docs);
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (File doc : docs) {
      List<Usage> usages = usages(read(doc));
      checked += usages.size();
      for (Usage usage : usages) {
        problems.addAll(check(usage).stream().map(p -> doc.getName() + ": " + p).toList());
      }
    }
    assertTrue(checked > 30, "the docs show commands: " + checked);
    assertEquals(List.of(), problems);
  }

  @Test
  void aCommandOrOptionThatDoesNotExistIsFound() throws Exception {
    String doc = "Run `hperf load --table t --nonexistent` and\n\n```bash\nscripts/hperf lod --table t\n"
        + "scripts/hperf-cluster verify --insertstart 0   # fine\nscripts/pseudo-cluster start --no-such-option\n"
        + "scripts/no-such-script\n```\n";
    List<String> problems = new ArrayList<>();
    for (Usage usage : usages(doc)) {
      problems.addAll(check(usage));
    }
    assertEquals(4, problems.size(), problems.toString());
    String all = String.join("\n", problems);
    assertTrue(all.contains("'--nonexistent' is not an option of hperf load"), all);
    assertTrue(all.contains("'lod' is not an hperf command"), all);
    assertTrue(all.contains("scripts/pseudo-cluster does not mention '--no-such-option'"), all);
    assertTrue(all.contains("scripts/no-such-script does not exist"), all);
  }

  @Test
  void noDocShowsTheLaunchersOldNames() {
    List<String> old = new ArrayList<>();
    for (File doc : documents()) {
      old.addAll(oldNames(read(doc)).stream().map(p -> doc.getName() + ": " + p).toList());
    }
    assertEquals(List.of(), old);
  }

  @Test
  void anOldLauncherNameIsFound() {
    String doc = "Run `perf load --table t` and\n\n```bash\nscripts/perf demo\nscripts/perf-cluster verify\n"
        + "perf <command> --help\nperf stat -e cycles -p 1234   # Linux's perf: not a launcher\nhperf verify\n"
        + "scripts/hperf demo\nscripts/hperf-cluster verify\n```\n";
    List<String> old = oldNames(doc);
    assertEquals(4, old.size(), old.toString());
    String all = String.join("\n", old);
    assertTrue(all.contains("`perf load --table t`: perf is now hperf"), all);
    assertTrue(all.contains("`scripts/perf demo`: scripts/perf is now scripts/hperf"), all);
    assertTrue(all.contains("`scripts/perf-cluster verify`: scripts/perf-cluster is now scripts/hperf-cluster"), all);
    assertTrue(all.contains("`perf <command> --help`: perf is now hperf"), all);
  }

  @Test
  void theReadmesTestCommandIsWhatCiRuns() throws Exception {
    String readme = read(new File(ROOT, "README.md"));
    assertTrue(codeOf(readme).stream().anyMatch(code -> code.contains("mvn -B verify")), "README shows mvn -B verify");
    List<String> ci = Files.readAllLines(new File(ROOT, ".ci/run").toPath(), StandardCharsets.UTF_8);
    // The command itself, or bounded by timeout with its exit status kept: never commented out or echoed.
    Pattern command = Pattern.compile("(timeout [-=\\w ]+ )?mvn -B verify( \\|\\| status=\\$\\?)?");
    assertTrue(ci.stream().anyMatch(line -> command.matcher(line.strip()).matches()), ".ci/run runs mvn -B verify");
  }

  @Test
  void theReadmesLinksToFilesResolve() throws Exception {
    Matcher link = Pattern.compile("\\]\\(([^)#:]+)(#[^)]*)?\\)").matcher(read(new File(ROOT, "README.md")));
    List<String> missing = new ArrayList<>();
    int links = 0;
    while (link.find()) {
      links++;
      if (!new File(ROOT, link.group(1)).exists()) {
        missing.add(link.group(1));
      }
    }
    assertTrue(links >= 4, "README links to docs/");
    assertEquals(List.of(), missing);
  }

  /** One command line as a doc shows it: the launcher or script, and its arguments. */
  record Usage(String launcher, List<String> arguments, String mainClass, String text) {
  }

  private static List<File> documents() {
    List<File> docs = new ArrayList<>(List.of(new File(ROOT, "README.md")));
    File[] more = new File(ROOT, "docs").listFiles((dir, name) -> name.endsWith(".md"));
    if (more != null) {
      Arrays.sort(more);
      docs.addAll(List.of(more));
    }
    return docs;
  }

  /** The lines of every shell code block and every inline code span. */
  private static List<String> codeOf(String markdown) {
    List<String> code = new ArrayList<>();
    Matcher fence = FENCE.matcher(markdown);
    StringBuilder prose = new StringBuilder();
    int end = 0;
    while (fence.find()) {
      prose.append(markdown, end, fence.start());
      end = fence.end();
      if (SHELL.contains(fence.group(1).strip())) {
        // A shell line continued with a backslash is one command.
        code.addAll(List.of(fence.group(2).replaceAll("\\\\\\n", " ").split("\\n")));
      }
    }
    prose.append(markdown.substring(end));
    Matcher inline = INLINE.matcher(prose);
    while (inline.find()) {
      code.add(inline.group(1).replace('\n', ' '));
    }
    return code;
  }

  /**
   * The command lines that run a launcher by its old name. A bare {@code perf} counts only before a
   * driver command, help or a placeholder: {@code perf stat} is Linux's profiler.
   */
  static List<String> oldNames(String markdown) {
    List<String> old = new ArrayList<>();
    for (Usage usage : usages(markdown)) {
      String newName = OLD_NAMES.get(usage.launcher());
      if (newName == null) {
        continue;
      }
      String first = usage.arguments().isEmpty() ? "" : usage.arguments().get(0);
      if (!usage.launcher().equals("perf") || first.startsWith("<") || first.equals("help")
          || Perf.COMMANDS.stream().anyMatch(c -> c.name().equals(first))) {
        old.add("`" + usage.text() + "`: " + usage.launcher() + " is now " + newName);
      }
    }
    return old;
  }

  static List<Usage> usages(String markdown) {
    List<Usage> usages = new ArrayList<>();
    for (String code : codeOf(markdown)) {
      String line = code.replaceAll("(^|\\s)#.*", "");
      Matcher mainClass = MAIN_CLASS.matcher(line);
      String main = mainClass.find() ? mainClass.group(1) : null;
      Matcher driver = DRIVER.matcher(line);
      int from = 0;
      while (driver.find(from)) {
        usages.add(new Usage(driver.group(1).startsWith("hadoop") ? "hadoop jar perf.jar" : driver.group(1),
            arguments(driver.group(2)), main, code.strip()));
        from = driver.start(2);
      }
      Matcher script = SCRIPT.matcher(line);
      from = 0;
      while (script.find(from)) {
        String name = script.group(1);
        // The driver's launchers (and their old names) are found above; scripts/bench-* names a family.
        if (!isLauncher("scripts/" + name) && !name.endsWith("-")) {
          usages.add(new Usage("scripts/" + name, arguments(script.group(2)), null, code.strip()));
        }
        from = script.start(2);
      }
    }
    return usages;
  }

  /** The words up to the end of the command: a pipe, a separator, a closing parenthesis or quote. */
  private static List<String> arguments(String rest) {
    List<String> words = new ArrayList<>();
    for (String word : rest.strip().split("\\s+")) {
      if (word.isEmpty() || SEPARATORS.contains(word)) {
        break;
      }
      String trimmed = word.replaceAll("[)\"',;:.]+$", "");
      words.add(trimmed);
      if (!trimmed.equals(word) && (word.endsWith(")") || word.endsWith("\"") || word.endsWith(";"))) {
        break;
      }
    }
    return words;
  }

  private List<String> check(Usage usage) throws Exception {
    if (usage.launcher().startsWith("scripts/") && !isLauncher(usage.launcher())) {
      return checkScript(usage);
    }
    if (usage.mainClass() != null && usage.launcher().matches("scripts/h?perf")) {
      return checkMainClass(usage);
    }
    return checkDriverCommand(usage);
  }

  /** Whether {@code launcher} is one of the driver's launchers, by its name or its old one. */
  private static boolean isLauncher(String launcher) {
    return launcher.matches("scripts/h?perf(-cluster)?");
  }

  /** A script other than the driver's launchers: it exists, and its text names every option passed. */
  private static List<String> checkScript(Usage usage) {
    File script = new File(ROOT, usage.launcher());
    if (!script.isFile()) {
      return List.of(usage.launcher() + " does not exist: `" + usage.text() + "`");
    }
    String text = read(script);
    List<String> problems = new ArrayList<>();
    for (String option : options(usage.arguments())) {
      if (!Pattern.compile("(?<![\\w-])" + Pattern.quote(option) + "(?![\\w-])").matcher(text).find()) {
        problems.add(usage.launcher() + " does not mention '" + option + "': `" + usage.text() + "`");
      }
    }
    return problems;
  }

  /** scripts/hperf (or its old name) with HPERF_MAIN runs that class instead of the driver: its source names each option. */
  private static List<String> checkMainClass(Usage usage) {
    String source = sourceOf(usage.mainClass());
    if (source == null) {
      return List.of("HPERF_MAIN=" + usage.mainClass() + " has no source: `" + usage.text() + "`");
    }
    List<String> problems = new ArrayList<>();
    for (String option : options(usage.arguments())) {
      if (!source.contains("\"" + option + "\"")) {
        problems.add(usage.mainClass() + " does not take '" + option + "': `" + usage.text() + "`");
      }
    }
    return problems;
  }

  /** A driver command: it is one of Perf's commands, and its --help lists every option passed. */
  private List<String> checkDriverCommand(Usage usage) throws Exception {
    if (usage.arguments().isEmpty()) {
      return List.of();
    }
    String command = usage.arguments().get(0);
    if (command.startsWith("<") || command.equals("help")
        || (command.equals("--help") && usage.launcher().startsWith("scripts/"))
        || (usage.launcher().matches("h?perf") && !command.matches("[a-z][a-z-]*"))
        || (usage.launcher().equals("hperf") && OUTPUT_NAMES.contains(command))) {
      return List.of(); // a placeholder (hperf <command>), help, prose or output that only starts with the word
    }
    Set<String> known = optionsOf(command);
    if (known == null) {
      return List.of("'" + command + "' is not an hperf command: `" + usage.text() + "`");
    }
    List<String> problems = new ArrayList<>();
    for (String option : options(usage.arguments().subList(1, usage.arguments().size()))) {
      if (!known.contains(option) && !GENERIC.contains(option)) {
        problems.add("'" + option + "' is not an option of hperf " + command + ": `" + usage.text() + "`");
      }
    }
    return problems;
  }

  /** The words that are options: {@code --name}, {@code --name=value}, {@code -x}, {@code -conf}. */
  private static List<String> options(List<String> words) {
    List<String> options = new ArrayList<>();
    for (String word : words) {
      if (word.matches("--?[A-Za-z][\\w-]*(=.*)?")) {
        options.add(word.replaceFirst("=.*", ""));
      }
    }
    return options;
  }

  /** The options hperf {@code command} --help lists (long as --name, short as -x), or null if no such command. */
  private Set<String> optionsOf(String command) throws Exception {
    if (optionsByCommand.containsKey(command)) {
      return optionsByCommand.get(command);
    }
    Set<String> options = null;
    if (Perf.COMMANDS.stream().anyMatch(c -> c.name().equals(command))) {
      ToolRun help = ToolRun.capture(() -> Perf.run(new String[] {command, "--help"}));
      assertEquals(ExitCode.OK, help.exitCode(), help.all());
      options = new TreeSet<>();
      Matcher line = OPTION_LINE.matcher(help.out());
      while (line.find()) {
        if (line.group(1) != null) {
          options.add("-" + line.group(1));
        }
        options.add("-" + line.group(2));
      }
      assertTrue(options.contains("--help"), help.out());
    }
    optionsByCommand.put(command, options);
    return options;
  }

  private static String sourceOf(String className) {
    String path = className.replace('.', '/') + ".java";
    for (File module : ROOT.listFiles(File::isDirectory)) {
      for (String tree : List.of("src/main/java/", "src/test/java/")) {
        File source = new File(module, tree + path);
        if (source.isFile()) {
          return read(source);
        }
      }
    }
    return null;
  }

  private static String read(File file) {
    try {
      return Files.readString(file.toPath(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
