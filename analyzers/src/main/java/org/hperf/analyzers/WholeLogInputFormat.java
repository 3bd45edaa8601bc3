package org.hperf.analyzers;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/** One map input per task log: the record is the log's path; the mapper reads the file whole. */
public final class WholeLogInputFormat extends FileInputFormat<Text, NullWritable> {
  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }

  @Override
  public RecordReader<Text, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new RecordReader<>() {
      private Text path;
      private boolean read;

      @Override
      public void initialize(InputSplit s, TaskAttemptContext c) {
        path = new Text(((FileSplit) s).getPath().toString());
      }

      @Override
      public boolean nextKeyValue() {
        if (read) {
          return false;
        }
        read = true;
        return true;
      }

      @Override
      public Text getCurrentKey() {
        return path;
      }

      @Override
      public NullWritable getCurrentValue() {
        return NullWritable.get();
      }

      @Override
      public float getProgress() {
        return read ? 1 : 0;
      }

      @Override
      public void close() {
      }
    };
  }
}
