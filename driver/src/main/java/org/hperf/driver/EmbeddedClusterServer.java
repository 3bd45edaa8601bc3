package org.hperf.driver;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hperf.testkit.EmbeddedCluster;

/**
 * The main class of a JVM that holds one side's embedded cluster in an embedded duet ({@code hperf
 * ab --duet} without --a-hbase/--b-hbase, {@link TwoEmbeddedClusters}): each side's cluster in a
 * process of its own, so that taskset can put it on a CPU of its own. It is driven over its
 * standard input, one request a line, and answers on its standard output, every answer a line that
 * begins with {@link #ANSWER}:
 *
 * <pre>
 *   (started)                      ANSWER ready &lt;hbase-site.xml of the cluster&gt;
 *   restart [key=value]...         ANSWER restarted &lt;what the restart did&gt;   (or: failed &lt;why&gt;)
 *   stop, or the input's end       ANSWER stopped, and the JVM ends
 * </pre>
 *
 * The input's end stops it too: a comparison killed without a chance to say stop leaves no cluster
 * behind. Arguments: the cluster's directory and its number of region servers.
 */
public final class EmbeddedClusterServer {
  /** The prefix of every answer, told apart from the cluster's own log lines on the same output. */
  static final String ANSWER = "hperf-cluster-server: ";

  private EmbeddedClusterServer() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: EmbeddedClusterServer <cluster directory> <region servers>");
      System.exit(2);
    }
    File dir = new File(args[0]).getAbsoluteFile();
    PrintStream answers = System.out;
    EmbeddedCluster cluster = EmbeddedCluster.start(dir, Integer.parseInt(args[1]));
    File site = new File(dir, "hbase-site.xml");
    try (OutputStream out = new FileOutputStream(site)) {
      ClientSite.write(cluster.configuration(), out);
    }
    answers.println(ANSWER + "ready " + site);
    answers.flush();
    BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String request = requests.readLine(); request != null && !request.equals("stop");
        request = requests.readLine()) {
      answers.println(ANSWER + answer(cluster, request));
      answers.flush();
    }
    cluster.close();
    answers.println(ANSWER + "stopped");
    answers.flush();
    System.exit(0);
  }

  private static String answer(EmbeddedCluster cluster, String request) {
    String[] words = request.trim().split("\\s+");
    if (!words[0].equals("restart")) {
      return "failed unknown request '" + request + "'";
    }
    Map<String, String> settings = new LinkedHashMap<>();
    for (int i = 1; i < words.length; i++) {
      int eq = words[i].indexOf('=');
      if (eq <= 0) {
        return "failed not a key=value setting: '" + words[i] + "'";
      }
      settings.put(words[i].substring(0, eq), words[i].substring(eq + 1));
    }
    try {
      return "restarted " + cluster.restartRegionServers(settings);
    } catch (Exception e) {
      return "failed " + e.toString().replace('\n', ' ');
    }
  }
}
