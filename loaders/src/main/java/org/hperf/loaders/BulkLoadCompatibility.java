package org.hperf.loaders;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.hperf.core.UsageException;

/**
 * Refuses a bulk load that HBase's own client code cannot finish on this Hadoop. HBase 2.4's jars on
 * Maven Central are built for Hadoop 2: before moving HFiles into regions, its bulk-load client opens
 * each one, and closing it calls {@code HdfsDataInputStream.getReadStatistics()} with Hadoop 2's
 * return type ({@code DFSInputStream$ReadStatistics}), which Hadoop 3 moved to
 * {@code org.apache.hadoop.hdfs.ReadStatistics}: the job would run to the end, then fail with a
 * NoSuchMethodError and leave its HFiles unloaded. Found by reading the class file, so an HBase 2.4
 * rebuilt for Hadoop 3 ({@code -Dhadoop.profile=3.0}) passes.
 */
final class BulkLoadCompatibility {
  static final String WRAPPER = "org/apache/hadoop/hbase/io/FSDataInputStreamWrapper.class";
  static final String HADOOP2_STATISTICS = "org/apache/hadoop/hdfs/DFSInputStream$ReadStatistics";

  private BulkLoadCompatibility() {
  }

  static void check() throws UsageException {
    if (builtForHadoop2() && !hadoopHas(HADOOP2_STATISTICS.replace('/', '.'))) {
      throw new UsageException("--mode bulk cannot finish with these HBase client jars: HBase "
          + org.apache.hadoop.hbase.util.VersionInfo.getVersion() + " was built for Hadoop 2 and its bulk-load"
          + " client fails on Hadoop " + org.apache.hadoop.util.VersionInfo.getVersion()
          + " (HdfsDataInputStream.getReadStatistics); use HBase 2.5 or later (-hadoop3 jars), an HBase 2.4"
          + " built with -Dhadoop.profile=3.0, or --mode put");
    }
  }

  /** Whether HBase's stream wrapper was compiled against Hadoop 2's nested ReadStatistics. */
  static boolean builtForHadoop2() {
    try (InputStream in = BulkLoadCompatibility.class.getClassLoader().getResourceAsStream(WRAPPER)) {
      // Class file constants are modified UTF-8; for these ASCII names ISO-8859-1 finds them as written.
      return in != null && new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).contains(HADOOP2_STATISTICS);
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean hadoopHas(String className) {
    try {
      Class.forName(className, false, BulkLoadCompatibility.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
