package org.hperf.analyzers.merge;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** Histograms as single-line text (base64 of HdrHistogram's compressed encoding) between map and reduce. */
public final class HistogramCodec {
  private HistogramCodec() {
  }

  public static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
  }

  public static Histogram decode(String text) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
    }
  }
}
