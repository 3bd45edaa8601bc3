package org.hperf.core;

import java.util.Locale;

/**
 * How a workload task drives HBase ({@code hperf run --client}): the classic blocking client of
 * YCSB and PerformanceEvaluation, or HBase 2's native asynchronous one.
 */
public enum ClientMode {
  /**
   * {@code --threads} client threads, each with its own blocking {@code Table}: one operation in
   * flight per thread, the caller parked while the HBase client's RPC threads do the call. The
   * baseline that YCSB-style clients compare with.
   */
  SYNC,
  /**
   * {@code --inflight} operations in flight on one {@code AsyncTable}: no thread per operation,
   * each completion issues the next operation on the HBase client's own RPC threads.
   */
  ASYNC;

  public String optionValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static ClientMode parse(String value) throws UsageException {
    for (ClientMode mode : values()) {
      if (mode.optionValue().equals(value.trim().toLowerCase(Locale.ROOT))) {
        return mode;
      }
    }
    throw new UsageException("--client " + value + " is not known: use sync or async");
  }
}
