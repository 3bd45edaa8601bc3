package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;

/** The README's demo command, end to end: its own embedded cluster, create-table, load, verify. */
class DemoIT {
  @Test
  void demoLoadsAndVerifiesOnAnEmbeddedCluster() throws Exception {
    File dir = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "demo");
    ToolRun demo = ToolRun.capture(() -> Perf.run(new String[] {"demo", "--recordcount", "5000",
        "--regions", "4", "--mode", "put", "--dir", dir.getPath()}));
    assertEquals(ExitCode.OK, demo.exitCode(), demo.all());
    assertTrue(demo.out().contains("created table usertable with 4 regions"), demo.all());
    assertTrue(demo.out().contains("verify OK: 5,000 rows intact"), demo.all());
    assertTrue(demo.out().contains("demo finished: every row loaded and verified"), demo.all());
  }
}
