package org.hperf.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;

class JobCountersTest {
  @Test
  void countersOfZeroArePrintedOnlyWhenVerbose() throws IOException {
    FinishedJob job = new FinishedJob();
    job.counters.findCounter(Rows.INTACT).setValue(100_000);
    job.counters.findCounter(Rows.CORRUPT).setValue(0);
    assertEquals(String.join("\n", "org.hperf.core.JobCountersTest$Rows (job null):",
        "  INTACT                                                100,000", ""), printed(job));

    job.getConfiguration().setBoolean(Verbosity.KEY, true);
    assertEquals(String.join("\n", "org.hperf.core.JobCountersTest$Rows (job null):",
        "  INTACT                                                      100,000",
        "  MISSING                                                           0",
        "  CORRUPT                                                           0",
        "  A_COUNTER_WHOSE_NAME_IS_LONGER_THAN_THE_COLUMN_OF_46              0", ""), printed(job));
  }

  @Test
  void aNameLongerThanTheColumnWidensItForEveryRow() throws IOException {
    FinishedJob job = new FinishedJob();
    job.counters.findCounter(Rows.INTACT).setValue(7);
    job.counters.findCounter(Rows.A_COUNTER_WHOSE_NAME_IS_LONGER_THAN_THE_COLUMN_OF_46).setValue(2);
    assertEquals(String.join("\n", "org.hperf.core.JobCountersTest$Rows (job null):",
        "  INTACT                                                            7",
        "  A_COUNTER_WHOSE_NAME_IS_LONGER_THAN_THE_COLUMN_OF_46              2", ""), printed(job));
  }

  private static String printed(Job job) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JobCounters.print(job, Rows.class, new PrintStream(out, true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  /** No display-name bundle: the names are the constants'. */
  private enum Rows { INTACT, MISSING, CORRUPT, A_COUNTER_WHOSE_NAME_IS_LONGER_THAN_THE_COLUMN_OF_46 }

  private static final class FinishedJob extends Job {
    final Counters counters = new Counters();

    @SuppressWarnings("deprecation")
    FinishedJob() throws IOException {
      super(new Configuration(false));
    }

    @Override
    public Counters getCounters() {
      return counters;
    }
  }
}
