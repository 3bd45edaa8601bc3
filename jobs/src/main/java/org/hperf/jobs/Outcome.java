package org.hperf.jobs;

/** What became of one operation; every outcome is counted and its latency recorded. */
public enum Outcome {
  OK, NOT_FOUND, ERROR;

  /** A read-modify-write's outcome: an error if either part failed, else not found if the read found nothing. */
  static Outcome ofReadModifyWrite(Outcome read, Outcome written) {
    return read == ERROR || written == ERROR ? ERROR : read == NOT_FOUND ? NOT_FOUND : OK;
  }
}
