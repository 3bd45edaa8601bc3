package org.hperf.driver;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line of one {@code hperf run}, for the commands that orchestrate runs (suite, ab on
 * one cluster, ab on two releases): the one place outside {@code run} itself that spells its
 * options. Arguments come in the order the calls give them, so that a suite's recorded steps stay
 * the same command from one release of hperf to the next (a resumed suite compares them).
 */
final class RunArguments {
  private final List<String> arguments = new ArrayList<>();
  /** Hadoop's generic options: they come first, before run's own (GenericOptionsParser stops at the first other). */
  private final List<String> generic = new ArrayList<>();

  /** A run of the workload file against the table. */
  RunArguments(String workloadFile, String table) {
    add("-P", workloadFile);
    add("--table", table);
  }

  /** Map tasks and threads (or the async client's lanes) in each. */
  RunArguments clients(int clients, int threads) {
    return add("--clients", Integer.toString(clients)).add("--threads", Integer.toString(threads));
  }

  RunArguments duration(long seconds) {
    return add("--duration", Long.toString(seconds));
  }

  /** Seconds each client runs before it measures. */
  RunArguments warmup(long seconds) {
    return add("--warmup", Long.toString(seconds));
  }

  RunArguments runs(int runs) {
    return add("--runs", Integer.toString(runs));
  }

  /** Run k of a series of runs, with the series' seed: the same operations as run k of another side. */
  RunArguments runIndex(int k, long seed) {
    return add("--run-index", Integer.toString(k)).add("--seed", Long.toString(seed));
  }

  RunArguments perServer() {
    arguments.add("--per-server");
    return this;
  }

  /** Before run 1 (or --run-index's), warm the servers until steady, at most this long. */
  RunArguments serverWarmup(long maxSeconds) {
    return add("--server-warmup", Long.toString(maxSeconds));
  }

  /** Put the table back from this snapshot before measuring. */
  RunArguments restoreSnapshot(String snapshot) {
    return add("--restore-snapshot", snapshot);
  }

  /** Options already spelled as run takes them (e.g. the client mode's, from {@code SuiteTool.clientOptions}). */
  RunArguments options(List<String> options) {
    arguments.addAll(options);
    return this;
  }

  /** The side of hperf ab these runs are: the run records it itself. */
  RunArguments abSide(org.hperf.core.run.RunRecord.AbSide side) {
    generic.addAll(side.genericOptions());
    return this;
  }

  /** One of a duet's two runs: it measures in the same window as the other ({@link org.hperf.jobs.DuetBarrier}). */
  RunArguments duet(org.apache.hadoop.fs.Path barrier, String party, int clientsOfBoth) {
    generic.addAll(org.hperf.jobs.DuetBarrier.genericOptions(barrier, party, clientsOfBoth));
    return this;
  }

  RunArguments output(String runDirectory) {
    return add("--output", runDirectory);
  }

  /** The arguments after the command's name, as {@code WorkloadTool} takes them. */
  String[] toArray() {
    List<String> all = new ArrayList<>(generic);
    all.addAll(arguments);
    return all.toArray(new String[0]);
  }

  /** The whole command line: "run" and its arguments. */
  List<String> command() {
    List<String> command = new ArrayList<>(List.of("run"));
    command.addAll(List.of(toArray()));
    return command;
  }

  private RunArguments add(String option, String value) {
    arguments.add(option);
    arguments.add(value);
    return this;
  }
}
