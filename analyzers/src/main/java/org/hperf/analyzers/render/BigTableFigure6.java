package org.hperf.analyzers.render;

import java.util.Map;

/**
 * The BigTable paper's figure 6, one tablet server: 1000-byte rows read or written per second.
 * hperf's BigTable workloads are compared with these per region server.
 */
public final class BigTableFigure6 {
  public static final Map<String, Integer> ONE_TABLET_SERVER_ROWS_PER_SECOND = Map.of(
      "randomread", 1212,
      "randomread-mem", 10811,
      "randomwrite", 8850,
      "sequentialread", 4425,
      "sequentialwrite", 8547,
      "scan", 15385);

  private BigTableFigure6() {
  }
}
