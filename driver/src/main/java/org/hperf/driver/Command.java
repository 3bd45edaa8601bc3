package org.hperf.driver;

import java.util.function.Supplier;
import org.apache.hadoop.util.Tool;

/** One driver command: its name, its one-line summary for {@code hperf help}, and its tool. */
record Command(String name, String summary, Supplier<Tool> tool) {
}
