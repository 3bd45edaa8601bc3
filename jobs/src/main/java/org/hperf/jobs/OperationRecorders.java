package org.hperf.jobs;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;
import org.apache.hadoop.hbase.HRegionLocation;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.OperationType;
import org.hperf.core.run.TaskLogFormat;

/**
 * A task's latency recorders, shared by its client threads: one per operation, one for the
 * top-level operations ({@link TaskLogFormat#ALL_TAG}), and the same again for intended-time
 * latency when a target rate is set; and unless turned off, where each was served
 * ({@link PlacementRecorders}). Threads record; the task's log writer takes intervals.
 */
final class OperationRecorders {
  private final WorkloadSpec workload;
  private final Recorder[] service = new Recorder[OperationType.values().length];
  private final Recorder[] intended;
  private final Recorder allService = LatencyHistograms.newRecorder();
  private final Recorder allIntended;
  /** Null when the run does not record where operations were served. */
  private final PlacementRecorders placement;
  /** The top-level operations' histogram of the last interval written; null before the first. */
  private Histogram lastTopLevel;

  OperationRecorders(WorkloadSpec workload, boolean paced, boolean perServer) {
    this.workload = workload;
    this.placement = perServer ? new PlacementRecorders(workload) : null;
    this.intended = paced ? new Recorder[service.length] : null;
    for (OperationType op : OperationType.values()) {
      service[op.ordinal()] = LatencyHistograms.newRecorder();
      if (paced) {
        intended[op.ordinal()] = LatencyHistograms.newRecorder();
      }
    }
    this.allIntended = paced ? LatencyHistograms.newRecorder() : null;
  }

  /**
   * One operation, inner or top-level. Intended-time latency runs from {@code intendedStartNanos}
   * (0: from its actual start, as for the inner parts of a read-modify-write). {@code where} is
   * the region that served it, null if unknown; ignored unless placement is recorded.
   */
  void record(OperationType op, long startNanos, long endNanos, long intendedStartNanos, HRegionLocation where) {
    long micros = micros(endNanos - startNanos);
    service[op.ordinal()].recordValue(micros);
    if (placement != null) {
      placement.record(where, op, micros);
    }
    if (intended != null) {
      intended[op.ordinal()].recordValue(micros(endNanos - (intendedStartNanos > 0 ? intendedStartNanos : startNanos)));
    }
  }

  /** One top-level operation, once, whatever it was made of. */
  void recordTopLevel(long startNanos, long endNanos, long intendedStartNanos, HRegionLocation where) {
    long micros = micros(endNanos - startNanos);
    allService.recordValue(micros);
    if (placement != null) {
      placement.recordTopLevel(where, micros);
    }
    if (allIntended != null) {
      allIntended.recordValue(micros(endNanos - (intendedStartNanos > 0 ? intendedStartNanos : startNanos)));
    }
  }

  /**
   * Writes the interval's histogram of every operation the workload performs, and of ALL; returns
   * the top-level operations in it. Threads record nothing before the warm-up ends, so an interval
   * that the recorders opened earlier is stamped as starting at {@code measureFromMs}; none ends
   * after {@code notAfterMs}, the task's measurement end, so idle time never pads an interval.
   */
  /** True if the clients must find where each operation was served, for {@link #record}. */
  boolean recordsPlacement() {
    return placement != null;
  }

  long writeInterval(HistogramLogWriter writer, long measureFromMs, long notAfterMs) {
    for (OperationType op : OperationType.values()) {
      if (workload.performs(op)) {
        write(writer, service[op.ordinal()], op.tag(), measureFromMs, notAfterMs);
        if (intended != null) {
          write(writer, intended[op.ordinal()], op.intendedTag(), measureFromMs, notAfterMs);
        }
      }
    }
    if (allIntended != null) {
      write(writer, allIntended, TaskLogFormat.intendedTag(OperationType.ALL_TAG), measureFromMs, notAfterMs);
    }
    lastTopLevel = allService.getIntervalHistogram();
    long topLevel = writeStamped(writer, lastTopLevel, OperationType.ALL_TAG, measureFromMs, notAfterMs);
    if (placement != null) {
      placement.writeInterval(writer, measureFromMs, notAfterMs);
    }
    return topLevel;
  }

  /** The top-level operations of the interval {@link #writeInterval} wrote last. */
  Histogram lastTopLevel() {
    return lastTopLevel;
  }

  /** Writes each region's whole-run histograms (if placement is recorded); once, after the last interval. */
  void writeRegions(HistogramLogWriter writer, long windowStartMs, long windowEndMs) {
    if (placement != null) {
      placement.writeRegions(writer, windowStartMs, windowEndMs);
    }
  }

  private static long write(HistogramLogWriter writer, Recorder recorder, String tag, long measureFromMs,
      long notAfterMs) {
    return writeStamped(writer, recorder.getIntervalHistogram(), tag, measureFromMs, notAfterMs);
  }

  /** Writes an interval histogram within the task's measurement; returns its count. */
  static long writeStamped(HistogramLogWriter writer, Histogram h, String tag, long measureFromMs, long notAfterMs) {
    h.setTag(tag);
    h.setStartTimeStamp(Math.min(Math.max(h.getStartTimeStamp(), measureFromMs), notAfterMs));
    h.setEndTimeStamp(Math.max(Math.min(h.getEndTimeStamp(), notAfterMs), h.getStartTimeStamp()));
    writer.outputIntervalHistogram(h);
    return h.getTotalCount();
  }

  private static long micros(long nanos) {
    return LatencyHistograms.clampMicros(nanos / 1000);
  }
}
