package org.hperf.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LoadMapsTest {
  @Test
  void oneMapPerRegionButNoTinyMaps() {
    assertEquals(1, LoadTool.defaultMaps(1_000, 16), "a small load is one map");
    assertEquals(2, LoadTool.defaultMaps(100_001, 16));
    assertEquals(10, LoadTool.defaultMaps(1_000_000, 16));
    assertEquals(16, LoadTool.defaultMaps(10_000_000, 16), "at most one per region");
    assertEquals(250, LoadTool.defaultMaps(1_000_000_000L, 250), "the seed's shape: one per region");
  }
}
