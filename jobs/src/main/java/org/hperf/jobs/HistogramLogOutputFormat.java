package org.hperf.jobs;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The workload job's output: no records, only the histogram log each task writes into its work
 * directory. The FileOutputCommitter publishes a task's log only when its attempt succeeds, so a
 * failed or killed attempt's partial log never reaches the run directory.
 */
public final class HistogramLogOutputFormat extends FileOutputFormat<NullWritable, NullWritable> {
  @Override
  public RecordWriter<NullWritable, NullWritable> getRecordWriter(TaskAttemptContext context) {
    return new RecordWriter<>() {
      @Override
      public void write(NullWritable key, NullWritable value) {
        throw new UnsupportedOperationException("workload tasks write histogram logs, not records");
      }

      @Override
      public void close(TaskAttemptContext ignored) {
      }
    };
  }
}
