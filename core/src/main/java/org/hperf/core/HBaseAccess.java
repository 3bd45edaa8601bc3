package org.hperf.core;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Opens client connections for commands, turning "cannot reach the cluster" and "no such table"
 * into one-line usage errors instead of a client that retries for many minutes.
 */
public final class HBaseAccess {
  /** How long the reachability probe may take before the command gives up. */
  public static final String CONNECT_TIMEOUT_SECONDS = "hperf.connect.timeout.seconds";
  public static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 30;

  private HBaseAccess() {
  }

  /**
   * Connects after proving within a bounded time that the cluster answers. The probe uses a copy
   * of the configuration with few retries, because with the defaults an unreachable ZooKeeper
   * keeps a client retrying for many minutes.
   */
  public static Connection connect(Configuration conf) throws UsageException, IOException {
    int timeoutSeconds = conf.getInt(CONNECT_TIMEOUT_SECONDS, DEFAULT_CONNECT_TIMEOUT_SECONDS);
    Configuration probeConf = new Configuration(conf);
    probeConf.setInt("zookeeper.recovery.retry", 1);
    probeConf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 2);
    probeConf.setInt(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, timeoutSeconds * 1000);
    ExecutorService probe = Executors.newSingleThreadExecutor(r -> {
      Thread thread = new Thread(r, "hperf-connect-probe");
      thread.setDaemon(true);
      return thread;
    });
    try {
      Future<?> answer = probe.submit(() -> {
        try (Connection connection = ConnectionFactory.createConnection(probeConf);
            Admin admin = connection.getAdmin()) {
          // A master RPC: needs ZooKeeper and the master (tableExists of meta answers locally).
          admin.listTableNames();
        }
        return null;
      });
      answer.get(timeoutSeconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      if (lacksCredentials(conf)) {
        // A secured cluster may keep an unauthenticated client retrying until the probe gives up.
        throw new UsageException(authenticationFailed(conf, "no answer within " + timeoutSeconds + " s"), e);
      }
      throw new UsageException("cannot reach HBase through ZooKeeper " + quorum(conf) + " within "
          + timeoutSeconds + " s: check hbase.zookeeper.quorum and clientPort (hbase-site.xml or -D)",
          e);
    } catch (ExecutionException e) {
      throw new UsageException(refusal(conf, e.getCause()), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while probing the cluster", e);
    } finally {
      probe.shutdownNow();
    }
    return ConnectionFactory.createConnection(conf);
  }

  /**
   * Why the cluster answered but would not serve us. A secured cluster refuses a client without
   * Kerberos credentials with a chain of SASL errors: say so, and how to get credentials.
   */
  private static String refusal(Configuration conf, Throwable cause) {
    Throwable root = cause;
    boolean authentication = false;
    for (Throwable t = cause; t != null; t = t.getCause()) {
      root = t;
      String text = t.getClass().getName() + " " + t.getMessage();
      authentication |= text.contains("Sasl") || text.contains("SASL") || text.contains("GSS")
          || text.contains("AccessDenied") || text.contains("authentication");
    }
    if (authentication || lacksCredentials(conf)) {
      return authenticationFailed(conf, root.getClass().getSimpleName());
    }
    return "HBase at " + quorum(conf) + " answered but the connection failed: " + root
        + ": check that the master and region servers are up";
  }

  private static String authenticationFailed(Configuration conf, String detail) {
    return "HBase at " + quorum(conf) + " refused the connection: Kerberos authentication failed for "
        + currentUser() + ": run kinit first (kinit -kt <keytab> <principal> for a service account) (" + detail + ")";
  }

  /** A Kerberos-secured cluster and a user with neither a ticket nor a token for it. */
  private static boolean lacksCredentials(Configuration conf) {
    return User.isHBaseSecurityEnabled(conf) && !hasKerberosCredentials();
  }

  private static boolean hasKerberosCredentials() {
    try {
      UserGroupInformation ugi = UserGroupInformation.getCurrentUser();
      return ugi.hasKerberosCredentials() || !ugi.getTokens().isEmpty();
    } catch (IOException e) {
      return false;
    }
  }

  private static String currentUser() {
    try {
      return UserGroupInformation.getCurrentUser().toString();
    } catch (IOException e) {
      return "the current user";
    }
  }

  /** The descriptor of an existing table, or a usage error saying how to create it. */
  public static TableDescriptor requireTable(Admin admin, TableName table) throws UsageException, IOException {
    if (!admin.tableExists(table)) {
      throw new UsageException("table " + table.getNameAsString() + " does not exist: create it first"
          + " with 'hperf create-table --table " + table.getNameAsString() + "'");
    }
    return admin.getDescriptor(table);
  }

  public static String quorum(Configuration conf) {
    return conf.get(HConstants.ZOOKEEPER_QUORUM, "localhost") + ":"
        + conf.get(HConstants.ZOOKEEPER_CLIENT_PORT, Integer.toString(HConstants.DEFAULT_ZOOKEEPER_CLIENT_PORT));
  }
}
