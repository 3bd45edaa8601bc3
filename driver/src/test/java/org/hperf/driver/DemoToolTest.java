package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.hperf.core.UsageException;
import org.junit.jupiter.api.Test;

/** The suite and the comparison the demo runs, from its options, without a cluster (DemoIT runs the demo itself). */
class DemoToolTest {
  private static final File DIR = new File("/demo");
  private static final List<String> START = List.of("--scale", "tiny", "--dir", "/demo/suite", "--yes", "--workloads");
  private static final String SEVEN = "workloada,workloadc,workloadf,updateonly,randomread,randomwrite,scan";

  @Test
  void theDemoWarmsItsServerOnceForAtMostAMinuteUnlessToldOtherwise() throws Exception {
    assertEquals(with(SEVEN, "--duration", "3", "--warmup", "1", "--server-warmup", "60", "--warm-once"), suite());
    assertEquals(with(SEVEN, "--duration", "3", "--warmup", "1", "--server-warmup", "3", "--warm-once"),
        suite("--server-warmup", "3"));
    assertEquals(with(SEVEN, "--duration", "3", "--warmup", "1"), suite("--server-warmup", "0"));
  }

  @Test
  void theDemoRunsClouderasFourAndThreeBigTableTestsOrAllTenWithAll() throws Exception {
    assertEquals(SuiteTool.DEFAULT_WORKLOADS, suite("--all").get(START.size()));
    assertEquals(10, SuiteTool.DEFAULT_WORKLOADS.split(",").length);
    UsageException both = assertThrows(UsageException.class, () -> suite("--all", "--workloads", "workloadc"));
    assertTrue(both.getMessage().contains("--all and --workloads"), both.getMessage());
  }

  @Test
  void theSuiteOptionsGivenToTheDemoPassThrough() throws Exception {
    assertEquals(with("workloadc", "--recordcount", "5000", "--duration", "3", "--per-server", "--warmup", "1",
        "--server-warmup", "60", "--warm-once"),
        suite("--workloads", "workloadc", "--recordcount", "5000", "--per-server", "--yarn", "--duration", "3",
            "--warmup", "1"));
  }

  @Test
  void theComparisonMeasuresWorkloadCWithTheDemosWindowsAndBlockCacheOffUnlessToldOtherwise() throws Exception {
    List<String> ab = DemoComparison.of(parse(), DIR).arguments();
    assertEquals(List.of("--dir", "/demo/compare", "--workloads", "workloadc", "--runs", "2", "--recordcount", "20000",
        "--regions", "4", "--duration", "3", "--warmup", "1", "--server-warmup", "60", "--b-set",
        "hfile.block.cache.size=0"), ab);
    List<String> handlers = DemoComparison.of(parse("--b-set", "hbase.regionserver.handler.count=2", "--threads", "8"),
        DIR).arguments();
    assertEquals(List.of("--threads", "8", "--b-set", "hbase.regionserver.handler.count=2"),
        handlers.subList(handlers.size() - 4, handlers.size()));
  }

  private static List<String> with(String workloads, String... rest) {
    List<String> args = new java.util.ArrayList<>(START);
    args.add(workloads);
    args.addAll(List.of(rest));
    return args;
  }

  private static org.hperf.core.cli.ParsedOptions parse(String... options) throws Exception {
    return new DemoTool().options().parse(options, 0);
  }

  private static List<String> suite(String... options) throws Exception {
    return DemoTool.suiteArguments(parse(options), DIR);
  }
}
