package org.hperf.analyzers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.hperf.core.run.RunSummary;
import org.junit.jupiter.api.Test;

/** Hot server and region detection on synthetic counts and p99s with known answers. */
class HotspotsTest {
  @Test
  void aServerWithFarMoreThanItsShareAndASlowP99IsOneFinding() {
    List<Hotspots.Entity> servers = List.of(server("rs1", 2000, 1000), server("rs2", 4100, 3800),
        server("rs3", 2000, 900), server("rs4", 1900, 1100));
    List<RunSummary.Hotspot> found = Hotspots.find("server", "READ", servers, 4, 10_000);
    assertEquals(1, found.size(), found.toString());
    RunSummary.Hotspot rs2 = found.get(0);
    assertEquals("rs2", rs2.name());
    assertEquals(0.41, rs2.share(), 1e-12);
    assertEquals(0.25, rs2.fairShare(), 1e-12);
    assertEquals(3.8, rs2.p99Ratio(), 1e-12, "3800 over the median of 900, 1000, 1100");
    assertEquals("rs2 served 41% of reads (fair share 25%), p99 3.8x the others", rs2.finding());
  }

  @Test
  void anEvenSpreadWithSimilarLatencyIsNoFinding() {
    List<Hotspots.Entity> servers = List.of(server("rs1", 2530, 1000), server("rs2", 2470, 1200),
        server("rs3", 2490, 900), server("rs4", 2510, 1100));
    assertEquals(List.of(), Hotspots.find("server", "ALL", servers, 4, 10_000));
  }

  @Test
  void aFairShareWithAP99ThreeTimesTheOthersIsAFinding() {
    List<Hotspots.Entity> servers = List.of(server("rs1", 2500, 1000), server("rs2", 2500, 3000),
        server("rs3", 2500, 1000));
    List<RunSummary.Hotspot> found = Hotspots.find("server", "UPDATE", servers, 3, 7_500);
    assertEquals(1, found.size(), found.toString());
    assertEquals("rs2 served 33% of updates (fair share 33%), p99 3.0x the others", found.get(0).finding());
    // Just under the factor: nothing.
    List<Hotspots.Entity> under = List.of(server("rs1", 2500, 1000), server("rs2", 2500, 2999),
        server("rs3", 2500, 1000));
    assertEquals(List.of(), Hotspots.find("server", "UPDATE", under, 3, 7_500));
  }

  @Test
  void aFewOperationsSpreadByChanceOverManyRegionsAreNoFinding() {
    // 300 reads over 250 regions: 1.2 a region is fair; 5 is 4x that but only 3.5 standard
    // deviations above it (sqrt 1.2 = 1.1; 4 are needed), and no region has the operations for a p99.
    List<Hotspots.Entity> regions = new ArrayList<>();
    regions.add(new Hotspots.Entity("hot", "region hot", 5, 90_000));
    for (int i = 0; i < 100; i++) {
      regions.add(new Hotspots.Entity("r" + i, "region r" + i, i < 95 ? 3 : 2, 1000));
    }
    assertEquals(List.of(), Hotspots.find("region", "READ", regions, 250, 300));
    // Every region busy, 1,000 reads each and one with 5,000: 4.9x its fair share, by 125 deviations.
    List<Hotspots.Entity> busy = new ArrayList<>();
    busy.add(new Hotspots.Entity("hot", "region hot", 5000, 1000));
    for (int i = 0; i < 249; i++) {
      busy.add(new Hotspots.Entity("r" + i, "region r" + i, 1000, 1000));
    }
    List<RunSummary.Hotspot> found = Hotspots.find("region", "READ", busy, 250, 254_000);
    assertEquals(List.of("hot"), found.stream().map(RunSummary.Hotspot::name).toList());
    assertEquals("region hot served 2.0% of reads (fair share 0.4%), p99 1.0x the others", found.get(0).finding());
  }

  @Test
  void regionsThatServedNothingStillCountInTheFairShare() {
    // 4 regions, 2 of them unused: the 2 used ones served twice their fair share each.
    List<Hotspots.Entity> regions = List.of(new Hotspots.Entity("a", "region a", 5000, 500),
        new Hotspots.Entity("b", "region b", 5000, 500));
    List<RunSummary.Hotspot> found = Hotspots.find("region", "ALL", regions, 4, 10_000);
    assertEquals(List.of("a", "b"), found.stream().map(RunSummary.Hotspot::name).toList());
    assertEquals("region a served 50% of operations (fair share 25%), p99 1.0x the others", found.get(0).finding());
    // Without that count (0: unknown), the two are each their fair half.
    assertEquals(List.of(), Hotspots.find("region", "ALL", regions, 0, 10_000));
  }

  @Test
  void oneServerCannotStandOut() {
    assertEquals(List.of(), Hotspots.find("server", "READ", List.of(server("rs1", 10_000, 5000)), 1, 10_000));
    assertEquals(List.of(), Hotspots.find("server", "READ", List.of(), 3, 0));
  }

  @Test
  void strongestFindingFirst() {
    // rs1: 1.6x its share; rs3: p99 10x the others'.
    List<Hotspots.Entity> servers = List.of(server("rs1", 4000, 1000), server("rs2", 1000, 1000),
        server("rs3", 2500, 10_000), server("rs4", 2500, 1000));
    List<RunSummary.Hotspot> found = Hotspots.find("server", "READ", servers, 4, 10_000);
    assertEquals(List.of("rs3", "rs1"), found.stream().map(RunSummary.Hotspot::name).toList());
  }

  @Test
  void medianOfOddAndEvenCounts() {
    assertEquals(3.0, Hotspots.median(List.of(5L, 1L, 3L)));
    assertEquals(4.0, Hotspots.median(List.of(7L, 1L, 5L, 3L)));
    assertEquals(0.0, Hotspots.median(List.of()));
  }

  private static Hotspots.Entity server(String name, long operations, long p99Micros) {
    return new Hotspots.Entity(name, name, operations, p99Micros);
  }
}
