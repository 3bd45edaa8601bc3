package org.hperf.core;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * Ships the jars a job's tasks need (HBase's, hperf's) through the distributed cache on a real
 * cluster, and the JDK flags their JVMs need ({@link TaskJvmOptions}). In the LocalJobRunner the
 * tasks share the submitting JVM's classpath, and shipping only
 * makes Hadoop try to symlink a {@code libjars} directory into the working directory.
 */
public final class JobJars {
  private JobJars() {
  }

  public static boolean needed(Configuration conf) {
    return !MRConfig.LOCAL_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME));
  }

  /** Adds HBase's and the job classes' jars, plus hperf core's, when the job leaves this JVM. */
  public static void ship(Job job) throws IOException {
    if (needed(job.getConfiguration())) {
      TableMapReduceUtil.addDependencyJars(job);
      TableMapReduceUtil.addDependencyJarsForClasses(job.getConfiguration(), DatasetSpec.class,
          org.apache.commons.cli.CommandLine.class, org.HdrHistogram.Histogram.class);
      TaskJvmOptions.addTo(job.getConfiguration());
    } else {
      // HBase's own job helpers (HFileOutputFormat2) add them unasked; the local runner needs none.
      job.getConfiguration().unset("tmpjars");
    }
  }
}
