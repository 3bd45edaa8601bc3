package org.hperf.analyzers;

import java.io.File;
import org.apache.hadoop.conf.Configuration;

/** A configuration for running the analyzers' jobs in the LocalJobRunner, temp files under target/. */
final class LocalJobs {
  private LocalJobs() {
  }

  static Configuration conf() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    String tmp = System.getProperty("hperf.test.dir", "target/test-tmp");
    conf.set("hadoop.tmp.dir", new File(tmp, "hadoop").getAbsolutePath());
    conf.set("mapreduce.jobtracker.staging.root.dir", new File(tmp, "staging").getAbsolutePath());
    return conf;
  }
}
