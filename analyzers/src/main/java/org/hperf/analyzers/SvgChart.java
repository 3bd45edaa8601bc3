package org.hperf.analyzers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small self-contained SVG line chart (no scripts, no fetches), with a linear or logarithmic x
 * axis; the log axis is how HdrHistogram's plotter draws percentile distributions.
 */
final class SvgChart {
  private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
      "#e377c2", "#17becf"};
  private static final int WIDTH = 640;
  private static final int HEIGHT = 300;
  private static final int LEFT = 70;
  private static final int RIGHT = 130;
  private static final int TOP = 20;
  private static final int BOTTOM = 45;

  record Series(String name, double[] x, double[] y) {
  }

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final boolean logX;
  private final List<Series> series = new ArrayList<>();

  SvgChart(String title, String xLabel, String yLabel, boolean logX) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    this.logX = logX;
  }

  SvgChart add(String name, double[] x, double[] y) {
    if (x.length > 0) {
      series.add(new Series(name, x, y));
    }
    return this;
  }

  boolean isEmpty() {
    return series.isEmpty();
  }

  String render() {
    double minX = Double.MAX_VALUE;
    double maxX = -Double.MAX_VALUE;
    double maxY = 0;
    for (Series s : series) {
      for (int i = 0; i < s.x().length; i++) {
        minX = Math.min(minX, fx(s.x()[i]));
        maxX = Math.max(maxX, fx(s.x()[i]));
        maxY = Math.max(maxY, s.y()[i]);
      }
    }
    if (logX) {
      // Decades of the percentile axis: 0%, 90%, 99%, 99.9%, ...
      minX = 0;
      maxX = Math.max(1, Math.ceil(maxX));
    }
    if (maxX <= minX) {
      maxX = minX + 1;
    }
    maxY = maxY <= 0 ? 1 : maxY * 1.05;
    int plotW = WIDTH - LEFT - RIGHT;
    int plotH = HEIGHT - TOP - BOTTOM;
    StringBuilder svg = new StringBuilder();
    svg.append(String.format(Locale.ROOT, "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\""
        + " height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT,
        escape(title)));
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"14\" font-size=\"13\" font-weight=\"bold\">%s</text>%n",
        LEFT, escape(title)));
    svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
        + " stroke=\"#999\"/>%n", LEFT, TOP, plotW, plotH));
    for (int tick = 0; tick <= 4; tick++) {
      double value = maxY * tick / 4;
      double y = TOP + plotH - plotH * tick / 4.0;
      svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%s</text>%n",
          LEFT - 4, y + 3, number(value)));
    }
    int xTicks = logX ? (int) maxX : 4;
    for (int tick = 0; tick <= xTicks; tick++) {
      double fxValue = minX + (maxX - minX) * tick / xTicks;
      double x = LEFT + plotW * tick / (double) xTicks;
      String label = logX ? percentLabel(fxValue) : number(fxValue);
      svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s</text>%n",
          x, TOP + plotH + 14, label));
    }
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>%n",
        LEFT + plotW / 2, HEIGHT - 8, escape(xLabel)));
    svg.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\""
        + " transform=\"rotate(-90 12 %d)\">%s</text>%n", TOP + plotH / 2, TOP + plotH / 2, escape(yLabel)));
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      StringBuilder points = new StringBuilder();
      for (int p = 0; p < s.x().length; p++) {
        double x = LEFT + plotW * (fx(s.x()[p]) - minX) / (maxX - minX);
        double y = TOP + plotH - plotH * s.y()[p] / maxY;
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
      }
      String colour = COLOURS[i % COLOURS.length];
      svg.append(String.format(Locale.ROOT, "<polyline class=\"series\" data-series=\"%s\" fill=\"none\" stroke=\"%s\""
          + " stroke-width=\"1.5\" points=\"%s\"/>%n", escape(s.name()), colour, points.toString().trim()));
      if (!logX && s.x().length <= 120) {
        // Markers, so that a run of one or two intervals still shows.
        for (String point : points.toString().trim().split(" ")) {
          String[] xy = point.split(",");
          svg.append(String.format(Locale.ROOT, "<circle cx=\"%s\" cy=\"%s\" r=\"2.5\" fill=\"%s\"/>%n", xy[0], xy[1],
              colour));
        }
      }
      svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>%n",
          WIDTH - RIGHT + 8, TOP + 12 + 14 * i, colour, escape(s.name())));
    }
    return svg.append("</svg>\n").toString();
  }

  /** On the log axis x is a percentile: plotted at log10(1 / (1 - p/100)), as HdrHistogram does. */
  private double fx(double x) {
    return logX ? Math.log10(1 / (1 - Math.min(x, 99.9999) / 100)) : x;
  }

  private static String percentLabel(double decades) {
    double percent = 100 * (1 - Math.pow(10, -decades));
    return decades < 0.5 ? "0%" : String.format(Locale.ROOT, "%." + Math.max(0, (int) Math.round(decades) - 2) + "f%%",
        percent);
  }

  private static String number(double v) {
    return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3g", v);
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
