package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** OozieMain runs the command with the configuration Oozie's launcher leaves in action.xml. */
class OozieMainTest {
  private static final File DIR = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "oozie-main");

  @Test
  void theActionsConfigurationTagsAndTokensReachTheCommand() throws Exception {
    Configuration action = new Configuration(false);
    action.set("hbase.zookeeper.quorum", "zk1.example.com");
    action.set("mapreduce.job.queuename", "perf");
    action.set(OozieMain.CHILD_JOB_TAGS, "oozie-0123");
    action.set("mapreduce.job.tags", "nightly");
    File xml = write(action, "action.xml");

    Configuration conf = OozieMain.actionConfiguration(xml.getAbsolutePath(), "/container/tokens");
    assertEquals("zk1.example.com", conf.get("hbase.zookeeper.quorum"), "the action's HBase settings win");
    assertEquals("perf", conf.get("mapreduce.job.queuename"));
    assertEquals("nightly,oozie-0123", conf.get("mapreduce.job.tags"), "Oozie can find the command's jobs");
    assertEquals("/container/tokens", conf.get("mapreduce.job.credentials.binary"), "the launcher's tokens passed on");
    assertTrue(conf.get("hbase.client.retries.number") != null, "HBase's defaults under it");

    Configuration plain = OozieMain.actionConfiguration(write(new Configuration(false), "empty.xml")
        .getAbsolutePath(), null);
    assertNull(plain.get("mapreduce.job.tags"));
    assertNull(plain.get("mapreduce.job.credentials.binary"));
  }

  @Test
  void outsideOozieItSaysWhatItIsFor() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> OozieMain.actionConfiguration(null, null));
    assertTrue(e.getMessage().contains("oozie.action.conf.xml") && e.getMessage().contains("hperf-cluster"),
        e.getMessage());
  }

  private static File write(Configuration conf, String name) throws Exception {
    DIR.mkdirs();
    File file = new File(DIR, name);
    try (OutputStream out = new FileOutputStream(file)) {
      conf.writeXml(out);
    }
    return file;
  }
}
