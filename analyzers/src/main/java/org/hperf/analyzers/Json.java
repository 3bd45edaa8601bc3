package org.hperf.analyzers;

import java.util.Iterator;
import java.util.Map;

/** Just enough JSON writing for summaries: maps, numbers and strings, keys in insertion order. */
final class Json {
  private Json() {
  }

  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out, 0);
    return out.append('\n').toString();
  }

  private static void write(Object value, StringBuilder out, int indent) {
    if (value instanceof Map<?, ?> map) {
      out.append("{");
      Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
      while (entries.hasNext()) {
        Map.Entry<?, ?> e = entries.next();
        out.append('\n').append("  ".repeat(indent + 1)).append(quote(e.getKey().toString())).append(": ");
        write(e.getValue(), out, indent + 1);
        out.append(entries.hasNext() ? "," : "");
      }
      out.append('\n').append("  ".repeat(indent)).append('}');
    } else if (value instanceof Iterable<?> list) {
      out.append('[');
      Iterator<?> items = list.iterator();
      while (items.hasNext()) {
        write(items.next(), out, indent + 1);
        out.append(items.hasNext() ? ", " : "");
      }
      out.append(']');
    } else if (value instanceof Double d) {
      out.append(Double.isFinite(d) ? String.format(java.util.Locale.ROOT, "%.3f", d) : "null");
    } else if (value instanceof Number) {
      out.append(value);
    } else {
      out.append(quote(String.valueOf(value)));
    }
  }

  private static String quote(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
  }
}
