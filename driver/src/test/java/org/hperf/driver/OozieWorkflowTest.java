package org.hperf.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.File;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.apache.hadoop.util.Tool;
import org.hperf.core.HperfTool;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * conf/oozie/ is valid against the official Oozie XSDs (from the oozie-client artifact), and
 * every java action's arguments parse with the driver's own option parsers.
 */
class OozieWorkflowTest {
  private static final File OOZIE = new File("../conf/oozie");

  @Test
  void workflowAndCoordinatorAreValidOozieXml() throws Exception {
    validate(new File(OOZIE, "workflow.xml"), "oozie-workflow-1.0.xsd");
    validate(new File(OOZIE, "coordinator.xml"), "oozie-coordinator-0.5.xsd");
  }

  @Test
  void theSchemaCheckRejectsABrokenWorkflow() throws Exception {
    File broken = new File(System.getProperty("hperf.test.dir", "target/test-tmp"), "broken-workflow.xml");
    broken.getParentFile().mkdirs();
    String text = java.nio.file.Files.readString(new File(OOZIE, "workflow.xml").toPath())
        .replaceFirst("<main-class>[^<]*</main-class>", "");
    java.nio.file.Files.writeString(broken.toPath(), text);
    org.junit.jupiter.api.Assertions.assertThrows(org.xml.sax.SAXException.class,
        () -> validate(broken, "oozie-workflow-1.0.xsd"), "a java action without main-class is invalid");
  }

  @Test
  void everyActionsArgumentsParseWithTheDriversOptions() throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    Document workflow = factory.newDocumentBuilder().parse(new File(OOZIE, "workflow.xml"));
    NodeList javas = workflow.getElementsByTagNameNS("*", "java");
    assertFalse(javas.getLength() == 0, "the workflow has java actions");
    int preflighted = 0;
    for (int i = 0; i < javas.getLength(); i++) {
      Element java = (Element) javas.item(i);
      assertEquals(OozieMain.class.getName(), java.getElementsByTagNameNS("*", "main-class").item(0).getTextContent());
      List<String> args = new ArrayList<>();
      NodeList argNodes = java.getElementsByTagNameNS("*", "arg");
      for (int a = 0; a < argNodes.getLength(); a++) {
        args.add(argNodes.item(a).getTextContent());
      }
      String command = args.get(0);
      Command known = Perf.COMMANDS.stream().filter(c -> c.name().equals(command)).findFirst().orElse(null);
      assertNotNull(known, "action runs a known command: " + command);
      Tool tool = known.tool().get();
      ((HperfTool) tool).checkArguments(args.subList(1, args.size()).toArray(new String[0]));
      if (command.equals("load") || command.equals("suite")) {
        // An Oozie launcher has no terminal, so it would not ask anyway; --yes says in the workflow that it must not.
        org.junit.jupiter.api.Assertions.assertTrue(args.contains("--yes"), command + " without --yes: " + args);
        preflighted++;
      }
    }
    assertEquals(1, preflighted, "the workflow's load action");
  }

  @Test
  void theWorkflowsDefaultsAreTheSuitesWorkloadsAndTheBuildsJvmFlags() throws Exception {
    Document workflow = parse(new File(OOZIE, "workflow.xml"));
    assertEquals(SuiteTool.DEFAULT_WORKLOADS, parameter(workflow, "workloads"), "the suite's default list");
    // The pom's flags as the build gives them to this test (driver/pom.xml), as dist's jvm.options has them.
    assertEquals(System.getProperty("hperf.jvm.opens").trim(), parameter(workflow, "launcherJavaOpts"),
        "the JDK 17 flags of the pom (hperf.jvm.opens)");
    // Each workload of the list has its decision, run and aggregate steps, so that the list can choose it.
    java.util.Set<String> names = new java.util.HashSet<>();
    NodeList nodes = workflow.getDocumentElement().getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element e && e.hasAttribute("name")) {
        names.add(e.getAttribute("name"));
      }
    }
    for (String workload : SuiteTool.DEFAULT_WORKLOADS.split(",")) {
      for (String step : List.of("want-", "run-", "aggregate-")) {
        org.junit.jupiter.api.Assertions.assertTrue(names.contains(step + workload), step + workload);
      }
    }
  }

  private static String parameter(Document workflow, String name) {
    NodeList properties = ((Element) workflow.getElementsByTagNameNS("*", "parameters").item(0))
        .getElementsByTagNameNS("*", "property");
    for (int i = 0; i < properties.getLength(); i++) {
      Element property = (Element) properties.item(i);
      if (property.getElementsByTagNameNS("*", "name").item(0).getTextContent().equals(name)) {
        return property.getElementsByTagNameNS("*", "value").item(0).getTextContent();
      }
    }
    throw new AssertionError("no parameter " + name);
  }

  private static Document parse(File xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory.newDocumentBuilder().parse(xml);
  }

  private static void validate(File xml, String xsd) throws Exception {
    URL schema = OozieWorkflowTest.class.getClassLoader().getResource(xsd);
    assertNotNull(schema, xsd + " from oozie-client");
    SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    factory.newSchema(schema).newValidator().validate(new StreamSource(xml));
  }
}
