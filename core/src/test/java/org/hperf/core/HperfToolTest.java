package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.junit.jupiter.api.Test;

class HperfToolTest {
  private static final String POLL = Job.PROGRESS_MONITOR_POLL_INTERVAL_KEY;

  @Test
  void localJobsPollOftenWhenTheIntervalIsHadoopsDefault() {
    Configuration conf = new Configuration(); // loads mapred-default.xml: 1000 ms
    HperfTool.pollLocalJobsOften(conf);
    assertEquals(HperfTool.LOCAL_PROGRESS_POLL_MS, conf.getInt(POLL, -1));
  }

  @Test
  void aDefaultReadBackFromAWrittenOutConfigurationIsStillADefault() throws IOException {
    // The embedded cluster's hbase-site.xml: every default written out, read back through -conf.
    ByteArrayOutputStream written = new ByteArrayOutputStream();
    new Configuration().writeXml(written);
    Configuration conf = new Configuration(false);
    conf.addResource(new ByteArrayInputStream(written.toByteArray()), "hbase-site.xml");
    HperfTool.pollLocalJobsOften(conf);
    assertEquals(HperfTool.LOCAL_PROGRESS_POLL_MS, conf.getInt(POLL, -1));
  }

  @Test
  void aUsersIntervalAndClusterJobsAreLeftAlone() {
    Configuration chosen = new Configuration(false);
    chosen.setInt(POLL, 2000);
    HperfTool.pollLocalJobsOften(chosen);
    assertEquals(2000, chosen.getInt(POLL, -1));

    Configuration yarn = new Configuration(false);
    yarn.set(MRConfig.FRAMEWORK_NAME, "yarn");
    HperfTool.pollLocalJobsOften(yarn);
    assertEquals(1000, yarn.getInt(POLL, 1000));
    assertEquals(null, yarn.get(POLL));
  }
}
