package org.hperf.core.generators;

/**
 * Zipfian-distributed integers in {@code [0, items)}, item 0 the most popular, by the algorithm of
 * Gray et al., "Quickly Generating Billion-Record Synthetic Databases" (SIGMOD 1994), exactly as
 * YCSB's ZipfianGenerator draws them from a uniform double. The item count may grow (for the
 * "latest" distribution); zeta is then extended incrementally.
 *
 * <p>YCSB sums zeta(n) term by term, which takes minutes at 10^9 items; beyond
 * {@link #EXACT_TERMS} terms this sums the tail by Euler-Maclaurin (error below 1e-6 relative).
 */
public final class Zipfian {
  /** YCSB's default skew. */
  public static final double YCSB_CONSTANT = 0.99;
  static final long EXACT_TERMS = 1_000_000;

  private final double theta;
  private final double alpha;
  private final double zeta2;
  private final double halfPowTheta;
  private long items;
  private double zetan;
  private double eta;

  public Zipfian(long items, double theta) {
    this(items, theta, zeta(items, theta));
  }

  /** With a precomputed zeta(items), as YCSB's scrambled zipfian passes for 10^10 items. */
  public Zipfian(long items, double theta, double zetan) {
    this.theta = theta;
    this.alpha = 1.0 / (1.0 - theta);
    this.zeta2 = zeta(2, theta);
    this.halfPowTheta = Math.pow(0.5, theta);
    this.items = items;
    this.zetan = zetan;
    this.eta = eta(items);
  }

  /** The next value for a uniform draw {@code u} in [0, 1). */
  public long next(double u) {
    double uz = u * zetan;
    if (uz < 1.0) {
      return 0;
    }
    if (uz < 1.0 + halfPowTheta) {
      return 1;
    }
    return (long) (items * Math.pow(eta * u - eta + 1, alpha));
  }

  /** Grows the item count (never shrinks: YCSB's latest distribution only grows). */
  public void growTo(long newItems) {
    if (newItems > items) {
      zetan += sum(items + 1, newItems, theta);
      items = newItems;
      eta = eta(newItems);
    }
  }

  public long items() {
    return items;
  }

  private double eta(long n) {
    return (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetan);
  }

  /** zeta(n, theta) = sum of i^-theta for i = 1..n. */
  public static double zeta(long n, double theta) {
    return sum(1, n, theta);
  }

  /** Sum of i^-theta for i in [from, to]. */
  static double sum(long from, long to, double theta) {
    if (to < from) {
      return 0;
    }
    long exactTo = Math.min(to, from + EXACT_TERMS - 1);
    double sum = 0;
    for (long i = from; i <= exactTo; i++) {
      sum += 1 / Math.pow(i, theta);
    }
    if (exactTo < to) {
      sum += eulerMaclaurin(exactTo + 1, to, theta);
    }
    return sum;
  }

  /** Sum of x^-theta over integers in [a, b] by Euler-Maclaurin with two correction terms. */
  private static double eulerMaclaurin(long a, long b, double theta) {
    double integral = Math.abs(theta - 1) < 1e-12 ? Math.log((double) b / a)
        : (Math.pow(b, 1 - theta) - Math.pow(a, 1 - theta)) / (1 - theta);
    double ends = (Math.pow(a, -theta) + Math.pow(b, -theta)) / 2;
    double firstDerivative = theta * (Math.pow(a, -theta - 1) - Math.pow(b, -theta - 1)) / 12;
    return integral + ends + firstDerivative;
  }
}
