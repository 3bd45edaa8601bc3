package org.hperf.core.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One SVG text of a page as a browser laid it out, in CSS pixels: its font size times the scale of
 * its SVG (a 640 px chart squeezed into 256 px draws its 10 px labels at 4 px), the height of its
 * line box (the width for a rotated axis label), and whether it stays within its chart's width.
 * The sizes are read in the page by a script that {@link #measuringCopy} adds to a copy of the page
 * (reports carry no scripts) and that writes them into the DOM; a DOM dump of that copy ({@code
 * chromium --headless --dump-dom}) is then read by {@link #parse}. {@code chart} is the text's SVG's
 * aria-label, {@code container} the id of its nearest ancestor that has one, or the data-server
 * of its cluster row.
 */
public record RenderedSvgText(String chart, String container, String text, double fontPx, double lineBoxPx,
    boolean inside) {
  private static final String SCRIPT = "<script>document.querySelectorAll('svg text').forEach(function (t) {"
      + " var m = t.getScreenCTM(); var box = t.getBoundingClientRect();"
      + " var svg = t.closest('svg'); var frame = svg.getBoundingClientRect();"
      + " var row = t.closest('[data-server]'); var holder = t.closest('[id]');"
      + " t.setAttribute('data-font-px', (parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)).toFixed(2));"
      + " t.setAttribute('data-line-box-px', (Math.abs(m.b) > Math.abs(m.a) ? box.width : box.height).toFixed(2));"
      + " t.setAttribute('data-chart', svg.getAttribute('aria-label') || '');"
      + " t.setAttribute('data-container', row ? 'server ' + row.getAttribute('data-server') : holder ? holder.id : '');"
      + " t.setAttribute('data-inside', box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5 ? 'yes' : 'no');"
      + " });</script></body>";
  private static final Pattern TEXT = Pattern.compile("<text ([^>]*)>([^<]*)</text>");

  /** A copy of the page at {@code html}, beside it, with the measuring script; returns the copy. */
  public static File measuringCopy(File html) throws IOException {
    String page = Files.readString(html.toPath(), StandardCharsets.UTF_8);
    if (!page.contains("</body>")) {
      throw new IllegalArgumentException(html + " has no </body> to put the measuring script before");
    }
    File copy = new File(html.getAbsoluteFile().getParentFile(), "measured-" + html.getName());
    Files.writeString(copy.toPath(), page.replace("</body>", SCRIPT), StandardCharsets.UTF_8);
    return copy;
  }

  /** Every SVG text of a dumped DOM of a {@link #measuringCopy}, in page order. */
  public static List<RenderedSvgText> parse(String dom) {
    Matcher text = TEXT.matcher(dom);
    List<RenderedSvgText> texts = new ArrayList<>();
    while (text.find()) {
      String attributes = text.group(1);
      if (!attributes.contains("data-font-px=")) {
        throw new IllegalStateException("the measuring script did not run over " + text.group());
      }
      texts.add(new RenderedSvgText(attribute(attributes, "data-chart"), attribute(attributes, "data-container"),
          text.group(2), Double.parseDouble(attribute(attributes, "data-font-px")),
          Double.parseDouble(attribute(attributes, "data-line-box-px")), attribute(attributes, "data-inside")
          .equals("yes")));
    }
    return texts;
  }

  private static String attribute(String attributes, String name) {
    Matcher value = Pattern.compile("\\b" + name + "=\"([^\"]*)\"").matcher(attributes);
    if (!value.find()) {
      throw new IllegalStateException("no " + name + " in " + attributes);
    }
    return value.group(1);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "'%s' in '%s' (%s) %.1f px, line box %.1f px%s", text, chart, container,
        fontPx, lineBoxPx, inside ? "" : ", cut off by the chart's edge");
  }
}
