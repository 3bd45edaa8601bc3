package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.token.AuthenticationTokenIdentifier;
import org.apache.hadoop.hbase.security.token.TokenProvider;
import org.apache.hadoop.hbase.security.token.TokenUtil;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.util.Tool;
import org.hperf.core.ExitCode;
import org.hperf.core.testing.ToolRun;
import org.hperf.jobs.WorkloadTool;
import org.hperf.loaders.CreateTableTool;
import org.hperf.loaders.LoadTool;
import org.hperf.loaders.VerifyTool;
import org.hperf.testkit.EmbeddedCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * hperf on a Kerberos-secured cluster: a MiniKdc, and an embedded HBase cluster that requires
 * Kerberos (SASL) on every RPC and hands out delegation tokens (TokenProvider). create-table, load,
 * verify and a workload run as the Kerberos user; then a workload runs as a user holding nothing but
 * an HBase delegation token, as YARN tasks do, which works only if the jobs carry the token
 * (TableMapReduceUtil.initCredentials). Runs in its own JVM: Kerberos login state is JVM-wide.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KerberosIT {
  private static final File DIR = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "kerberos")
      .getAbsoluteFile();
  private static final String TABLE = "secure_t";
  private static MiniKdc kdc;
  private static EmbeddedCluster cluster;
  private static String user;

  @BeforeAll
  static void startKdcAndSecureCluster() throws Exception {
    FileUtil.fullyDelete(DIR);
    assertTrue(new File(DIR, "kdc").mkdirs());
    // The KDC first: it writes the krb5.conf that every later Kerberos call reads.
    kdc = new MiniKdc(MiniKdc.createConf(), new File(DIR, "kdc"));
    kdc.start();
    // The principal's first part must be the OS user: job submission checks the staging dir's owner.
    user = System.getProperty("user.name");
    File keytab = new File(DIR, "hperf.keytab");
    kdc.createPrincipal(keytab, user + "/localhost");
    String principal = user + "/localhost@" + kdc.getRealm();

    Configuration conf = EmbeddedCluster.localConfiguration(new File(DIR, "cluster"));
    conf.set("hadoop.security.authentication", "kerberos");
    conf.set("hbase.security.authentication", "kerberos");
    conf.setBoolean("hbase.security.authorization", true);
    conf.set("hbase.master.kerberos.principal", principal);
    conf.set("hbase.regionserver.kerberos.principal", principal);
    conf.set("hbase.master.keytab.file", keytab.getPath());
    conf.set("hbase.regionserver.keytab.file", keytab.getPath());
    conf.set("hbase.coprocessor.region.classes", TokenProvider.class.getName());
    // Job submission with security on asks for the token renewer's principal.
    conf.set("yarn.resourcemanager.principal", principal);
    UserGroupInformation.setConfiguration(conf);
    UserGroupInformation.loginUserFromKeytab(principal, keytab.getPath());
    cluster = EmbeddedCluster.start(conf, new File(DIR, "cluster"), 1);
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
    if (kdc != null) {
      kdc.stop();
    }
    UserGroupInformation.reset();
  }

  @Order(1)
  @Test
  void aClientWithoutCredentialsIsRefused() throws Exception {
    Configuration conf = cluster.configuration();
    conf.setInt("hperf.connect.timeout.seconds", 30);
    UserGroupInformation stranger = UserGroupInformation.createRemoteUser("stranger");
    ToolRun refused = stranger.doAs((PrivilegedExceptionAction<ToolRun>) () -> run(conf, new VerifyTool(),
        "--table", TABLE));
    assertEquals(ExitCode.USAGE, refused.exitCode(), refused.all());
    assertTrue(refused.err().contains("Kerberos authentication failed for stranger"), "names the cause: "
        + refused.err());
    assertEquals(1, refused.err().strip().lines().count(), "one line: " + refused.err());
  }

  @Order(2)
  @Test
  void loadVerifyAndAWorkloadRunAsTheKerberosUser() throws Exception {
    Configuration conf = cluster.configuration();
    ok(run(conf, new CreateTableTool(), "--table", TABLE, "--recordcount", "2000", "--regions", "2"));
    ok(run(conf, new LoadTool(), "--table", TABLE, "--mode", "put"));
    ToolRun verify = ok(run(conf, new VerifyTool(), "--table", TABLE));
    assertTrue(verify.out().contains("verify OK: 2,000 rows intact"), verify.all());
    ToolRun workload = ok(run(conf, new WorkloadTool(), "-P", "../conf/workloads/workloada", "--table", TABLE,
        "--clients", "1", "--threads", "2", "--operationcount", "1000", "--output",
        new File(DIR, "runs/kerberos-user").getPath()));
    // All 1,000 operations done as the Kerberos user and every one of them succeeded.
    java.util.Map<String, Long> counters = WorkloadIT.counters(workload);
    assertEquals(1000L, counters.getOrDefault("Operations measured (top-level)", 0L), workload.all());
    assertEquals(1000L, counters.getOrDefault("Read OK", 0L) + counters.getOrDefault("Update OK", 0L), workload.all());
  }

  @Order(3)
  @Test
  void aWorkloadRunsWithOnlyADelegationToken() throws Exception {
    Configuration conf = cluster.configuration();
    Token<AuthenticationTokenIdentifier> token;
    try (Connection connection = ConnectionFactory.createConnection(conf)) {
      token = TokenUtil.obtainToken(connection);
    }
    // No Kerberos ticket, no keytab: what a YARN task of the job has.
    UserGroupInformation tokenOnly = UserGroupInformation.createRemoteUser(user);
    tokenOnly.addToken(token);
    ToolRun run = tokenOnly.doAs((PrivilegedExceptionAction<ToolRun>) () -> run(conf, new WorkloadTool(),
        "-P", "../conf/workloads/updateonly", "--table", TABLE, "--clients", "1", "--threads", "2",
        "--operationcount", "1000", "--output", new File(DIR, "runs/token-only").getPath()));
    ok(run);
    // Every one of the 1,000 updates succeeded as the token-only user (a printed zero would not do).
    assertEquals(1000L, WorkloadIT.counters(run).getOrDefault("Update OK", 0L), run.all());
  }

  private static ToolRun run(Configuration conf, Tool tool, String... args) throws Exception {
    return ToolRun.of(conf, tool, args);
  }

  private static ToolRun ok(ToolRun run) {
    assertEquals(ExitCode.OK, run.exitCode(), run.all());
    return run;
  }
}
