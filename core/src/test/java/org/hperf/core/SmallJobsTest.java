package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.util.GenericOptionsParser;
import org.junit.jupiter.api.Test;

class SmallJobsTest {
  private static final String UBER = "mapreduce.job.ubertask.enable";

  @Test
  void hadoopsDefaultIsReplaced() {
    JobConf conf = new JobConf();
    // The precondition: mapred-default.xml is loaded and says false.
    assertEquals("false", conf.get(UBER));
    SmallJobs.runInTheApplicationMasterWhenSmall(conf);
    assertTrue(conf.getBoolean(UBER, false));
  }

  @Test
  void aUsersSettingIsKept() throws Exception {
    Configuration conf = new Configuration();
    new GenericOptionsParser(conf, new String[] {"-D", UBER + "=false"});
    SmallJobs.runInTheApplicationMasterWhenSmall(conf);
    assertFalse(conf.getBoolean(UBER, true));
  }

  @Test
  void aPlainConfigurationGetsIt() {
    Configuration conf = new Configuration(false);
    SmallJobs.runInTheApplicationMasterWhenSmall(conf);
    assertTrue(conf.getBoolean(UBER, false));
  }

  @Test
  void aSiteFilesSettingIsKept() {
    JobConf conf = new JobConf();
    conf.addResource(new ByteArrayInputStream(("<configuration><property><name>" + UBER
        + "</name><value>false</value></property></configuration>").getBytes(StandardCharsets.UTF_8)), "mapred-site.xml");
    SmallJobs.runInTheApplicationMasterWhenSmall(conf);
    assertFalse(conf.getBoolean(UBER, true));
  }
}
