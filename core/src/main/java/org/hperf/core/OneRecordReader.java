package org.hperf.core;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Reads exactly one record, its key given up front, for inputs whose task works on a whole split
 * (or file) in one map call. Progress is 0 until the map call has returned, then 1.
 */
public class OneRecordReader<K> extends RecordReader<K, NullWritable> {
  private final K key;
  private boolean read;
  private boolean done;

  public OneRecordReader(K key) {
    this.key = key;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) {
  }

  @Override
  public boolean nextKeyValue() {
    if (read) {
      done = true; // asked again: the one map call has returned
      return false;
    }
    read = true;
    return true;
  }

  @Override
  public K getCurrentKey() {
    return key;
  }

  @Override
  public NullWritable getCurrentValue() {
    return NullWritable.get();
  }

  @Override
  public float getProgress() {
    return done ? 1f : 0f;
  }

  @Override
  public void close() {
  }
}
