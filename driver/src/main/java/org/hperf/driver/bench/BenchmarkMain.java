package org.hperf.driver.bench;

/**
 * The main of a benchmark: runs it and exits explicitly, because an embedded cluster that failed
 * half-way leaves non-daemon threads behind that would keep the JVM alive.
 */
final class BenchmarkMain {
  interface Body {
    void run(String[] args) throws Exception;
  }

  private BenchmarkMain() {
  }

  static void exitAfter(Body body, String[] args) {
    try {
      body.run(args);
      System.exit(0);
    } catch (Exception e) {
      e.printStackTrace();
      System.exit(1);
    }
  }
}
