package org.hperf.analyzers;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.hperf.core.run.RunSummary;

/**
 * Transitional, not a JSON writer: AggregateTool, which another change is rewriting, still writes
 * summary.json as {@code Json.write(summary.asMap())}. This class and {@link Summary#asMap} go as
 * soon as it writes {@code summary.summary()} with {@link RunSummary#write} itself.
 */
final class Json {
  private Json() {
  }

  static String write(RunSummary summary) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    summary.write(out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
