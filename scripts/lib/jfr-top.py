#!/usr/bin/env python3
"""Where a JVM spent its CPU in one JFR recording: the hottest frames and thread groups.

Usage: jfr-top.py <recording.jfr> [label]. Reads the recording with the JDK's 'jfr print' and prints
the share of Java execution samples by thread group (thread names with their numbers taken out, so
the region server's RPC handlers count as one group), the hottest leaf frames, the hottest frames
of hperf's and HBase's own code (the first org.hperf or org.apache.hadoop.hbase frame from the
leaf: which of their calls the time is under), the process's mean CPU load and the time spent in
GC pauses (GC threads are not sampled as Java threads). Used by scripts/bench-client PROFILE=on.
"""
import collections
import re
import subprocess
import sys

TOP = 8


def events(path, names, depth):
    text = subprocess.run(["jfr", "print", "--stack-depth", str(depth), "--events", names, path],
                          check=True, capture_output=True, text=True).stdout
    # Each event is "jdk.Name {" ... "}" at column 0.
    for block in re.split(r"\n(?=jdk\.)", text):
        name = block.split(" ", 1)[0].strip()
        yield name, block


def thread_group(block):
    found = re.search(r'sampledThread = "([^"]*)"', block)
    name = found.group(1) if found else "?"
    return re.sub(r"\d+", "N", name.split(",")[0])


def frames(block):
    return [line.strip().split(" line:")[0] for line in block.split("stackTrace = [", 1)[-1].splitlines()[1:]
            if line.startswith("    ") and "(" in line]


def seconds(field, block):
    found = re.search(field + r" = ([\d.]+) (ms|s|us|ns)", block)
    if not found:
        return 0.0
    scale = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}[found.group(2)]
    return float(found.group(1)) * scale


def main():
    path = sys.argv[1]
    label = sys.argv[2] if len(sys.argv) > 2 else path
    groups, leaves, own = collections.Counter(), collections.Counter(), collections.Counter()
    samples = 0
    cpu_loads, pause_s = [], 0.0
    for name, block in events(path, "jdk.ExecutionSample,jdk.CPULoad,jdk.GarbageCollection", 24):
        if name == "jdk.ExecutionSample":
            stack = frames(block)
            if not stack:
                continue
            samples += 1
            groups[thread_group(block)] += 1
            leaves[stack[0]] += 1
            mine = next((f for f in stack if f.startswith(("org.hperf.", "org.apache.hadoop.hbase."))), None)
            if mine:
                own[mine] += 1
        elif name == "jdk.CPULoad":
            user = re.search(r"jvmUser = ([\d.]+)%", block)
            system = re.search(r"jvmSystem = ([\d.]+)%", block)
            if user and system:
                cpu_loads.append(float(user.group(1)) + float(system.group(1)))
        elif name == "jdk.GarbageCollection":
            pause_s += seconds("sumOfPauses", block)
    load = "%.0f%% of the machine" % (sum(cpu_loads) / len(cpu_loads)) if cpu_loads else "not recorded"
    print("  %s: %d Java samples; mean CPU load %s; GC pauses %.2f s" % (label, samples, load, pause_s))
    if not samples:
        return
    for title, counter in (("thread groups", groups), ("leaf frames", leaves), ("hperf/HBase frames", own)):
        print("    %s: " % title + "; ".join("%s %.0f%%" % (key, 100.0 * n / samples)
                                             for key, n in counter.most_common(TOP)))


if __name__ == "__main__":
    main()
