package org.hperf.analyzers.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SvgChartTest {
  @Test
  void linearTicksAreRoundValues() {
    assertEquals(2, SvgChart.roundStep(1.5));
    assertEquals(0.5, SvgChart.roundStep(0.3), 1e-12);
    assertEquals(50, SvgChart.roundStep(25));
    assertEquals(10, SvgChart.roundStep(10));
    String svg = new SvgChart("t", "seconds", "ops/s", false).add("run-1", new double[] {1, 2, 3, 4, 5},
        new double[] {10, 20, 30, 40, 50}).band("warmup", -5, 0, "warm-up 5 s", "#eee").render();
    Matcher ticks = Pattern.compile("text-anchor=\"middle\">(-?[\\d.,]+)</text>").matcher(svg);
    List<String> labels = new java.util.ArrayList<>();
    while (ticks.find()) {
      labels.add(ticks.group(1));
    }
    assertEquals(List.of("-4", "-2", "0", "2", "4"), labels, "round steps of 2 s over the 10 s from the warm-up's start");
  }

  @Test
  void bandsAndMarksAreLabelledAboveEveryBand() {
    String svg = new SvgChart("t", "seconds", "ops/s", false).add("run-1", new double[] {1, 2}, new double[] {1, 2})
        .band("warmup", -1, 0, "warm-up 1 s (not measured)", "#eee").band("window", 0, 2, "window", "#def")
        .mark("window-end", 1.8, "run-1 window end", "#555").render();
    assertTrue(svg.lastIndexOf("<rect class=\"band\"") < svg.indexOf("<text class=\"band-label\""),
        "no band is drawn over a label:\n" + svg);
    assertTrue(svg.contains("<line class=\"mark\" data-mark=\"window-end\"") && svg.contains(">run-1 window end</text>"));
    assertTrue(svg.contains("<line class=\"legend\""), "the legend shows each series' line");
  }

  /**
   * A signed figure (a ratio's change) gets an axis from below its lowest value, a dashed zero line,
   * and every point inside the plot: a point at -10 lies below the zero line, one at +5 above it.
   */
  @Test
  void negativeValuesGetAnAxisBelowZeroAndAZeroLine() {
    String svg = new SvgChart("t", "seconds", "B/A - 1, %", false).add("lifetime 1", new double[] {0, 10},
        new double[] {-10, 5}).render();
    Matcher zero = Pattern.compile("<line class=\"zero\" x1=\"[\\d.]+\" y1=\"([\\d.]+)\"").matcher(svg);
    assertTrue(zero.find(), svg);
    double zeroY = Double.parseDouble(zero.group(1));
    Matcher points = Pattern.compile("points=\"[\\d.]+,([\\d.]+) [\\d.]+,([\\d.]+)\"").matcher(svg);
    assertTrue(points.find(), svg);
    double low = Double.parseDouble(points.group(1));
    double high = Double.parseDouble(points.group(2));
    assertTrue(low > zeroY && high < zeroY, "-10 at y " + low + ", +5 at y " + high + ", zero at " + zeroY);
    int top = SvgChart.FULL.top();
    int bottom = SvgChart.FULL.height() - SvgChart.FULL.bottom();
    assertTrue(low <= bottom && high >= top, "inside the plot " + top + "-" + bottom + ": " + low + ", " + high);
    assertTrue(!new SvgChart("t", "s", "ops/s", false).add("r", new double[] {0, 1}, new double[] {1, 2}).render()
        .contains("class=\"zero\""), "no zero line where nothing is below 0");
  }
}
