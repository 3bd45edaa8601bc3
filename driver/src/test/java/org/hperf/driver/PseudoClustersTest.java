package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hperf.core.UsageException;
import org.junit.jupiter.api.Test;

class PseudoClustersTest {

  @Test
  void theSidesSplitTheDefaultRangeInTwoHalvesApart() throws Exception {
    assertEquals("20000-25999", PseudoClusters.sideRange(PseudoClusters.DEFAULT_PORTS, true));
    assertEquals("26000-31999", PseudoClusters.sideRange(PseudoClusters.DEFAULT_PORTS, false));
  }

  /** A test (or another comparison) that gives the comparison a range keeps everything outside it. */
  @Test
  void theSidesStayInsideTheRangeTheCallerGave() throws Exception {
    assertEquals("26000-28999", PseudoClusters.sideRange("26000-31999", true));
    assertEquals("29000-31999", PseudoClusters.sideRange("26000-31999", false));
    // An odd count: the upper half takes the extra port, and no port is in both or in neither.
    assertEquals("1000-1100", PseudoClusters.sideRange("1000-1202", true));
    assertEquals("1101-1202", PseudoClusters.sideRange("1000-1202", false));
  }

  @Test
  void aRangeTooNarrowForTwoClustersOrMalformedIsAUsageError() {
    for (String bad : new String[] {"20000-20100", "31999-20000", "20000", "a-b", "20000-70000"}) {
      UsageException refused = assertThrows(UsageException.class, () -> PseudoClusters.sideRange(bad, true), bad);
      assertTrue(refused.getMessage().startsWith("PSEUDO_PORTS=" + bad + " is not a range"), refused.getMessage());
    }
  }
}
