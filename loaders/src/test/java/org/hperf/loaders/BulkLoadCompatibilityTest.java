package org.hperf.loaders;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** The build's HBase (2.6.1-hadoop3) passes; PerfClusterIT shows HBase 2.4.18's jars refused on Hadoop 3. */
class BulkLoadCompatibilityTest {
  @Test
  void hbaseBuiltForHadoop3Passes() {
    assertFalse(BulkLoadCompatibility.builtForHadoop2());
    assertDoesNotThrow(BulkLoadCompatibility::check);
  }
}
