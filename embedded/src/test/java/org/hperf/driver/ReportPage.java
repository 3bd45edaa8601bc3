package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.hperf.core.testing.RenderedSvgText;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A report page as headless Chromium (Debian's {@code /usr/bin/chromium}) renders it: its DOM
 * ({@code --dump-dom}, parsed with jsoup so that assertions name elements, not substrings), the
 * findings lines of a workload's section checked against a list of expected ones, the rendered
 * size of its charts' texts, and screenshots
 * of single parts of the page (by the ids the report gives them) written to a directory the test
 * prints.
 */
final class ReportPage {
  private static final File CHROMIUM = new File("/usr/bin/chromium");
  private static final long CHROMIUM_SECONDS = 120;

  /**
   * A finding the page must show in a section's findings block: an element of {@code cssClass}
   * (the report's {@code disturbed}, {@code finding}, ...) whose text matches {@code regex} (found
   * anywhere in the text). One expected finding is one of these.
   */
  record Finding(String cssClass, String regex) {
  }

  private final File html;
  private final File work;
  final Document dom;

  private ReportPage(File html, File work, Document dom) {
    this.html = html;
    this.work = work;
    this.dom = dom;
  }

  /** The page at {@code html} as Chromium rendered it; Chromium's scratch files go to {@code work}. */
  static ReportPage render(File html, File work) throws Exception {
    work.mkdirs();
    String dumped = chromium(work, "--dump-dom", html.toURI().toString());
    return new ReportPage(html, work, Jsoup.parse(dumped));
  }

  /** The element of this id; fails naming the id if the page has none. */
  Element byId(String id) {
    Element e = dom.getElementById(id);
    assertTrue(e != null, "the page has no element #" + id);
    return e;
  }

  /**
   * Asserts that the findings block {@code #<sectionId>-findings} shows every expected finding, each
   * in its own line (element), and returns the lines it has, for the failure messages of callers.
   */
  List<String> assertFindings(String sectionId, Finding... expected) {
    Element findings = byId(sectionId + "-findings");
    List<String> shown = new ArrayList<>();
    findings.children().forEach(line -> shown.add(line.className() + ": " + line.text()));
    for (Finding f : expected) {
      Pattern pattern = Pattern.compile(f.regex());
      boolean found = findings.getElementsByClass(f.cssClass()).stream()
          .anyMatch(line -> pattern.matcher(line.text()).find());
      assertTrue(found, "#" + sectionId + "-findings lacks a ." + f.cssClass() + " line matching /" + f.regex()
          + "/; it shows " + shown);
    }
    return shown;
  }

  /**
   * Every SVG text of the page as Chromium lays it out at 100% zoom in a 1400 px wide window
   * ({@link RenderedSvgText}: rendered font size, line box, cut off or not).
   */
  List<RenderedSvgText> renderedSvgText() throws Exception {
    return RenderedSvgText.parse(chromium(work, "--window-size=1400,1000", "--force-device-scale-factor=1",
        "--dump-dom", RenderedSvgText.measuringCopy(html).toURI().toString()));
  }

  /**
   * A PNG of the element {@code id} alone: the page with every other element hidden (but the
   * element's ancestors), captured at {@code width} x {@code height} CSS pixels. Returns the file.
   */
  File screenshot(String id, File dir, int width, int height) throws Exception {
    byId(id);
    dir.mkdirs();
    String page = Files.readString(html.toPath(), StandardCharsets.UTF_8);
    String only = "<style>body *:not(:has(#" + id + ")):not(#" + id + "):not(#" + id + " *){display:none!important}"
        + "</style></head>";
    File shotPage = new File(html.getParentFile(), "shot-" + id + ".html");
    Files.writeString(shotPage.toPath(), page.replaceFirst("</head>", only), StandardCharsets.UTF_8);
    File png = new File(dir, id + ".png").getAbsoluteFile();
    chromium(work, "--screenshot=" + png.getPath(), "--window-size=" + width + "," + height, "--hide-scrollbars",
        shotPage.toURI().toString());
    assertTrue(png.length() > 1000, "a screenshot of #" + id + " in " + png);
    return png;
  }

  /**
   * Runs Chromium with {@code args} and returns what it printed. Its output goes to a file, not a
   * pipe: reading a pipe to its end would wait as long as a hung Chromium does, and the bounded
   * wait would never be reached. {@code --disable-dev-shm-usage}: a container's /dev/shm (64 MB in
   * Docker) is too small for Chromium's shared memory, and it crashes or hangs when it runs out.
   */
  private static String chromium(File work, String... args) throws Exception {
    assertTrue(CHROMIUM.canExecute(), "headless Chromium is needed: apt-get install chromium (.ci/run does)");
    List<String> command = new ArrayList<>(List.of(CHROMIUM.getPath(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + new File(work, "chromium-profile").getAbsolutePath()));
    command.addAll(List.of(args));
    File out = new File(work, "chromium.out");
    File log = new File(work, "chromium.log");
    Process process = new ProcessBuilder(command).directory(work).redirectOutput(out)
        .redirectError(ProcessBuilder.Redirect.appendTo(log)).start();
    if (!process.waitFor(CHROMIUM_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      fail("chromium " + String.join(" ", args) + " did not finish in " + CHROMIUM_SECONDS + " s; see " + log);
    }
    assertEquals(0, process.exitValue(), "chromium exit code; see " + log);
    return Files.readString(out.toPath(), StandardCharsets.UTF_8);
  }
}
