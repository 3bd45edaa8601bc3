package org.hperf.analyzers.merge;

import java.io.IOException;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.hperf.core.LatencyHistograms;

/**
 * Merges each map's histograms of one key before the shuffle ({@link Histogram#add}, exact);
 * windows and counts pass through to the run's reducer.
 */
public final class HistogramCombiner extends Reducer<Text, Text, Text, Text> {
  @Override
  protected void reduce(Text key, Iterable<Text> values, Context context) throws IOException, InterruptedException {
    if (MergeRecord.parse(key).isHistogram()) {
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
