package org.hperf.driver.bench;

/**
 * Samples this JVM's used heap every 20 ms while a benchmark step runs. On the embedded cluster
 * the LocalJobRunner tasks, the region server and the client share the JVM, so the peak is theirs
 * together. (Summing the memory pools' own peaks overstates it: the pools peak at different times.)
 */
final class HeapSampler extends Thread {
  private volatile long peakBytes;

  HeapSampler() {
    setDaemon(true);
  }

  @Override
  public void run() {
    Runtime runtime = Runtime.getRuntime();
    while (!isInterrupted()) {
      peakBytes = Math.max(peakBytes, runtime.totalMemory() - runtime.freeMemory());
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** Stops sampling and returns the peak seen. */
  long finish() throws InterruptedException {
    interrupt();
    join();
    return peakBytes;
  }
}
