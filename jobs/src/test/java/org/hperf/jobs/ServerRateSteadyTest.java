package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The servers' rate rule: the mean of the last 20 s within 3% of the 20 s before, from rounds one
 * second apart.
 */
class ServerRateSteadyTest {
  private static final long WINDOW_MS = 20_000;

  @Test
  void aFlatRateIsSteadyOnceTwoWholeWindowsHaveBeenSeen() {
    ServerRateSteady rule = new ServerRateSteady(WINDOW_MS);
    for (int second = 0; second < 40; second++) {
      assertFalse(rule.steadyAfter(second * 1000L, 2_000), "only " + second + " s seen");
    }
    assertTrue(rule.steadyAfter(40_000, 2_000));
  }

  /**
   * The ramp of the duet A/As' updateonly lifetimes: from 1,500 to 2,700 requests a second over
   * 120 s, 3-s reports each a step, each off the trend by up to 7%. Three one-second intervals of it
   * lay within 10% at 31-45 s; two 20 s means never lie within 3% of each other while it rises.
   */
  @Test
  void theRampThatEndedWarmUpsTooSoonIsNeverSteadyWhileItRises() {
    ServerRateSteady rule = new ServerRateSteady(WINDOW_MS);
    double[] wobble = {1.07, 0.95, 1.0, 0.93, 1.05, 0.99};
    for (int second = 0; second <= 120; second++) {
      int report = second / 3;
      double trend = 1_500 + 10.0 * (report * 3);
      double rate = trend * wobble[report % wobble.length];
      assertFalse(rule.steadyAfter(second * 1000L, rate), "steady at second " + second + " of the ramp");
    }
  }

  @Test
  void aRateThatLevelsOffIsSteadyWithinTwoWindowsOfIt() {
    ServerRateSteady rule = new ServerRateSteady(WINDOW_MS);
    int steadyAt = -1;
    for (int second = 0; second <= 200 && steadyAt < 0; second++) {
      double rate = second < 100 ? 1_500 + 12.0 * second : 2_700;
      if (rule.steadyAfter(second * 1000L, rate)) {
        steadyAt = second;
      }
    }
    assertTrue(steadyAt > 100 && steadyAt <= 140, "steady at second " + steadyAt + ", the rate flat from 100");
  }

  @Test
  void threePercentIsTheBoundAndAnIdleClusterIsNeverSteady() {
    assertTrue(afterStep(1.029), "2.9% up");
    assertTrue(afterStep(0.971), "2.9% down");
    assertFalse(afterStep(1.031), "3.1% up");
    assertFalse(afterStep(0.969), "3.1% down");
    ServerRateSteady idle = new ServerRateSteady(WINDOW_MS);
    for (int second = 0; second <= 60; second++) {
      assertFalse(idle.steadyAfter(second * 1000L, 0), "idle at second " + second);
    }
  }

  /** Judged at second 40 after seconds 0-20 at 1,000 and 21-40 at {@code factor} times that. */
  private static boolean afterStep(double factor) {
    ServerRateSteady rule = new ServerRateSteady(WINDOW_MS);
    for (int second = 0; second <= 20; second++) {
      rule.steadyAfter(second * 1000L, 1_000);
    }
    boolean steady = false;
    for (int second = 21; second <= 40; second++) {
      steady = rule.steadyAfter(second * 1000L, 1_000 * factor);
    }
    return steady;
  }
}
