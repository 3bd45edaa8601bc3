package org.hperf.jobs;

import java.util.SplittableRandom;
import org.hperf.core.OperationType;

/** Draws a workload's operations in proportion to its mix (YCSB's DiscreteGenerator). */
final class OperationMix {
  private final OperationType[] ops;
  private final double[] cumulative;

  OperationMix(WorkloadSpec workload) {
    int present = 0;
    for (OperationType op : OperationType.values()) {
      present += workload.proportion(op) > 0 ? 1 : 0;
    }
    ops = new OperationType[present];
    cumulative = new double[present];
    double sum = 0;
    int i = 0;
    for (OperationType op : OperationType.values()) {
      if (workload.proportion(op) > 0) {
        sum += workload.proportion(op);
        ops[i] = op;
        cumulative[i++] = sum;
      }
    }
  }

  OperationType next(SplittableRandom random) {
    double u = random.nextDouble() * cumulative[cumulative.length - 1];
    for (int i = 0; i < cumulative.length; i++) {
      if (u < cumulative[i]) {
        return ops[i];
      }
    }
    return ops[ops.length - 1];
  }
}
