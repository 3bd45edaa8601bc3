package org.hperf.core.generators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import site.ycsb.generator.CounterGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.HotspotIntegerGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.SkewedLatestGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.ZipfianGenerator;

/**
 * hperf's key choosers against YCSB's own generators, statistically: a two-sample chi-square test
 * over value buckets (each bucket holding at least 20 draws of the two samples together), at a
 * significance of 10^-5 so the test is not flaky, plus a check that the same test does reject two
 * different distributions.
 */
class DistributionVsYcsbTest {
  private static final int DRAWS = 200_000;
  private static final long ITEMS = 1_000;

  @Test
  void zipfianMatchesYcsbZipfian() {
    ZipfianGenerator ycsb = new ZipfianGenerator(ITEMS);
    Zipfian ours = new Zipfian(ITEMS, Zipfian.YCSB_CONSTANT);
    SplittableRandom random = new SplittableRandom(1);
    assertSameDistribution("zipfian", draw(() -> ours.next(random.nextDouble())), draw(ycsb::nextValue));
  }

  @Test
  void scrambledZipfianMatchesYcsbIncludingWhichKeysAreHot() {
    ScrambledZipfianGenerator ycsb = new ScrambledZipfianGenerator(0, ITEMS - 1);
    KeyChooser ours = Distribution.ZIPFIAN.chooser(params());
    SplittableRandom random = new SplittableRandom(2);
    long[] mine = draw(() -> ours.next(random, ITEMS));
    long[] theirs = draw(ycsb::nextValue);
    assertSameDistribution("scrambled zipfian", mine, theirs);
    assertEquals(mostFrequent(theirs), mostFrequent(mine), "the hottest key is YCSB's");
  }

  @Test
  void latestMatchesYcsbSkewedLatest() {
    CounterGenerator inserted = new CounterGenerator(ITEMS);
    SkewedLatestGenerator ycsb = new SkewedLatestGenerator(inserted);
    KeyChooser ours = Distribution.LATEST.chooser(params());
    SplittableRandom random = new SplittableRandom(3);
    assertSameDistribution("latest", draw(() -> ours.next(random, ITEMS)), draw(ycsb::nextValue));
  }

  @Test
  void hotspotMatchesYcsbHotspot() {
    HotspotIntegerGenerator ycsb = new HotspotIntegerGenerator(0, ITEMS - 1, 0.2, 0.8);
    KeyChooser ours = Distribution.HOTSPOT.chooser(params());
    SplittableRandom random = new SplittableRandom(4);
    assertSameDistribution("hotspot", bucketed(draw(() -> ours.next(random, ITEMS)), 50),
        bucketed(draw(ycsb::nextValue), 50));
  }

  @Test
  void exponentialMatchesYcsbExponential() {
    ExponentialGenerator ycsb = new ExponentialGenerator(95, ITEMS * 0.8571428571);
    KeyChooser ours = Distribution.EXPONENTIAL.chooser(params());
    SplittableRandom random = new SplittableRandom(5);
    // YCSB's workload turns the draw into "newest key minus the draw", redrawing below zero.
    long[] theirs = draw(() -> {
      long index;
      do {
        index = ITEMS - 1 - ycsb.nextValue().longValue();
      } while (index < 0);
      return index;
    });
    assertSameDistribution("exponential", bucketed(draw(() -> ours.next(random, ITEMS)), 20), bucketed(theirs, 20));
  }

  @Test
  void uniformMatchesYcsbUniform() {
    UniformLongGenerator ycsb = new UniformLongGenerator(0, ITEMS - 1);
    KeyChooser ours = Distribution.UNIFORM.chooser(params());
    SplittableRandom random = new SplittableRandom(6);
    assertSameDistribution("uniform", bucketed(draw(() -> ours.next(random, ITEMS)), 50),
        bucketed(draw(ycsb::nextValue), 50));
  }

  @Test
  void theTestRejectsDifferentDistributions() {
    SplittableRandom random = new SplittableRandom(7);
    Zipfian zipfian = new Zipfian(ITEMS, Zipfian.YCSB_CONSTANT);
    Zipfian flatter = new Zipfian(ITEMS, 0.9);
    double statistic = chiSquare(draw(() -> zipfian.next(random.nextDouble())),
        draw(() -> flatter.next(random.nextDouble())));
    assertTrue(statistic > critical(degreesOf(draw(() -> zipfian.next(random.nextDouble())))),
        "theta 0.99 vs 0.9 must be told apart: " + statistic);
  }

  @Test
  void zetaForBillionsIsComputedInMillisecondsAndAgreesWithTheExactSum() {
    long items = 3_000_000;
    double exact = 0;
    for (long i = 1; i <= items; i++) {
      exact += 1 / Math.pow(i, 0.99);
    }
    assertEquals(exact, Zipfian.zeta(items, 0.99), exact * 1e-9);
    assertEquals(ScrambledZipfianChooserConstants.ZETAN, Zipfian.zeta(10_000_000_001L, 0.99), 1e-6,
        "YCSB's precomputed zeta for 10^10 items");
  }

  /** YCSB's published constant, kept apart so the assertion reads plainly. */
  static final class ScrambledZipfianChooserConstants {
    static final double ZETAN = 26.46902820178302;
  }

  private static Distribution.Parameters params() {
    return new Distribution.Parameters(ITEMS, 0, 0.2, 0.8, 95, 0.8571428571, 0);
  }

  private static long[] draw(LongSupplier generator) {
    long[] values = new long[DRAWS];
    for (int i = 0; i < DRAWS; i++) {
      values[i] = generator.getAsLong();
    }
    return values;
  }

  private static long[] bucketed(long[] values, long width) {
    long[] out = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = values[i] / width;
    }
    return out;
  }

  private static long mostFrequent(long[] values) {
    Map<Long, Integer> counts = new HashMap<>();
    for (long v : values) {
      counts.merge(v, 1, Integer::sum);
    }
    return counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
  }

  private static void assertSameDistribution(String name, long[] ours, long[] ycsb) {
    double statistic = chiSquare(ours, ycsb);
    int degrees = degreesOf(ours, ycsb);
    assertTrue(degrees >= 5, name + ": too few buckets to compare: " + degrees);
    assertTrue(statistic < critical(degrees), name + ": chi-square " + statistic + " over " + degrees
        + " degrees of freedom exceeds " + critical(degrees));
  }

  /** Two-sample chi-square for equal sample sizes over buckets of at least 20 joint draws. */
  private static double chiSquare(long[] a, long[] b) {
    double statistic = 0;
    for (long[] pair : buckets(a, b)) {
      statistic += Math.pow(pair[0] - pair[1], 2) / (pair[0] + pair[1]);
    }
    return statistic;
  }

  private static int degreesOf(long[] a, long[] b) {
    return buckets(a, b).size() - 1;
  }

  private static int degreesOf(long[] a) {
    return degreesOf(a, a);
  }

  private static List<long[]> buckets(long[] a, long[] b) {
    Map<Long, long[]> counts = new HashMap<>();
    for (long v : a) {
      counts.computeIfAbsent(v, k -> new long[2])[0]++;
    }
    for (long v : b) {
      counts.computeIfAbsent(v, k -> new long[2])[1]++;
    }
    List<long[]> buckets = new ArrayList<>();
    long[] rest = new long[2];
    for (long[] pair : counts.values()) {
      if (pair[0] + pair[1] >= 20) {
        buckets.add(pair);
      } else {
        rest[0] += pair[0];
        rest[1] += pair[1];
      }
    }
    if (rest[0] + rest[1] > 0) {
      buckets.add(rest);
    }
    return buckets;
  }

  /** Chi-square critical value at p = 10^-5 (Wilson-Hilferty). */
  private static double critical(int degrees) {
    double z = 4.265;
    double k = degrees;
    return k * Math.pow(1 - 2 / (9 * k) + z * Math.sqrt(2 / (9 * k)), 3);
  }
}
