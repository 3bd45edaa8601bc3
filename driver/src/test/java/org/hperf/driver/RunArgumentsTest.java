package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.GenericOptionsParser;
import org.hperf.core.run.RunRecord;
import org.junit.jupiter.api.Test;

/** The run command lines that suite and ab build, read back the way {@code hperf run} reads them. */
class RunArgumentsTest {

  /**
   * hperf ab tells each run its side as Hadoop generic options before run's own: Hadoop's own
   * parser (what ToolRunner hands run) finds the side, with a setup of spaces, commas and '=', and
   * leaves run's options as they were given.
   */
  @Test
  void anAbSideReachesTheRunThroughHadoopsGenericOptions() throws Exception {
    String setup = "hfile.block.cache.size=0 on restarted region servers, HBase 2.6.1";
    RunRecord.AbSide side = new RunRecord.AbSide("B", setup, List.of("A1", "B1", "B2", "A2"));
    RunArguments arguments = new RunArguments("conf/workloads/workloadc", "usertable").duration(20)
        .runIndex(2, 7).output("/runs/workloadc/b").abSide(side);

    Configuration conf = new Configuration(false);
    GenericOptionsParser parser = new GenericOptionsParser(conf, arguments.toArray());

    assertEquals(Optional.of(side), RunRecord.AbSide.of(conf));
    assertArrayEquals(new String[] {"-P", "conf/workloads/workloadc", "--table", "usertable", "--duration", "20",
        "--run-index", "2", "--seed", "7", "--output", "/runs/workloadc/b"}, parser.getRemainingArgs());
    assertEquals("run", arguments.command().get(0));
    assertEquals(List.of(arguments.toArray()), arguments.command().subList(1, arguments.command().size()));
  }

  @Test
  void aRunHperfAbDidNotMakeHasNoSide() {
    assertEquals(Optional.empty(), RunRecord.AbSide.of(new Configuration(false)));
  }
}
