package org.hperf.analyzers.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small self-contained SVG line chart (no scripts, no fetches), with a linear or logarithmic x
 * axis; the log axis is how HdrHistogram's plotter draws percentile distributions. A legend names
 * each series beside a sample of its line; shaded bands (a warm-up, a measurement window) and
 * dashed marks (a window's end) carry their own label, so the chart reads without the page around it.
 * A chart is drawn at its {@link Frame}'s size, which the page must not scale: the font sizes
 * here are then the sizes read at 100% zoom, none below {@link #TEXT_PX}.
 */
public final class SvgChart {
  private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
      "#e377c2", "#17becf"};
  /** The title's size in CSS pixels. */
  static final int TITLE_PX = 13;
  /** Every other text's size (ticks, axis labels, legend, band and mark labels): the smallest text of a chart. */
  public static final int TEXT_PX = 11;
  private static final int LINE_PX = TEXT_PX + 3;

  /**
   * A chart's size and margins in CSS pixels; the right margin holds the legend and grows to its
   * longest name, the plot giving way down to {@code minPlotWidth}.
   */
  record Frame(int width, int height, int left, int minRight, int top, int bottom, int minPlotWidth) {
  }

  /** The workload's charts, two or three to a row. */
  static final Frame FULL = new Frame(640, 300, 70, 130, 20, 45, 300);
  /** The cluster state's panels, three to a row of the page. */
  static final Frame PANEL = new Frame(430, 230, 66, 90, 22, 42, 200);

  /** A line: its colour is the palette's {@code colour}-th, dashed if {@code dashed}. */
  record Series(String name, double[] x, double[] y, int colour, boolean dashed) {
  }

  /** A shaded span of the x axis, labelled inside at its top; {@code kind} names it in the DOM. */
  record Band(String kind, double fromX, double toX, String label, String fill) {
  }

  /** A dashed vertical line at x, labelled at its top. */
  record Mark(String kind, double x, String label, String colour) {
  }

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final boolean logX;
  private final Frame frame;
  private final List<Series> series = new ArrayList<>();
  private final List<Band> bands = new ArrayList<>();
  private final List<Mark> marks = new ArrayList<>();

  SvgChart(String title, String xLabel, String yLabel, boolean logX) {
    this(title, xLabel, yLabel, logX, FULL);
  }

  SvgChart(String title, String xLabel, String yLabel, boolean logX, Frame frame) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    this.logX = logX;
    this.frame = frame;
  }

  SvgChart add(String name, double[] x, double[] y) {
    return add(name, x, y, series.size(), false);
  }

  /** A series in the palette's {@code colour}-th colour, dashed or not (e.g. colour per operation, dash per run). */
  SvgChart add(String name, double[] x, double[] y, int colour, boolean dashed) {
    if (x.length > 0) {
      series.add(new Series(name, x, y, colour, dashed));
    }
    return this;
  }

  /** Shades x from {@code fromX} to {@code toX} (linear axis only). */
  SvgChart band(String kind, double fromX, double toX, String label, String fill) {
    bands.add(new Band(kind, fromX, toX, label, fill));
    return this;
  }

  /** A dashed vertical line at x (linear axis only). */
  SvgChart mark(String kind, double x, String label, String colour) {
    marks.add(new Mark(kind, x, label, colour));
    return this;
  }

  static String colour(int index) {
    return COLOURS[index % COLOURS.length];
  }

  boolean isEmpty() {
    return series.isEmpty();
  }

  String render() {
    double minX = Double.MAX_VALUE;
    double maxX = -Double.MAX_VALUE;
    double maxY = 0;
    // Below 0 only for signed figures (a ratio's change): every other chart's y axis starts at 0.
    double minY = 0;
    for (Series s : series) {
      for (int i = 0; i < s.x().length; i++) {
        minX = Math.min(minX, fx(s.x()[i]));
        maxX = Math.max(maxX, fx(s.x()[i]));
        maxY = Math.max(maxY, s.y()[i]);
        minY = Math.min(minY, s.y()[i]);
      }
    }
    if (!logX && !series.isEmpty()) {
      for (Band b : bands) {
        minX = Math.min(minX, Math.min(b.fromX(), b.toX()));
        maxX = Math.max(maxX, Math.max(b.fromX(), b.toX()));
      }
      for (Mark m : marks) {
        minX = Math.min(minX, m.x());
        maxX = Math.max(maxX, m.x());
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
    maxY = maxY > 0 ? maxY * 1.05 : minY < 0 ? 0 : 1;
    minY *= 1.05;
    double spanY = maxY - minY;
    int right = rightMargin();
    int plotW = frame.width() - frame.left() - right;
    int plotH = frame.height() - frame.top() - frame.bottom();
    StringBuilder svg = new StringBuilder();
    svg.append(String.format(Locale.ROOT, "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\""
        + " height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n", frame.width(), frame.height(),
        frame.width(), frame.height(), escape(title)));
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" font-weight=\"bold\">%s</text>%n",
        frame.left(), frame.top() - 6, TITLE_PX, escape(title)));
    svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
        + " stroke=\"#999\"/>%n", frame.left(), frame.top(), plotW, plotH));
    if (!logX && !series.isEmpty()) {
      svg.append(annotations(minX, maxX, plotW, plotH));
    }
    int left = frame.left();
    int top = frame.top();
    for (int tick = 0; tick <= 4; tick++) {
      double value = minY + spanY * tick / 4;
      double y = top + plotH - plotH * tick / 4.0;
      svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"end\">%s</text>%n",
          left - 4, y + 4, TEXT_PX, number(value)));
    }
    if (minY < 0) {
      double zero = top + plotH - plotH * -minY / spanY;
      svg.append(String.format(Locale.ROOT, "<line class=\"zero\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\""
          + " stroke=\"#999\" stroke-dasharray=\"2 2\"/>%n", left, zero, left + plotW, zero));
    }
    // The log axis ticks its decades; a linear one round values (1, 2 or 5 times a power of 10), fewer
    // on a narrow plot so that 11 px labels keep apart.
    double step = logX ? 1 : roundStep((maxX - minX) / (plotW >= 300 ? 6 : 4));
    for (double value = logX ? minX : Math.ceil(minX / step - 1e-9) * step; value <= maxX + step * 1e-6;
        value += step) {
      double x = left + plotW * (value - minX) / (maxX - minX);
      String label = logX ? percentLabel(value) : number(value);
      svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%s</text>%n",
          x, top + plotH + 15, TEXT_PX, label));
    }
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%s</text>%n",
        left + plotW / 2, frame.height() - 8, TEXT_PX, escape(xLabel)));
    svg.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\""
        + " transform=\"rotate(-90 12 %d)\">%s</text>%n", top + plotH / 2, TEXT_PX, top + plotH / 2, escape(yLabel)));
    int legendX = frame.width() - right;
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      StringBuilder points = new StringBuilder();
      for (int p = 0; p < s.x().length; p++) {
        double x = left + plotW * (fx(s.x()[p]) - minX) / (maxX - minX);
        double y = top + plotH - plotH * (s.y()[p] - minY) / spanY;
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
      }
      String colour = colour(s.colour());
      String dash = s.dashed() ? " stroke-dasharray=\"5 3\"" : "";
      svg.append(String.format(Locale.ROOT, "<polyline class=\"series\" data-series=\"%s\" fill=\"none\" stroke=\"%s\""
          + " stroke-width=\"1.5\"%s points=\"%s\"/>%n", escape(s.name()), colour, dash, points.toString().trim()));
      if (!logX && s.x().length <= 120) {
        // Markers, so that a run of one or two intervals still shows.
        for (String point : points.toString().trim().split(" ")) {
          String[] xy = point.split(",");
          svg.append(String.format(Locale.ROOT, "<circle cx=\"%s\" cy=\"%s\" r=\"2.5\" fill=\"%s\"/>%n", xy[0], xy[1],
              colour));
        }
      }
      int legendY = top + 12 + LINE_PX * i;
      svg.append(String.format(Locale.ROOT, "<line class=\"legend\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\""
          + " stroke=\"%s\" stroke-width=\"1.5\"%s/>", legendX + 6, legendY - 4, legendX + 22, legendY - 4,
          colour, dash));
      svg.append(String.format(Locale.ROOT, "<text class=\"legend\" x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"%s\">%s"
          + "</text>%n", legendX + 26, legendY, TEXT_PX, colour, escape(s.name())));
    }
    return svg.append("</svg>\n").toString();
  }

  /**
   * The right margin: the frame's, or wide enough for the longest legend name (line sample, gap,
   * text) as long as the plot keeps its minimum width.
   */
  private int rightMargin() {
    double longest = 0;
    for (Series s : series) {
      longest = Math.max(longest, textWidthPx(s.name()));
    }
    int legend = 26 + (int) Math.ceil(longest) + 4;
    return Math.max(frame.minRight(), Math.min(legend, frame.width() - frame.left() - frame.minPlotWidth()));
  }

  /**
   * A generous estimate of a text's width at {@link #TEXT_PX} in a sans-serif font (DejaVu Sans,
   * Chromium's on Linux, is among the widest): capitals, underscores, m and w 0.8 em, the rest 0.64.
   */
  static double textWidthPx(String text) {
    double em = 0;
    for (char c : text.toCharArray()) {
      em += Character.isUpperCase(c) || c == '_' || c == 'm' || c == 'w' ? 0.8 : 0.64;
    }
    return em * TEXT_PX;
  }

  /** Bands under the lines, then dashed marks, each labelled at the plot's top. */
  private String annotations(double minX, double maxX, int plotW, int plotH) {
    int left = frame.left();
    int top = frame.top();
    StringBuilder svg = new StringBuilder();
    for (Band b : bands) {
      double from = left + plotW * (Math.min(b.fromX(), b.toX()) - minX) / (maxX - minX);
      double to = left + plotW * (Math.max(b.fromX(), b.toX()) - minX) / (maxX - minX);
      svg.append(String.format(Locale.ROOT, "<rect class=\"band\" data-band=\"%s\" x=\"%.1f\" y=\"%d\""
          + " width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>%s</title></rect>%n", escape(b.kind()), from, top,
          Math.max(1, to - from), plotH, b.fill(), escape(b.label())));
    }
    // Labels after every band, one line each, so that no band covers another's label.
    for (int i = 0; i < bands.size(); i++) {
      Band b = bands.get(i);
      double from = left + plotW * (Math.min(b.fromX(), b.toX()) - minX) / (maxX - minX);
      svg.append(String.format(Locale.ROOT, "<text class=\"band-label\" x=\"%.1f\" y=\"%d\" font-size=\"%d\""
          + " fill=\"#555\">%s</text>%n", from + 3, top + TEXT_PX + 1 + LINE_PX * i, TEXT_PX, escape(b.label())));
    }
    for (int i = 0; i < marks.size(); i++) {
      Mark m = marks.get(i);
      double x = left + plotW * (m.x() - minX) / (maxX - minX);
      svg.append(String.format(Locale.ROOT, "<line class=\"mark\" data-mark=\"%s\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\""
          + " y2=\"%d\" stroke=\"%s\" stroke-width=\"1\" stroke-dasharray=\"2 2\"><title>%s</title></line>%n",
          escape(m.kind()), x, top, x, top + plotH, m.colour(), escape(m.label())));
      svg.append(String.format(Locale.ROOT, "<text class=\"mark-label\" x=\"%.1f\" y=\"%d\" font-size=\"%d\""
          + " text-anchor=\"end\" fill=\"%s\">%s</text>%n", x - 2, top + plotH - 4 - LINE_PX * i, TEXT_PX, m.colour(),
          escape(m.label())));
    }
    return svg.toString();
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
    if (Math.abs(v) >= 100 || Math.abs(v - Math.rint(v)) < 1e-9) {
      return String.format(Locale.ROOT, "%,.0f", v + 0.0); // + 0.0: no "-0"
    }
    return String.format(Locale.ROOT, "%.3g", v);
  }

  /** The smallest of 1, 2 and 5 times a power of ten that is at least {@code raw}. */
  static double roundStep(double raw) {
    double power = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * power >= raw - 1e-12) {
        return m * power;
      }
    }
    return 10 * power;
  }

  public static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
