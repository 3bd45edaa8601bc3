package org.hperf.driver;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Properties;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/**
 * The step ledger of a resumable command (suite.properties, ab.properties): written beside itself
 * and renamed over the old one in one step, so that a command killed while writing it leaves the
 * last whole ledger, never a half-written one that would lose the steps already done.
 */
final class LedgerFile {
  private LedgerFile() {
  }

  static void write(FileSystem fs, Path ledger, Properties state, String comment) throws IOException {
    Path written = new Path(ledger.getParent(), ledger.getName() + ".tmp");
    try (OutputStream out = fs.create(written, true)) {
      state.store(out, comment);
    }
    FileContext.getFileContext(fs.getUri(), fs.getConf()).rename(written, ledger, Options.Rename.OVERWRITE);
  }
}
