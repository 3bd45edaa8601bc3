package org.hperf.oozie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.Credentials;
import org.apache.oozie.action.hadoop.CredentialsProperties;
import org.junit.jupiter.api.Test;

/**
 * What the credentials add to an action's configuration: the server's hbase-site.xml, the
 * credential's properties over it, the action's own values over both; and no token with security off.
 */
class HBaseCredentialsTest {
  @Test
  void theServersHBaseSettingsTheCredentialsPropertiesAndTheActionsOwnValues() throws Exception {
    File dir = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "hbase-credentials");
    dir.mkdirs();
    Configuration site = new Configuration(false);
    site.set("hbase.zookeeper.quorum", "zk-site");
    site.set("hbase.zookeeper.property.clientPort", "2181");
    site.set("zookeeper.znode.parent", "/hbase-site");
    try (OutputStream out = new FileOutputStream(new File(dir, "hbase-site.xml"))) {
      site.writeXml(out);
    }
    CredentialsProperties props = new CredentialsProperties("hbase", "hbase");
    props.getProperties().put("hbase.zookeeper.property.clientPort", "2281");
    Configuration action = new Configuration(false);
    action.set("zookeeper.znode.parent", "/hbase-action");
    Credentials credentials = new Credentials();

    ClassLoader original = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(new URLClassLoader(new URL[] {dir.toURI().toURL()}, original));
    try {
      new HBaseCredentials().updateCredentials(credentials, action, props, null);
    } finally {
      Thread.currentThread().setContextClassLoader(original);
    }
    assertEquals("zk-site", action.get("hbase.zookeeper.quorum"), "from the server's hbase-site.xml");
    assertEquals("2281", action.get("hbase.zookeeper.property.clientPort"), "the credential's property wins");
    assertEquals("/hbase-action", action.get("zookeeper.znode.parent"), "the action's own value wins");
    assertNull(action.get("hbase.client.retries.number"), "HBase's defaults stay in the client's jars");
    assertEquals(0, credentials.numberOfTokens(), "security is off: no token to obtain");
  }
}
