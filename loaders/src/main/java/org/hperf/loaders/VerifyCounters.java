package org.hperf.loaders;

/** Counters of the verify job; display names in VerifyCounters.properties. */
public enum VerifyCounters {
  /** Expected rows found with every field intact. */
  OK,
  /** Expected rows not in the table. */
  MISSING,
  /** Expected rows with a missing, extra or wrong cell. */
  CORRUPT,
  /** Rows in the table that are no part of the dataset. */
  UNEXPECTED,
  /** Rows of the dataset outside the verified record range: not checked. */
  OUTSIDE_RANGE
}
