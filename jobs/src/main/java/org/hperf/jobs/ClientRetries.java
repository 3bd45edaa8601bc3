package org.hperf.jobs;

import java.lang.reflect.Method;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionImplementation;
import org.apache.hadoop.hbase.client.MetricsConnection;

/**
 * What the HBase client hid from the workload: RPCs that failed and were retried (a region server
 * died, a region moved, a server was too busy) and region location cache clears. An operation that
 * succeeded on its fifth try counts as OK; these counts show the retries behind it.
 *
 * <p>They come from the client's own connection metrics ({@code hbase.client.metrics.enable}), an
 * HBase-private API: if a future client changes it, the counts read as unavailable (-1), never as
 * a false zero. {@code -D hperf.client.metrics=false} turns them off (scripts/bench-workload
 * measures what they cost).
 */
public final class ClientRetries {
  /** Whether workload tasks turn the client's connection metrics on (default true). */
  public static final String ENABLED = "hperf.client.metrics";
  static final long UNAVAILABLE = -1;

  private ClientRetries() {
  }

  /** Turns the client's connection metrics on for connections made from {@code conf}, unless hperf's switch is off. */
  static void enable(Configuration conf) {
    if (conf.getBoolean(ENABLED, true)) {
      conf.setBoolean(MetricsConnection.CLIENT_SIDE_METRICS_ENABLED_KEY, true);
    }
  }

  /** RPCs of this connection that ended in an exception, so far; -1 if the client does not say. */
  static long failedRpcs(Connection connection) {
    return failedRpcs(metrics(connection));
  }

  /** The same for the async client's connection. */
  static long failedRpcs(AsyncConnection connection) {
    return failedRpcs(metrics(connection));
  }

  /** Times this connection dropped a server's or a region's cached locations; -1 if unknown. */
  static long locationCacheClears(Connection connection) {
    return locationCacheClears(metrics(connection));
  }

  /** The same for the async client's connection. */
  static long locationCacheClears(AsyncConnection connection) {
    return locationCacheClears(metrics(connection));
  }

  private static long failedRpcs(MetricsConnection metrics) {
    if (metrics == null) {
      return UNAVAILABLE;
    }
    var counter = metrics.getRpcCounters().get("rpcTotalExceptions");
    return counter == null ? 0 : counter.getCount();
  }

  private static long locationCacheClears(MetricsConnection metrics) {
    if (metrics == null) {
      return UNAVAILABLE;
    }
    return metrics.getMetaCacheNumClearServer().getCount() + metrics.getMetaCacheNumClearRegion().getCount();
  }

  private static MetricsConnection metrics(Connection connection) {
    try {
      return connection instanceof ConnectionImplementation
          ? ((ConnectionImplementation) connection).getConnectionMetrics() : null;
    } catch (LinkageError e) {
      return null;
    }
  }

  /**
   * AsyncConnectionImpl keeps its metrics behind a package-private getter ({@code Optional}); read
   * once per task, at its end, so reflection costs nothing that is measured.
   */
  private static MetricsConnection metrics(AsyncConnection connection) {
    try {
      Method getter = connection.getClass().getDeclaredMethod("getConnectionMetrics");
      getter.setAccessible(true);
      return getter.invoke(connection) instanceof Optional<?> metrics
          && metrics.orElse(null) instanceof MetricsConnection m ? m : null;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null;
    }
  }
}
