package org.hperf.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** The run directory's layout, spelled once: the paths as the docs (commands.md, architecture.md) give them. */
class RunDirectoryTest {
  private final RunDirectory dir = new RunDirectory(new Path("/runs/workloadc"));

  @Test
  void everyPartHasItsDocumentedPath() {
    assertEquals(new Path("/runs/workloadc/run-3"), dir.run(3));
    assertEquals(new Path("/runs/workloadc/server-warmup"), dir.serverWarmup(1));
    assertEquals(new Path("/runs/workloadc/server-warmup-run-4"), dir.serverWarmup(4));
    assertEquals(new Path("/runs/workloadc/.barrier/run-3"), dir.barrier(dir.run(3)));
    assertEquals(new Path("/runs/workloadc/.barrier/server-warmup-run-4-servers-quiet"),
        dir.serversQuietMarker(dir.serverWarmup(4)));
    assertEquals(new Path("/runs/workloadc/.barrier/run-3-latency"), dir.latestLatency(dir.run(3)));
    assertEquals(new Path("/runs/workloadc/run.properties"), dir.record());
    assertEquals(new Path("/runs/workloadc/aggregate/summary.json"), dir.summary());
  }

  @Test
  void onlyRunDirectoriesHaveARunIndex() {
    assertEquals(12, RunDirectory.runIndex("run-12"));
    assertTrue(RunDirectory.isRunName("run-1"));
    for (String other : new String[] {"server-warmup-run-2", "aggregate", "run-", "run-x", "run-0", "runs-1"}) {
      assertFalse(RunDirectory.isRunName(other), other);
    }
  }
}
