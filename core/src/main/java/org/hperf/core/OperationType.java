package org.hperf.core;

/**
 * The operations a workload mixes, named as YCSB names them. The tag is the operation's
 * HdrHistogram log tag; intended-time latencies (coordinated omission corrected, recorded when a
 * target rate is set) carry the tag plus {@link #INTENDED_SUFFIX}.
 */
public enum OperationType {
  READ("readproportion"),
  UPDATE("updateproportion"),
  INSERT("insertproportion"),
  SCAN("scanproportion"),
  READ_MODIFY_WRITE("readmodifywriteproportion");

  public static final String INTENDED_SUFFIX = ".intended";
  /**
   * The tag of all operations together: every top-level operation once, so a read-modify-write
   * counts as one operation and its inner read is not counted a second time (as summing the
   * operations' tags would). Recorded by the workload task itself, with {@code ALL.intended}
   * beside it when a target rate is set.
   */
  public static final String ALL_TAG = "ALL";

  private final String proportionKey;

  OperationType(String proportionKey) {
    this.proportionKey = proportionKey;
  }

  /** The YCSB property that gives this operation's share of the mix. */
  public String proportionKey() {
    return proportionKey;
  }

  /** The HdrHistogram log tag of this operation's service-time latencies. */
  public String tag() {
    return name();
  }

  public String intendedTag() {
    return name() + INTENDED_SUFFIX;
  }
}
