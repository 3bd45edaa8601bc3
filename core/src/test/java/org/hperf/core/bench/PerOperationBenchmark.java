package org.hperf.core.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Recorder;
import org.hperf.core.InsertOrder;
import org.hperf.core.KeySpace;
import org.hperf.core.LatencyHistograms;
import org.hperf.core.RowCodec;
import org.hperf.core.generators.Distribution;
import org.hperf.core.generators.KeyChooser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What hperf itself adds to every operation a client thread runs, without the HBase call: choose
 * the key (scrambled zipfian or uniform over 10^9 records), build the row key, generate one 100-byte
 * value (an update's payload), and record a latency into the operation's Recorder. The target is
 * under 1 us in total, so the client never limits a benchmark. Run with {@code scripts/bench-ops}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PerOperationBenchmark {
  @Param({"zipfian", "uniform"})
  public String distribution;

  private KeyChooser chooser;
  private final SplittableRandom random = new SplittableRandom(1);
  private final KeySpace keySpace = new KeySpace(InsertOrder.HASHED, 1);
  private final RowCodec codec = new RowCodec(1, 10, 100);
  private final Recorder recorder = LatencyHistograms.newRecorder();
  private final byte[] value = new byte[100];
  private long version;

  @Setup
  public void setUp() throws Exception {
    chooser = Distribution.fromProperty("requestdistribution", distribution).chooser(
        new Distribution.Parameters(1_000_000_000L, 0, 0.2, 0.8, 95, 0.8571428571, 0));
  }

  /** Key choice + row key + one field's value + one histogram record: a whole update's overhead. */
  @Benchmark
  public byte[] chooseKeyGenerateValueRecordLatency() {
    long record = chooser.next(random, 1_000_000_000L);
    long keyNumber = keySpace.keyNumber(record);
    byte[] row = keySpace.rowKeyOfKeyNumber(keyNumber);
    codec.writeValue(value, 0, keyNumber, random.nextInt(10), ++version);
    recorder.recordValue(LatencyHistograms.clampMicros(250 + (record & 1023)));
    return row;
  }

  /** Key choice + row key + one histogram record: a read's overhead. */
  @Benchmark
  public byte[] chooseKeyRecordLatency() {
    long record = chooser.next(random, 1_000_000_000L);
    byte[] row = keySpace.rowKey(record);
    recorder.recordValue(LatencyHistograms.clampMicros(250 + (record & 1023)));
    return row;
  }
}
