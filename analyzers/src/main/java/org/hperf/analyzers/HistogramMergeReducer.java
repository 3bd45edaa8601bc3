package org.hperf.analyzers;

import java.io.IOException;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.hperf.core.LatencyHistograms;

/**
 * Merges histograms with {@link Histogram#add}: percentiles of the merged histogram are exact for
 * all samples of all tasks, unlike an average of per-task percentiles. Window and count records
 * pass through.
 */
public final class HistogramMergeReducer extends Reducer<Text, Text, Text, Text> {
  @Override
  protected void reduce(Text key, Iterable<Text> values, Context context) throws IOException, InterruptedException {
    if (key.toString().startsWith("H\t")) {
      Histogram merged = LatencyHistograms.newHistogram();
      for (Text value : values) {
        merged.add(HistogramCodec.decode(value.toString()));
      }
      context.write(key, new Text(HistogramCodec.encode(merged)));
    } else {
      for (Text value : values) {
        context.write(key, value);
      }
    }
  }
}
