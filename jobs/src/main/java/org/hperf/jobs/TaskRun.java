package org.hperf.jobs;

import java.util.concurrent.atomic.AtomicBoolean;
import org.hperf.core.KeySpace;
import org.hperf.core.RowCodec;

/**
 * What every client thread or async lane of a task shares: the workload, the table's layout, the
 * recorders, the clock (measuring from the end of the warm-up, stopping at the run's end), and a
 * stop flag the task raises when it ends early (its log could not be written).
 */
record TaskRun(WorkloadSpec workload, KeySpace keySpace, RowCodec codec, byte[] family, OperationRecorders recorders,
    long measureFromNanos, long endNanos, AtomicBoolean stopped) {
}
