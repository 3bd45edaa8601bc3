package org.hperf.driver;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hperf.analyzers.AggregateTool;
import org.hperf.analyzers.render.YcsbResults;
import org.hperf.core.UsageException;
import org.hperf.jobs.WorkloadTool;

/**
 * {@code hperf run --format ycsb}'s last step: {@code hperf aggregate <run dir> --format ycsb} on the
 * directory the runs just wrote. Here because jobs may not depend on analyzers; the driver joins them.
 */
final class AggregateYcsbLines implements WorkloadTool.YcsbLines {
  @Override
  public void check(Configuration conf) throws UsageException {
    YcsbResults.checkPercentiles(conf);
  }

  @Override
  public int print(Configuration conf, Path runDir) throws Exception {
    return ToolRunner.run(new Configuration(conf), new AggregateTool(),
        new String[] {runDir.toString(), "--format", "ycsb"});
  }
}
