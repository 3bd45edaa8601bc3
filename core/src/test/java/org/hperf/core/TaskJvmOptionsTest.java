package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;

class TaskJvmOptionsTest {
  @Test
  void theBuildWroteThePomsFlags() {
    String flags = JvmFlags.flags();
    assertTrue(flags.contains("--add-opens=java.base/java.nio=ALL-UNNAMED"), flags);
    assertTrue(!flags.contains("${"), "resource not filtered: " + flags);
  }

  @Test
  void appendsAfterTheUsersOptionsOnce() {
    Configuration conf = new Configuration(false);
    conf.set(MRJobConfig.MAP_JAVA_OPTS, "-Xmx300m");
    TaskJvmOptions.addTo(conf);
    TaskJvmOptions.addTo(conf);
    String expected = "-Xmx300m " + TaskJvmOptions.IGNORE_UNKNOWN + " " + JvmFlags.flags();
    assertEquals(expected, conf.get(MRJobConfig.MAP_JAVA_OPTS));
    assertEquals(TaskJvmOptions.IGNORE_UNKNOWN + " " + JvmFlags.flags(), conf.get(MRJobConfig.REDUCE_JAVA_OPTS));
    assertEquals(TaskJvmOptions.IGNORE_UNKNOWN + " " + JvmFlags.flags() + " -XX:TieredStopAtLevel=1",
        conf.get(MRJobConfig.MR_AM_COMMAND_OPTS));
  }

  @Test
  void theMastersTierChosenByTheUserIsKept() {
    Configuration conf = new Configuration(false);
    conf.set(MRJobConfig.MR_AM_COMMAND_OPTS, "-Xmx1g -XX:TieredStopAtLevel=4");
    TaskJvmOptions.addTo(conf);
    assertEquals("-Xmx1g -XX:TieredStopAtLevel=4 " + TaskJvmOptions.IGNORE_UNKNOWN + " " + JvmFlags.flags(),
        conf.get(MRJobConfig.MR_AM_COMMAND_OPTS));
    assertEquals(TaskJvmOptions.IGNORE_UNKNOWN + " " + JvmFlags.flags(), conf.get(MRJobConfig.MAP_JAVA_OPTS));
  }
}
