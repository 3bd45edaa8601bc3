package org.hperf.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scripts/hperf as a user runs it after a build: the classes come from the class data sharing
 * archive the package phase dumped, which the JVM maps only if the launcher's classpath starts with
 * the jars the archive was dumped from (the client's), for a client command and a command that
 * starts a cluster alike.
 */
class LauncherIT {
  @Test
  void commandsStartFromTheBuildsClassArchive() throws Exception {
    assertTrue(new File("target/hperf.jsa").isFile(), "the package phase dumped no target/hperf.jsa");
    // -Xshare:on: a JVM that cannot map the archive stops instead of silently loading from jars.
    ScriptsTest.Result help = hperf(Map.of("HPERF_JAVA_OPTS", "-Xshare:on -Xlog:class+load=info"), "help");
    assertEquals(0, help.exitCode(), help.output());
    assertTrue(help.output().contains("org.hperf.driver.Perf source: shared objects file"), help.output());
    assertTrue(help.output().contains("org.apache.hadoop.conf.Configuration source: shared objects file"), help.output());
  }

  @Test
  void onlyTheCommandsThatStartAClusterGetItsJars() throws Exception {
    // -XshowSettings:properties prints java.class.path before the command runs.
    Map<String, String> env = Map.of("HPERF_JAVA_OPTS", "-Xshare:on -XshowSettings:properties");
    ScriptsTest.Result client = hperf(env, "help");
    assertEquals(0, client.exitCode(), client.output());
    assertTrue(client.output().contains("hbase-client-"), client.output());
    assertFalse(client.output().contains("hbase-testing-util-"), client.output());
    for (String command : new String[] {"demo", "ab"}) {
      ScriptsTest.Result withCluster = hperf(env, command, "--help");
      assertEquals(0, withCluster.exitCode(), withCluster.output());
      assertTrue(withCluster.output().contains("hbase-testing-util-"), command + ": " + withCluster.output());
    }
  }

  @Test
  void canStartWithoutIt() throws Exception {
    ScriptsTest.Result help = hperf(Map.of("HPERF_CDS", "off", "HPERF_JAVA_OPTS", "-Xlog:class+load=info"), "help");
    assertEquals(0, help.exitCode(), help.output());
    assertTrue(help.output().contains("org.hperf.driver.Perf source: file:"), help.output());
  }

  private static ScriptsTest.Result hperf(Map<String, String> env, String... args) throws Exception {
    return ScriptsTest.run(ScriptsTest.buildJavaFirst(env), "hperf", args);
  }
}
