package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The server warm-up's stop rule: the last 3 intervals within 10% of each other, none empty. */
class SteadyStopTest {
  @Test
  void aRisingRateIsNotSteadyUntilItsLastThreeIntervalsAgree() {
    SteadyStop stop = new SteadyStop();
    long[] rising = {2_000, 5_000, 9_000, 15_000, 17_000, 17_500};
    for (long operations : rising) {
      assertFalse(stop.steadyAfter(operations), "still rising at " + operations);
    }
    assertTrue(stop.steadyAfter(17_800), "17,000, 17,500, 17,800: within 10%");
  }

  @Test
  void tenPercentIsTheBoundAndEmptyIntervalsAreNeverSteady() {
    SteadyStop atBound = new SteadyStop();
    atBound.steadyAfter(1_000);
    atBound.steadyAfter(1_100);
    assertTrue(atBound.steadyAfter(1_050));
    SteadyStop above = new SteadyStop();
    above.steadyAfter(1_000);
    above.steadyAfter(1_101);
    assertFalse(above.steadyAfter(1_050));
    SteadyStop idle = new SteadyStop();
    idle.steadyAfter(0);
    idle.steadyAfter(0);
    assertFalse(idle.steadyAfter(0), "a client that did nothing has not warmed anything");
  }

  @Test
  void onlyAJobThatAsksForItStopsWhenSteady() {
    Configuration conf = new Configuration(false);
    assertNull(SteadyStop.ofJob(conf));
    SteadyStop.enable(conf);
    assertTrue(SteadyStop.ofJob(conf) != null);
  }
}
