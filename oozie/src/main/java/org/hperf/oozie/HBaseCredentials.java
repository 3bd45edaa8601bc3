package org.hperf.oozie;

import java.security.PrivilegedExceptionAction;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.token.AuthenticationTokenIdentifier;
import org.apache.hadoop.hbase.security.token.ClientTokenUtil;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.oozie.action.ActionExecutor.Context;
import org.apache.oozie.action.hadoop.CredentialsProperties;
import org.apache.oozie.action.hadoop.CredentialsProvider;

/**
 * The credentials behind {@code cred="hbase"} in conf/oozie/workflow.xml, for HBase 2 (Oozie 5.2's own
 * HbaseCredentials is built against HBase 1). Register it in oozie-site.xml with
 * {@code oozie.credentials.credentialclasses=hbase=org.hperf.oozie.HBaseCredentials} and put
 * hperf-oozie.jar in the server's libext, beside the HBase client jars.
 *
 * <p>For every action it adds the HBase client settings to the action's configuration, which the
 * launcher's {@code OozieMain} reads, so the action finds the cluster: hbase-site.xml from the
 * server's classpath, then the credential's own properties over it; a value the action already has
 * wins over both. When HBase security is on it also obtains an HBase delegation token for the
 * workflow's user (Oozie's login user acting as a proxy for it), which the launcher's jobs pass on to
 * their tasks. With security off there is no token to obtain.
 */
public final class HBaseCredentials implements CredentialsProvider {
  @Override
  public void updateCredentials(Credentials credentials, Configuration config, CredentialsProperties props,
      Context context) throws Exception {
    Configuration hbase = new Configuration(false);
    hbase.addResource("hbase-site.xml");
    for (Map.Entry<String, String> property : props.getProperties().entrySet()) {
      hbase.set(property.getKey(), property.getValue());
    }
    for (Map.Entry<String, String> entry : hbase) {
      if (config.get(entry.getKey()) == null || props.getProperties().containsKey(entry.getKey())) {
        config.set(entry.getKey(), entry.getValue());
      }
    }
    if (User.isHBaseSecurityEnabled(config)) {
      Token<AuthenticationTokenIdentifier> token = tokenFor(context.getWorkflow().getUser(), config);
      credentials.addToken(token.getService(), token);
    }
  }

  private static Token<AuthenticationTokenIdentifier> tokenFor(String user, Configuration conf) throws Exception {
    UserGroupInformation proxy = UserGroupInformation.createProxyUser(user, UserGroupInformation.getLoginUser());
    return proxy.doAs((PrivilegedExceptionAction<Token<AuthenticationTokenIdentifier>>) () -> {
      try (Connection connection = ConnectionFactory.createConnection(conf)) {
        return ClientTokenUtil.obtainToken(connection);
      }
    });
  }
}
