package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded cluster's local file system sets permissions as chmod would, without the process. */
class SameFileSystemLocalTest {
  @TempDir
  java.nio.file.Path dir;

  private FileSystem fileSystem() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set("fs.file.impl", SameFileSystemLocal.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    return FileSystem.get(java.net.URI.create("file:///"), conf);
  }

  @Test
  void setsTheBitsChmodWould() throws Exception {
    try (FileSystem fs = fileSystem()) {
      Path file = new Path(dir.resolve("f").toUri());
      fs.create(file).close();
      fs.setPermission(file, new FsPermission((short) 0640));
      assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("f"))));
      Path sub = new Path(dir.resolve("d").toUri());
      fs.mkdirs(sub, new FsPermission((short) 0751));
      assertEquals("rwxr-x--x", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("d"))));
      assertEquals(new FsPermission((short) 0640), fs.getFileStatus(file).getPermission());
    }
  }

  @Test
  void readsTheStatusLsWould() throws Exception {
    Files.createFile(dir.resolve("f"));
    Files.setAttribute(dir.resolve("f"), "unix:mode", 0604);
    Files.createDirectory(dir.resolve("d"));
    Files.setAttribute(dir.resolve("d"), "unix:mode", 01751); // with the sticky bit
    Configuration conf = new Configuration(false);
    try (FileSystem fs = fileSystem(); FileSystem hadoops = new RawLocalFileSystem()) {
      hadoops.initialize(java.net.URI.create("file:///"), conf);
      for (String name : new String[] {"f", "d"}) {
        Path path = new Path(dir.resolve(name).toUri());
        FileStatus ours = fs.getFileStatus(path);
        FileStatus byLs = hadoops.getFileStatus(path);
        assertEquals(byLs.getPermission(), ours.getPermission(), name);
        assertEquals(byLs.getOwner(), ours.getOwner(), name);
        assertEquals(byLs.getGroup(), ours.getGroup(), name);
        assertEquals(byLs.isDirectory(), ours.isDirectory(), name);
        assertEquals(byLs.getLen(), ours.getLen(), name);
      }
      assertEquals(new FsPermission((short) 01751), fs.getFileStatus(new Path(dir.resolve("d").toUri())).getPermission());
      assertEquals(2, fs.listStatus(new Path(dir.toUri())).length);
    }
  }

  @Test
  void aMissingFileIsNotFound() throws Exception {
    try (FileSystem fs = fileSystem()) {
      assertThrows(FileNotFoundException.class,
          () -> fs.setPermission(new Path(dir.resolve("none").toUri()), new FsPermission((short) 0644)));
      assertThrows(FileNotFoundException.class, () -> fs.getFileStatus(new Path(dir.resolve("none").toUri())));
    }
  }

  @Test
  void keepsAServiceNameSoBulkLoadsRename() throws Exception {
    try (FileSystem fs = fileSystem()) {
      assertEquals("file:///", fs.getCanonicalServiceName());
    }
  }
}
