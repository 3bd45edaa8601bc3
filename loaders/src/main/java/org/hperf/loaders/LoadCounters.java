package org.hperf.loaders;

/** Counters of the load job; display names in LoadCounters.properties. */
public enum LoadCounters {
  RECORDS_WRITTEN,
  CELLS_WRITTEN,
  LOGICAL_BYTES_WRITTEN
}
