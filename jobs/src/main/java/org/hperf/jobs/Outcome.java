package org.hperf.jobs;

/** What became of one operation; every outcome is counted and its latency recorded. */
public enum Outcome {
  OK, NOT_FOUND, ERROR
}
