package org.hperf.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** summary.json read back by the same class that wrote it, and only that shape. */
class RunSummaryTest {
  private static final RunSummary.Latency LATENCY = new RunSummary.Latency(10, 12.5, 10, 20, 30, 40, 50, 60, 70);

  @Test
  void writeThenReadGivesTheSameSummaryInTagOrder() throws IOException {
    RunSummary summary = summary(Map.of("weird", "tab\there\rcr \"quoted\" back\\slash\nnew line \u00e9\u6f22"));
    String json = json(summary);
    RunSummary read = RunSummary.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    assertEquals(summary, read);
    assertEquals(List.of("READ", "UPDATE", "ALL", "ALL.intended"), read.tags());
    assertEquals(List.of("READ", "UPDATE", "ALL", "ALL.intended"),
        List.copyOf(read.perRun().get("run-1").operations().keySet()));
    JsonNode tree = new ObjectMapper().readTree(json);
    assertEquals(summary.configuration().get("weird"), tree.path("configuration").path("weird").asText());
    assertEquals(10, tree.path("intervalSeconds").asLong());
    assertTrue(!tree.has("tags"), "only the record's components are written: " + json);
    RunSummary.Placement placement = read.perRun().get("run-1").placement();
    assertEquals(List.of("host-a:16020", "host-b:16020"), List.copyOf(placement.servers().keySet()));
    assertEquals(List.of("READ", "ALL"), List.copyOf(placement.servers().get("host-b:16020").keySet()));
    assertEquals(List.of("e1", "e0"), placement.regions().stream().map(RunSummary.Region::encodedName).toList(),
        "regions stay in the key order they were given in");
    RunSummary.ClusterState cluster = read.perRun().get("run-1").cluster();
    assertEquals(List.of("host-a:16020", "host-b:16020"), List.copyOf(cluster.servers().keySet()));
    JsonNode first = tree.path("perRun").path("run-1").path("cluster").path("servers").path("host-b:16020").get(0);
    assertEquals(-500, first.path("offsetMs").asLong());
    assertEquals(340.0, first.path("metrics").path("gcTimeMs").asDouble());
    assertTrue(!first.path("metrics").has("compactionQueueLength"), "a metric not sampled is absent, not 0: " + first);
    assertEquals(1, cluster.clients().size());
    assertEquals(List.of("run-1: throughput rose", "run-1: a finding, \"quoted\""),
        read.findings().stream().map(RunSummary.Finding::line).toList(), "findings in the order given");
    assertEquals("warm-up", tree.path("findings").get(0).path("kind").asText());
  }

  @Test
  void placementCsvHasEachRunsServersThenItsRegionsInKeyOrder() {
    List<String> csv = summary(Map.of()).placementCsv().lines().toList();
    assertEquals("run,kind,name,start_key,end_key,operation,operations,share,throughput_ops_per_s,p50_us,p99_us",
        csv.get(0));
    assertEquals("run-1,server,host-a:16020,,,READ,10,0.400000,40.0,10,40", csv.get(1));
    assertEquals("run-1,server,host-b:16020,,,READ,10,0.600000,60.0,10,40", csv.get(2));
    assertEquals("run-1,server,host-b:16020,,,ALL,10,0.600000,60.0,10,40", csv.get(3));
    assertEquals("run-1,region,e1,,user5,READ,6,0.600000,,10,40", csv.get(4));
    assertEquals("run-1,region,e0,user5,\"us,er\"\"9\",READ,4,0.400000,,10,40", csv.get(5));
    assertEquals(6, csv.size());
  }

  @Test
  void aSummaryOfAnotherShapeIsRefusedNotReadAsZeros() throws IOException {
    String missing = "{\"workload\": \"w\", \"runs\": 0, \"overall\": {}, \"perRun\": {}, \"configuration\": {}}";
    assertThrows(IOException.class, () -> RunSummary.read(new ByteArrayInputStream(missing.getBytes(
        StandardCharsets.UTF_8))), "intervalSeconds missing");
    String beforeFindings = "{\"workload\": \"w\", \"runs\": 0, \"intervalSeconds\": 1, \"overall\": {},"
        + " \"perRun\": {}, \"configuration\": {}}";
    assertThrows(IOException.class, () -> RunSummary.read(new ByteArrayInputStream(beforeFindings.getBytes(
        StandardCharsets.UTF_8))), "a summary written before findings: aggregate --overwrite writes it anew");
    String unknown = "{\"workload\": \"w\", \"runs\": 0, \"intervalSeconds\": 1, \"overall\": {}, \"perRun\": {},"
        + " \"configuration\": {}, \"findings\": [], \"extra\": 1}";
    assertThrows(IOException.class, () -> RunSummary.read(new ByteArrayInputStream(unknown.getBytes(
        StandardCharsets.UTF_8))), "unknown field");
    String clusterFindings = json(summary(Map.of())).replace("\"clients\" : [", "\"findings\" : [ \"GC\" ],\n\"clients\" : [");
    assertTrue(clusterFindings.contains("\"findings\" : [ \"GC\" ]"), clusterFindings);
    assertThrows(IOException.class, () -> RunSummary.read(new ByteArrayInputStream(clusterFindings.getBytes(
        StandardCharsets.UTF_8))), "a summary that kept its cluster findings as strings in the run's cluster state");
  }

  @Test
  void csvHasOneRowPerRunAndTagThenTheAllRunsRows() {
    List<String> csv = summary(Map.of()).csv().lines().toList();
    assertEquals("scope,operation,throughput_ops_per_s,operations,mean_us,p50_us,p90_us,p95_us,p99_us,p99.9_us,"
        + "p99.99_us,max_us", csv.get(0));
    assertEquals("run-1,READ,100.0,10,12.5,10,20,30,40,50,60,70", csv.get(1));
    assertEquals("run-1,ALL.intended,100.0,10,12.5,10,20,30,40,50,60,70", csv.get(4));
    assertEquals("all-runs,ALL,150.0,10,12.5,10,20,30,40,50,60,70", csv.get(7));
    assertEquals(9, csv.size());
  }

  private static RunSummary summary(Map<String, String> configuration) {
    Map<String, RunSummary.Overall> overall = new LinkedHashMap<>();
    Map<String, RunSummary.RunOperation> operations = new LinkedHashMap<>();
    // Given out of order: the summary puts ALL last.
    for (String tag : List.of("ALL", "UPDATE", "ALL.intended", "READ")) {
      overall.put(tag, new RunSummary.Overall(150, 100, 200, 70.71067811865476, LATENCY));
      operations.put(tag, new RunSummary.RunOperation(100, LATENCY,
          List.of(new RunSummary.Interval(0, 99.5, 10, 40), new RunSummary.Interval(1, 100.5, 11, 41))));
    }
    RunSummary.Placement placement = new RunSummary.Placement(
        Map.of("host-b:16020", Map.of("READ", new RunSummary.ServerOperation(60, 0.6, LATENCY, List.of()),
            "ALL", new RunSummary.ServerOperation(60, 0.6, LATENCY, List.of(new RunSummary.Interval(0, 60, 10, 40)))),
            "host-a:16020", Map.of("READ", new RunSummary.ServerOperation(40, 0.4, LATENCY, List.of()))),
        List.of(new RunSummary.Region("e1", "", "user5", Map.of("READ", new RunSummary.RegionOperation(6, 0.6, 10, 40))),
            new RunSummary.Region("e0", "user5", "us,er\"9", Map.of("READ", new RunSummary.RegionOperation(4, 0.4, 10, 40)))),
        List.of(new RunSummary.Hotspot("server", "host-b:16020", "READ", 0.6, 0.5, 0, "host-b:16020 served 60%")));
    RunSummary.ClusterState cluster = new RunSummary.ClusterState(
        Map.of("host-b:16020", List.of(new RunSummary.ServerSample(-500, Map.of("gcTimeMs", 340.0)),
            new RunSummary.ServerSample(9_500, Map.of("gcTimeMs", 410.0, "compactionQueueLength", 1.0))),
            "host-a:16020", List.of(new RunSummary.ServerSample(0, Map.of()))),
        List.of(new RunSummary.ClientInterval("client-00000", 0, 10_000, 2, 31, 8200, false)));
    RunSummary.Run run = new RunSummary.Run(2, List.of("7 failed operations"), 1_000, 11_000, operations, placement)
        .withCluster(cluster);
    return new RunSummary("workloada", 1, 10, overall, Map.of("run-1", run), configuration,
        List.of(new RunSummary.Finding("warm-up", "run-1", "throughput rose"),
            new RunSummary.Finding("another-source", "run-1", "a finding, \"quoted\"")));
  }

  private static String json(RunSummary summary) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    summary.write(out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
