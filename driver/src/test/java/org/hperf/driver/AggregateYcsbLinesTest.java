package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.hperf.core.ExitCode;
import org.hperf.core.UsageException;
import org.hperf.core.testing.ToolRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hperf run --format ycsb}'s last step on a run directory the runs wrote (analyzers' golden
 * one, aggregated in the LocalJobRunner): YCSB's lines alone on stdout, and its settings refused
 * before any run. The lines' figures are AggregateYcsbFormatTest's.
 */
class AggregateYcsbLinesTest {

  @Test
  void printsYcsbsLinesAloneOnStdout(@TempDir Path tmp) throws Exception {
    File dir = tmp.resolve("run").toFile();
    Path golden = Path.of("../analyzers/src/test/resources/golden");
    try (Stream<Path> files = Files.walk(golden)) {
      for (Path file : files.toList()) {
        Files.copy(file, dir.toPath().resolve(golden.relativize(file).toString()));
      }
    }
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", tmp.resolve("hadoop").toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", tmp.resolve("staging").toString());
    ToolRun run = ToolRun.capture(() -> new AggregateYcsbLines().print(conf,
        new org.apache.hadoop.fs.Path(dir.getAbsolutePath())));
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    List<String> lines = run.out().lines().toList();
    assertTrue(lines.get(0).startsWith("[OVERALL], RunTime(ms), "), run.all());
    assertTrue(lines.get(1).startsWith("[OVERALL], Throughput(ops/sec), "), run.all());
    for (String line : lines) {
      assertTrue(line.matches("\\[[A-Za-z-]+\\], [^,]+, -?[0-9.E-]+"), "a YCSB line: " + line);
    }
    assertTrue(run.err().contains("summaries in "), "the aggregate's own lines on stderr: " + run.all());
    assertTrue(new File(dir, "aggregate/summary.json").isFile(), "written as aggregate writes it");
  }

  @Test
  void badPercentilesAreRefusedBeforeAnyRun() {
    Configuration conf = new Configuration(false);
    conf.set("hdrhistogram.percentiles", "95,101");
    UsageException e = assertThrows(UsageException.class, () -> new AggregateYcsbLines().check(conf));
    assertEquals("-D hdrhistogram.percentiles=95,101: give percentiles above 0 and at most 100, separated by commas"
        + " (e.g. 50,95,99,99.9)", e.getMessage());
  }
}
