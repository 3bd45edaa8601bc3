package org.hperf.core.generators;

import java.util.Locale;
import java.util.SplittableRandom;
import org.hperf.core.KeySpace;
import org.hperf.core.UsageException;

/** YCSB's request distributions, and how each becomes a {@link KeyChooser}. */
public enum Distribution {
  UNIFORM, ZIPFIAN, LATEST, HOTSPOT, SEQUENTIAL, EXPONENTIAL;

  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Distribution fromProperty(String key, String value) throws UsageException {
    for (Distribution d : values()) {
      if (d.propertyValue().equals(value.trim().toLowerCase(Locale.ROOT))) {
        return d;
      }
    }
    throw new UsageException(key + "=" + value + " is not known: use uniform, zipfian, latest, hotspot,"
        + " sequential or exponential");
  }

  /** Parameters the distributions need, with YCSB's names and defaults. */
  public record Parameters(long records, long expectedInserts, double hotspotDataFraction,
      double hotspotOpnFraction, double exponentialPercentile, double exponentialFraction,
      long sequentialStart) {
  }

  public KeyChooser chooser(Parameters p) {
    switch (this) {
      case UNIFORM:
        return (random, available) -> random.nextLong(available);
      case ZIPFIAN:
        return new ScrambledZipfianChooser(p.records() + p.expectedInserts());
      case LATEST:
        return new LatestChooser(p.records());
      case HOTSPOT:
        return new HotspotChooser(p.records(), p.hotspotDataFraction(), p.hotspotOpnFraction());
      case SEQUENTIAL:
        return new SequentialChooser(p.sequentialStart());
      case EXPONENTIAL:
        return new ExponentialChooser(p.exponentialPercentile(), p.records() * p.exponentialFraction());
      default:
        throw new AssertionError(this);
    }
  }

  /**
   * YCSB's scrambled zipfian: a zipfian draw over 10^10 items (with YCSB's precomputed zeta),
   * FNV-hashed onto the key range so the popular items are scattered; draws beyond what is
   * available yet are redrawn, so inserts do not shift which keys are popular.
   */
  static final class ScrambledZipfianChooser implements KeyChooser {
    static final long ITEM_COUNT = 10_000_000_000L;
    static final double ZETAN = 26.46902820178302;
    private final Zipfian zipfian = new Zipfian(ITEM_COUNT + 1, Zipfian.YCSB_CONSTANT, ZETAN);
    private final long itemCount;

    ScrambledZipfianChooser(long itemCount) {
      this.itemCount = itemCount;
    }

    @Override
    public long next(SplittableRandom random, long available) {
      long index;
      do {
        index = KeySpace.fnvhash64(zipfian.next(random.nextDouble())) % itemCount;
      } while (index >= available);
      return index;
    }
  }

  /** YCSB's skewed-latest: zipfian on the distance from the newest record. */
  static final class LatestChooser implements KeyChooser {
    private final Zipfian zipfian;

    LatestChooser(long records) {
      zipfian = new Zipfian(Math.max(records, 2), Zipfian.YCSB_CONSTANT);
    }

    @Override
    public long next(SplittableRandom random, long available) {
      zipfian.growTo(available);
      long index;
      do {
        index = available - 1 - zipfian.next(random.nextDouble());
      } while (index < 0);
      return index;
    }
  }

  /** YCSB's hotspot: {@code opnFraction} of operations go to the first {@code dataFraction} of keys. */
  static final class HotspotChooser implements KeyChooser {
    private final long hot;
    private final long cold;
    private final double opnFraction;

    HotspotChooser(long records, double dataFraction, double opnFraction) {
      this.hot = Math.max(1, (long) (records * dataFraction));
      this.cold = Math.max(1, records - hot);
      this.opnFraction = opnFraction;
    }

    @Override
    public long next(SplittableRandom random, long available) {
      long index = random.nextDouble() < opnFraction ? random.nextLong(hot) : hot + random.nextLong(cold);
      return Math.min(index, available - 1);
    }
  }

  /** Consecutive records from a start, wrapping: each thread gets its own start. */
  static final class SequentialChooser implements KeyChooser {
    private long next;

    SequentialChooser(long start) {
      this.next = start;
    }

    @Override
    public long next(SplittableRandom random, long available) {
      return Math.floorMod(next++, available);
    }
  }

  /** YCSB's exponential: distance from the newest record, exponentially distributed. */
  static final class ExponentialChooser implements KeyChooser {
    private final double gamma;

    ExponentialChooser(double percentile, double range) {
      this.gamma = -Math.log(1.0 - percentile / 100.0) / range;
    }

    @Override
    public long next(SplittableRandom random, long available) {
      long index;
      do {
        index = available - 1 - (long) (-Math.log(1 - random.nextDouble()) / gamma);
      } while (index < 0);
      return index;
    }
  }
}
