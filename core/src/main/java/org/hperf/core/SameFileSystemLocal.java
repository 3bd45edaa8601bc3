package org.hperf.core;

import org.apache.hadoop.fs.LocalFileSystem;

/**
 * The local file system as the embedded cluster's one file system. HBase bulk-loads a file by
 * renaming it into the region when source and region are on the same file system, and decides
 * that by comparing the two file systems' canonical service names ({@code FSUtils.isSameHdfs}).
 * Hadoop's LocalFileSystem has none (null), so HBase copies every HFile on a local cluster, twice
 * the disk writes of the load, where a real cluster (HDFS) renames it. The local disk is one file
 * system, so it gets a service name, and the embedded cluster's bulk load is a rename as on HDFS.
 * Used only by the embedded cluster ({@code fs.file.impl}).
 */
public final class SameFileSystemLocal extends LocalFileSystem {
  @Override
  public String getCanonicalServiceName() {
    return "file:///";
  }
}
