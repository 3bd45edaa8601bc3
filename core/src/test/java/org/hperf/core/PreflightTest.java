package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The preflight's two gates, decided without a cluster: free space against the footprint, and the answer. */
class PreflightTest {
  private static final Footprint LOAD = new Footprint(1_000, 1_580, 3, "the major compaction"); // needs 10,428,000

  @Test
  void enoughSpaceIsNoRefusalAndTooLittleIsOneLineSayingByHowMuchAndWhatToDo() {
    assertNull(Preflight.refusal(LOAD, 10_428_000, "hdfs://nn:8020", "load fewer records"));
    String refusal = Preflight.refusal(LOAD, 5_000_000, "hdfs://nn:8020", "load fewer records (--insertcount)");
    assertEquals("not enough free space on hdfs://nn:8020: needs 10.4 MB (1.58 MB of HFiles x 3 replicas x 2 for the"
        + " major compaction, + 10%), has 5.00 MB, short by 5.43 MB: load fewer records (--insertcount)", refusal);
    assertEquals(1, refusal.lines().count());
    assertTrue(Preflight.refusal(LOAD, 10_427_999, "fs", "fix").contains("short by 1 B"), "one byte short is short");
  }

  @Test
  void yesGoesOnWithoutAskingEvenOnATerminal() throws Exception {
    Preflight.confirm(true, prompt -> fail("asked although --yes was given"), quiet());
  }

  @Test
  void withoutATerminalItGoesOnWithoutAskingAndSaysSo() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Preflight.confirm(false, null, new PrintStream(out, true, StandardCharsets.UTF_8));
    assertEquals("not on a terminal: going on without asking (--yes says so)",
        out.toString(StandardCharsets.UTF_8).strip());
  }

  @Test
  void onATerminalOnlyYOrYesGoesOn() throws Exception {
    for (String answer : List.of("y", "Y", "yes", " YES ", "Yes")) {
      List<String> asked = new ArrayList<>();
      Preflight.confirm(false, answering(answer, asked), quiet());
      assertEquals(List.of("Proceed? [y/N] "), asked, "asked once for '" + answer + "'");
    }
    for (String answer : java.util.Arrays.asList("", "n", "no", "yess", "ja", "y y", null)) {
      UsageException stopped = assertThrows(UsageException.class,
          () -> Preflight.confirm(false, answering(answer, new ArrayList<>()), quiet()), "answer '" + answer + "'");
      assertEquals("stopped at the question: nothing was written (answer y to go on, or pass --yes)",
          stopped.getMessage());
    }
  }

  @Test
  void checkPrintsThePlanThenRefusesWhatTheFileSystemCannotHold(@TempDir Path tmp) throws Exception {
    FileSystem local = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path notYet = new org.apache.hadoop.fs.Path(tmp.resolve("not/yet/there").toUri());
    Footprint tooBig = new Footprint(Long.MAX_VALUE / 2, 1_580, 1, null);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Preflight preflight = new Preflight("load").line("records", "many");
    UsageException refused = assertThrows(UsageException.class, () -> preflight.check(tooBig, local, notYet,
        "load fewer records", true, new PrintStream(out, true, StandardCharsets.UTF_8)));
    assertTrue(refused.getMessage().startsWith("not enough free space on file:///: needs 9.22 EB"),
        refused.getMessage());
    assertTrue(refused.getMessage().endsWith(": load fewer records"), refused.getMessage());
    String plan = out.toString(StandardCharsets.UTF_8);
    assertTrue(plan.startsWith("hperf load will:\n  records  many\n  space    needs 9.22 EB free"), plan);
  }

  @Test
  void aSmallFootprintFitsOnTheDiskOfADirectoryNotCreatedYet(@TempDir Path tmp) throws Exception {
    FileSystem local = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path notYet = new org.apache.hadoop.fs.Path(tmp.resolve("staging/hfiles").toUri());
    // The local file system reports 0 bytes free for a path that does not exist: its disk is asked instead.
    long free = Preflight.freeBytes(local, notYet);
    assertTrue(free > 1_000, "free bytes of the temporary directory's disk: " + free);
    new Preflight("load").check(new Footprint(1, 100, 1, null), local, notYet, "fix", true, quiet());
  }

  private static UnaryOperator<String> answering(String answer, List<String> asked) {
    return prompt -> {
      asked.add(prompt);
      return answer;
    };
  }

  private static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }
}
