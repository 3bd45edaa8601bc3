package org.hperf.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The JDK 17 flags HBase's client needs ({@code --add-opens ...}), as the build wrote them from the
 * parent pom's {@code hperf.jvm.opens}: one list for scripts, task JVMs and tests. No dependency
 * beyond the JDK, so that scripts/hperf-cluster can print them with only perf.jar on the class path
 * ({@code java -cp perf.jar org.hperf.core.JvmFlags}).
 */
public final class JvmFlags {
  static final String RESOURCE = "task-jvm.options";

  private JvmFlags() {
  }

  public static void main(String[] args) {
    System.out.println(flags());
  }

  public static String flags() {
    try (InputStream in = JvmFlags.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from hperf core's classes");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
