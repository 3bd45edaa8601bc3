package org.hperf.core;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.Principal;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;

/**
 * The local file system as the embedded cluster's one file system. Used only by the embedded
 * cluster ({@code fs.file.impl}), for two reasons:
 * <ul>
 *   <li>HBase bulk-loads a file by renaming it into the region when source and region are on the
 *   same file system, and decides that by comparing the two file systems' canonical service names
 *   ({@code FSUtils.isSameHdfs}). Hadoop's LocalFileSystem has none (null), so HBase copies every
 *   HFile on a local cluster, twice the disk writes of the load, where a real cluster (HDFS)
 *   renames it. The local disk is one file system, so it gets a service name, and the embedded
 *   cluster's bulk load is a rename as on HDFS.</li>
 *   <li>Without Hadoop's native library, RawLocalFileSystem sets every permission by starting a
 *   {@code chmod} process and reads one with {@code ls -ld}: a 1,000-row load into 16 regions
 *   started 131 chmods in the client and 32 ls in the region server (JFR's jdk.ProcessStart), each
 *   a fork of a multi-gigabyte JVM. Here the JDK sets and reads them in-process.</li>
 * </ul>
 */
public final class SameFileSystemLocal extends LocalFileSystem {
  public SameFileSystemLocal() {
    super(new InProcessPermissions());
  }

  @Override
  public String getCanonicalServiceName() {
    return "file:///";
  }

  /**
   * RawLocalFileSystem with permissions set and read by the JDK instead of a child process
   * ({@code chmod} to set; {@code ls -ld} to read, when a status's permission, owner or group is
   * first asked for: a region server bulk-loading a file asks twice, checking access and keeping
   * the permission to restore, so a 1,000-row load into 16 regions forked 32 of them).
   */
  static final class InProcessPermissions extends RawLocalFileSystem {
    @Override
    public void setPermission(Path path, FsPermission permission) throws IOException {
      if (NativeIO.isAvailable()) {
        super.setPermission(path, permission); // already in-process, and keeps the sticky bit
        return;
      }
      try {
        Files.setPosixFilePermissions(pathToFile(path).toPath(), posix(permission));
      } catch (NoSuchFileException e) {
        throw new FileNotFoundException("File " + path + " does not exist");
      }
    }

    /** Also what {@code listStatus} and {@code access} build on. */
    @Override
    public FileStatus getFileStatus(Path path) throws IOException {
      FileStatus status = super.getFileStatus(path); // its permission, owner, group not read yet
      if (NativeIO.isAvailable()) {
        return status;
      }
      Map<String, Object> unix;
      try {
        unix = Files.readAttributes(pathToFile(path).toPath(), "unix:mode,owner,group");
      } catch (UnsupportedOperationException e) {
        return status; // not a Unix file system view: Hadoop's own way
      } catch (NoSuchFileException e) {
        throw new FileNotFoundException("File " + path + " does not exist");
      }
      // The permission bits with the sticky bit, as ls -ld shows them; not the file type's bits.
      FsPermission permission = new FsPermission((short) ((Integer) unix.get("mode") & 01777));
      return new FileStatus(status.getLen(), status.isDirectory(), status.getReplication(), status.getBlockSize(),
          status.getModificationTime(), status.getAccessTime(), permission, ((Principal) unix.get("owner")).getName(),
          ((Principal) unix.get("group")).getName(), status.getPath());
    }
  }

  /** The rwx bits of a permission as the JDK reads them ("rwxr-x---"); the sticky bit has no POSIX-view name. */
  static Set<PosixFilePermission> posix(FsPermission permission) {
    return PosixFilePermissions.fromString(permission.getUserAction().SYMBOL + permission.getGroupAction().SYMBOL
        + permission.getOtherAction().SYMBOL);
  }
}
