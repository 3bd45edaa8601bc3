package org.hperf.jobs;

import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The barrier that makes two runs, on two clusters, measure one wall-clock window: a duet's ({@code
 * hperf ab --duet}) side A and side B. Each run's clients first meet their own run's barriers as
 * always; then every client of both runs writes its file ({@code a-client-00000}, ...) into one
 * directory that both clusters' task JVMs can reach (a local directory: the two clusters share the
 * machine), and all of them derive the same measured start from it. A run with a server warm-up
 * keeps its load on until then, so that neither side's servers cool while the other side still warms.
 * Both runs having the same {@code --warmup}, {@code --duration} and interval, their intervals then
 * cover the same seconds, and a ratio B/A per interval is a ratio of two measurements of one moment.
 *
 * <p>The driver that starts both runs sets it in each run's configuration ({@link #genericOptions});
 * a run without it measures alone.
 */
public final class DuetBarrier {
  public static final String DIR = "hperf.run.duet.barrier-dir";
  public static final String PARTY = "hperf.run.duet.party";
  public static final String CLIENTS = "hperf.run.duet.clients";

  private DuetBarrier() {
  }

  static boolean inJob(Configuration conf) {
    return conf.get(DIR) != null;
  }

  /**
   * The duet as Hadoop's generic options ({@code -D key=value}) of one run's command line: party
   * {@code party} of a duet of {@code clients} clients in all, meeting in {@code dir}.
   */
  public static java.util.List<String> genericOptions(Path dir, String party, int clients) {
    return java.util.List.of("-D", DIR + "=" + dir, "-D", PARTY + "=" + party, "-D", CLIENTS + "=" + clients);
  }

  /** Joins the job configured by {@code conf} to the duet in {@code dir}: party {@code party} of {@code clients} clients in all. */
  static void enable(Configuration conf, Path dir, String party, int clients) {
    conf.set(DIR, dir.toString());
    conf.set(PARTY, party);
    conf.setInt(CLIENTS, clients);
  }

  /**
   * The duet's barrier as this job's clients see it. Its lead is the cluster's, however the runs
   * execute: two clusters' clients poll it from JVMs of their own.
   */
  static StartBarrier of(Configuration conf) throws IOException {
    Path dir = new Path(conf.get(DIR));
    int clients = conf.getInt(CLIENTS, 0);
    if (clients <= 0) {
      throw new IOException(DIR + " is set without " + CLIENTS + " (the clients of both runs of the duet)");
    }
    return new StartBarrier(dir.getFileSystem(conf), dir, clients, StartBarrier.LEAD_MS, party(conf) + "-");
  }

  /** This run's name in the duet ("a" or "b"), for file names and messages. */
  static String party(Configuration conf) {
    return conf.get(PARTY, "?").toLowerCase(Locale.ROOT);
  }

  /** What a duet barrier's timeout means, for its message. */
  static String timeoutReason(Configuration conf) {
    return "the other run of the duet (the one beside party " + party(conf) + ", barrier " + conf.get(DIR)
        + ") did not reach its measured phase: see its own log";
  }
}
