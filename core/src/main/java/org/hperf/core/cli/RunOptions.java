package org.hperf.core.cli;

import org.hperf.core.UsageException;

/**
 * The options that size a workload run, parsed against one set of limits by every
 * command that takes them: {@code run} itself, and {@code suite}, {@code ab} and {@code demo},
 * which pass them on to the commands they run. So a value one of them accepts is never refused by
 * the command it starts, and a limit is changed in one place. Each command declares the options
 * with its own defaults and help (run's own, or a scale preset's).
 */
public final class RunOptions {
  public static final int MAX_CLIENTS = 100_000;
  public static final int MAX_THREADS = 10_000;
  /** A week: far beyond any measured window worth having (the seed method's is 900 s). */
  public static final long MAX_DURATION_SECONDS = 7L * 24 * 3600;
  /** For --warmup and --server-warmup. */
  public static final long MAX_WARMUP_SECONDS = 24L * 3600;
  public static final int MAX_RUNS = 100;

  private RunOptions() {
  }

  /** --clients: map tasks, each one client. */
  public static int clients(ParsedOptions parsed, int defaultValue) throws UsageException {
    return parsed.intValue("clients", defaultValue, 1, MAX_CLIENTS);
  }

  /** --threads: client threads per map task. */
  public static int threads(ParsedOptions parsed, int defaultValue) throws UsageException {
    return parsed.intValue("threads", defaultValue, 1, MAX_THREADS);
  }

  /** --inflight: operations each client keeps in flight with the async client; bounded as --threads. */
  public static int inflight(ParsedOptions parsed, int defaultValue) throws UsageException {
    return parsed.intValue("inflight", defaultValue, 1, MAX_THREADS);
  }

  /** --duration: the measured seconds of a run. */
  public static long durationSeconds(ParsedOptions parsed, long defaultValue) throws UsageException {
    return parsed.longValue("duration", defaultValue, 1, MAX_DURATION_SECONDS);
  }

  /** --warmup: seconds a run's clients run before measuring; 0 for none. */
  public static long warmupSeconds(ParsedOptions parsed, long defaultValue) throws UsageException {
    return parsed.longValue("warmup", defaultValue, 0, MAX_WARMUP_SECONDS);
  }

  /** --server-warmup: the warm-up's bound in seconds; {@code 0 allowed} where 0 means none. */
  public static long serverWarmupSeconds(ParsedOptions parsed, long defaultValue, boolean zeroAllowed)
      throws UsageException {
    return parsed.longValue("server-warmup", defaultValue, zeroAllowed ? 0 : 1, MAX_WARMUP_SECONDS);
  }

  /** --runs, at least {@code min}: run and suite take 1, ab 2 (it needs a spread per side). */
  public static int runs(ParsedOptions parsed, int defaultValue, int min) throws UsageException {
    return parsed.intValue("runs", defaultValue, min, MAX_RUNS);
  }
}
