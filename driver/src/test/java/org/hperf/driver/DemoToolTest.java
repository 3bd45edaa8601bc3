package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The suite the demo runs, from its options, without a cluster (DemoIT runs the demo itself). */
class DemoToolTest {
  private static final File DIR = new File("/demo");

  @Test
  void theDemoWarmsItsServerForAtMostAMinuteUnlessToldOtherwise() throws Exception {
    assertEquals(List.of("--scale", "tiny", "--dir", "/demo/suite", "--yes", "--server-warmup", "60"), suite());
    assertEquals(List.of("--scale", "tiny", "--dir", "/demo/suite", "--yes", "--server-warmup", "3"),
        suite("--server-warmup", "3"));
    assertEquals(List.of("--scale", "tiny", "--dir", "/demo/suite", "--yes"), suite("--server-warmup", "0"));
  }

  @Test
  void theSuiteOptionsGivenToTheDemoPassThrough() throws Exception {
    assertEquals(List.of("--scale", "tiny", "--dir", "/demo/suite", "--yes", "--recordcount", "5000", "--workloads",
        "workloadc", "--per-server", "--server-warmup", "60"),
        suite("--workloads", "workloadc", "--recordcount", "5000", "--per-server", "--yarn"));
  }

  private static List<String> suite(String... options) throws Exception {
    return DemoTool.suiteArguments(new DemoTool().options().parse(options, 0), DIR);
  }
}
