package org.hperf.core;

import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * Lets YARN run a small job's tasks inside its MapReduce application master (Hadoop's "uber"
 * mode) instead of in containers of their own. Hadoop decides by the job's size: at most
 * {@code mapreduce.job.ubertask.maxmaps} maps (9), one reduce, input no larger than an HDFS block,
 * task memory within the master's; any larger job runs as usual. For the jobs that read what is
 * already small (aggregate's histogram logs; verify of a table of a few regions) the containers'
 * JVM starts were most of the job: each a few seconds before its first record. A workload job
 * never takes this: its clients must run at once, not one after the other.
 *
 * <p>A cluster or a user that sets the key (a site file, {@code -D}) decides instead.
 */
public final class SmallJobs {
  private SmallJobs() {
  }

  /**
   * Allows uber mode on {@code conf} unless something other than Hadoop's defaults set it: a site
   * file (mapred-site.xml included, read through a JobConf), {@code -D}, the program. Call it before
   * HBase's TableMapReduceUtil, which sets every key again as the program's.
   */
  public static void runInTheApplicationMasterWhenSmall(Configuration conf) {
    String[] sources = new JobConf(conf).getPropertySources(MRJobConfig.JOB_UBERTASK_ENABLE);
    boolean setBySomeone = sources != null && Arrays.stream(sources).anyMatch(s -> !s.endsWith("-default.xml"));
    if (!setBySomeone) {
      conf.setBoolean(MRJobConfig.JOB_UBERTASK_ENABLE, true);
    }
  }
}
