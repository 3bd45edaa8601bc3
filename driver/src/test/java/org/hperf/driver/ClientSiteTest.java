package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.junit.jupiter.api.Test;

class ClientSiteTest {
  @Test
  void writesTheClustersSettingsAndLeavesTheDefaultsToTheReader() throws Exception {
    Configuration cluster = HBaseConfiguration.create();
    cluster.set("hbase.zookeeper.property.clientPort", "62084");
    cluster.set("hbase.rootdir", "${hadoop.tmp.dir}/hbase");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ClientSite.write(cluster, out);
    String xml = out.toString(StandardCharsets.UTF_8);
    assertTrue(xml.contains("<name>hbase.zookeeper.property.clientPort</name><value>62084</value>"), xml);
    assertTrue(xml.contains("<value>${hadoop.tmp.dir}/hbase</value>"), "written raw: " + xml);
    assertFalse(xml.contains("hbase.client.retries.number"), "a default: " + xml);
    assertFalse(xml.contains("fs.defaultFS"), "a default: " + xml);

    // A client reading it gets what the cluster has, its own jars giving the defaults.
    Configuration client = HBaseConfiguration.create();
    client.addResource(new ByteArrayInputStream(out.toByteArray()), "hbase-site.xml");
    for (String key : new String[] {"hbase.zookeeper.property.clientPort", "hbase.rootdir",
        "hbase.client.retries.number", "fs.defaultFS", "hbase.zookeeper.quorum"}) {
      assertEquals(cluster.get(key), client.get(key), key);
    }
  }
}
