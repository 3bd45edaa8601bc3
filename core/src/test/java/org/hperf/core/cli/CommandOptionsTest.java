package org.hperf.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.hperf.core.UsageException;
import org.junit.jupiter.api.Test;

/** One vocabulary: an old spelling still works for one release and says the new one; switches are given alone. */
class CommandOptionsTest {
  private static CommandOptions options() {
    return new CommandOptions("load", "[options]", "Load.")
        .value(null, "clients", "n", "map tasks", "one per region")
        .renamed("maps", "clients")
        .switchOption("per-server", "record where operations were served");
  }

  @Test
  void anOldSpellingGivesItsValueUnderTheNewNameAndSaysTheNewOne() throws Exception {
    String[] err = new String[1];
    ParsedOptions parsed = capturingStderr(err, () -> options().parse(new String[] {"--maps", "4"}, 0));
    assertTrue(parsed.has("clients"));
    assertEquals(4, parsed.intValue("clients", 1, 1, 100));
    assertEquals("hperf load: --maps is now --clients (the old spelling is accepted in this release only)\n", err[0]);
    UsageException range = assertThrows(UsageException.class,
        () -> options().parse(new String[] {"--maps", "0"}, 0).intValue("clients", 1, 1, 100));
    assertTrue(range.getMessage().startsWith("--maps="), "named as given: " + range.getMessage());
  }

  @Test
  void theNewNameSaysNothingAndBothSpellingsTogetherAreRefused() throws Exception {
    String[] err = new String[1];
    ParsedOptions parsed = capturingStderr(err, () -> options().parse(new String[] {"--clients", "3"}, 0));
    assertEquals(3, parsed.intValue("clients", 1, 1, 100));
    assertEquals("", err[0]);
    UsageException both = assertThrows(UsageException.class,
        () -> options().parse(new String[] {"--clients", "3", "--maps", "4"}, 0));
    assertEquals("--maps is the old spelling of --clients: give --clients only", both.getMessage());
  }

  @Test
  void helpShowsTheNewNameOnly() {
    String help = options().help();
    assertTrue(help.contains("--clients <n>"), help);
    assertFalse(help.contains("--maps"), help);
  }

  @Test
  void aSwitchIsOnGivenAloneOffOtherwiseAndTheOldOnOffStillWorks() throws Exception {
    assertTrue(options().parse(new String[] {"--per-server"}, 0).on("per-server"));
    assertFalse(options().parse(new String[0], 0).on("per-server"));
    String[] err = new String[1];
    assertTrue(capturingStderr(err, () -> options().parse(new String[] {"--per-server", "on"}, 0)).on("per-server"));
    assertEquals("hperf load: --per-server on is now --per-server alone (the old form is accepted in this release"
        + " only)\n", err[0]);
    assertFalse(capturingStderr(err, () -> options().parse(new String[] {"--per-server", "off"}, 0)).on("per-server"));
    assertEquals("hperf load: --per-server off is now no --per-server (the old form is accepted in this release"
        + " only)\n", err[0]);
    UsageException bad = assertThrows(UsageException.class,
        () -> options().parse(new String[] {"--per-server", "yes"}, 0));
    assertEquals("--per-server is a switch: give it alone to turn it on, not '--per-server yes'", bad.getMessage());
  }

  private interface Parse {
    ParsedOptions run() throws UsageException;
  }

  private static ParsedOptions capturingStderr(String[] err, Parse parse) throws UsageException {
    PrintStream saved = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      return parse.run();
    } finally {
      System.setErr(saved);
      err[0] = captured.toString(StandardCharsets.UTF_8);
    }
  }
}
