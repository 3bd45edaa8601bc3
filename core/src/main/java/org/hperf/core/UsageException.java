package org.hperf.core;

/**
 * Bad input from the user: the message is one line that says what is wrong and how to fix it.
 * Thrown before any data is touched; the driver prints it and exits with {@link ExitCode#USAGE}.
 */
public class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }

  public UsageException(String message, Throwable cause) {
    super(message, cause);
  }
}
