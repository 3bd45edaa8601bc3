package org.hperf.analyzers.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.hperf.core.run.RunSummary;
import org.junit.jupiter.api.Test;

/** The report's reading of a placement: one finding per server or region, shades of the heat strip. */
class PlacementReportTest {
  @Test
  void aRegionHotForEveryOperationIsOneFindingItsStrongest() {
    List<RunSummary.Hotspot> hotspots = List.of(
        new RunSummary.Hotspot("region", "e5", "ALL", 0.099, 0.0625, 1.0, "region e5: operations"),
        new RunSummary.Hotspot("server", "rs1", "READ", 0.6, 0.5, 0, "rs1: reads"),
        new RunSummary.Hotspot("region", "e5", "READ", 0.099, 0.0625, 1.0, "region e5: reads"),
        new RunSummary.Hotspot("region", "e7", "UPDATE", 0.2, 0.0625, 1.0, "region e7: updates"),
        new RunSummary.Hotspot("server", "e5", "READ", 0.7, 0.5, 0, "a server named as a region: its own"));
    RunSummary.Run run = new RunSummary.Run(1, List.of(), 0, 1, Map.of(),
        new RunSummary.Placement(Map.of(), List.of(), hotspots));
    assertEquals(List.of("region e5: operations", "rs1: reads", "region e7: updates",
        "a server named as a region: its own"), PlacementReport.distinct(run).stream()
        .map(RunSummary.Hotspot::finding).toList());
  }

  @Test
  void shadesRunFromWhiteToDarkRed() {
    assertEquals("#ffffff", PlacementReport.shade(0));
    assertEquals("#b2182b", PlacementReport.shade(1));
    assertEquals("#b2182b", PlacementReport.shade(7), "clamped");
    assertEquals("#d98c95", PlacementReport.shade(0.5));
  }
}
