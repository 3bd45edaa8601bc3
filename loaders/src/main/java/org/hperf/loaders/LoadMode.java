package org.hperf.loaders;

import java.util.Locale;
import org.hperf.core.UsageException;

/** How the load job writes: HFiles bulk-loaded into regions, or Puts through the client. */
public enum LoadMode {
  /** HFileOutputFormat2 per region after one shuffle, then BulkLoadHFiles: the fast path. */
  BULK,
  /** BufferedMutator Puts from the map tasks, as a YCSB load does: exercises the write path. */
  PUT;

  public static LoadMode parse(String value) throws UsageException {
    for (LoadMode mode : values()) {
      if (mode.name().equalsIgnoreCase(value.trim())) {
        return mode;
      }
    }
    throw new UsageException("--mode " + value + " is not known: use bulk or put");
  }

  public String optionValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
