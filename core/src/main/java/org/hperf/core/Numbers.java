package org.hperf.core;

/** Parsing of user-given numbers with errors that name the option and say what is allowed. */
public final class Numbers {
  private Numbers() {
  }

  public static long parseLong(String name, String text, long min, long max) throws UsageException {
    long value;
    try {
      value = Long.parseLong(text.trim().replace("_", ""));
    } catch (NumberFormatException e) {
      throw new UsageException(name + "=" + text + " is not a whole number" + range(min, max));
    }
    if (value < min || value > max) {
      throw new UsageException(name + "=" + text + " is out of range" + range(min, max));
    }
    return value;
  }

  public static double parseDouble(String name, String text, double min, double max) throws UsageException {
    double value;
    try {
      value = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(name + "=" + text + " is not a number: give one from " + min + " to " + max);
    }
    if (!(value >= min && value <= max)) {
      throw new UsageException(name + "=" + text + " is out of range: give one from " + min + " to " + max);
    }
    return value;
  }

  private static String range(long min, long max) {
    if (min == Long.MIN_VALUE) {
      return "";
    }
    return max >= Long.MAX_VALUE / 2 ? ": give one of at least " + min : ": give one from " + min + " to " + max;
  }
}
