package org.hperf.driver;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The hbase-site.xml an embedded cluster gives other commands and clients ({@code demo
 * --keep-running}): the settings the cluster was started with, without the defaults every client
 * reads from its own jars. The whole configuration written out was 1,830 properties (280 KB) that
 * each command parsed several times over, and defaults in a site file look like settings: a command
 * can no longer tell Hadoop's default from a user's choice by its source.
 */
final class ClientSite {
  private ClientSite() {
  }

  static void write(Configuration cluster, OutputStream out) throws IOException {
    Configuration settings = new Configuration(false);
    for (Map.Entry<String, String> property : cluster) { // raw values: ${...} stays for the reader
      if (!onlyADefault(cluster, property.getKey())) {
        settings.set(property.getKey(), property.getValue());
      }
    }
    settings.writeXml(out);
  }

  /** Last set by one of Hadoop's or HBase's *-default.xml files. */
  private static boolean onlyADefault(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources != null && sources.length > 0 && sources[sources.length - 1].endsWith("-default.xml");
  }
}
