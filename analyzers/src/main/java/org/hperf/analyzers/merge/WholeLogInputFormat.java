package org.hperf.analyzers.merge;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.CombineFileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.CombineFileRecordReader;
import org.apache.hadoop.mapreduce.lib.input.CombineFileSplit;
import org.hperf.core.OneRecordReader;

/**
 * The aggregate job's input: every task log whole, many logs to a map (up to
 * {@link #MAX_SPLIT_BYTES}, a few hundred logs), so that thousands of logs need tens of maps, not
 * thousands, and the combiner merges each map's histograms before the shuffle. The record is a
 * log's path; the mapper reads the file.
 */
public final class WholeLogInputFormat extends CombineFileInputFormat<Text, NullWritable> {
  static final long MAX_SPLIT_BYTES = 64L << 20;

  public WholeLogInputFormat() {
    setMaxSplitSize(MAX_SPLIT_BYTES);
  }

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }

  @Override
  public RecordReader<Text, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context)
      throws IOException {
    return new CombineFileRecordReader<>((CombineFileSplit) split, context, PathReader.class);
  }

  /** Yields one file of a combined split: its path, once. */
  public static final class PathReader extends OneRecordReader<Text> {
    public PathReader(CombineFileSplit split, TaskAttemptContext context, Integer index) {
      super(new Text(split.getPath(index).toString()));
    }
  }
}
