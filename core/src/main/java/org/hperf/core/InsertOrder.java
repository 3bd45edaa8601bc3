package org.hperf.core;

import java.util.Locale;

/** YCSB's {@code insertorder}: whether record numbers are hashed before they become keys. */
public enum InsertOrder {
  /** Key number = FNV-64 hash of the record number (YCSB's default): keys spread over all regions. */
  HASHED,
  /** Key number = record number: keys arrive in order, as for sequential writes. */
  ORDERED;

  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static InsertOrder fromProperty(String value) throws UsageException {
    for (InsertOrder order : values()) {
      if (order.propertyValue().equals(value.trim().toLowerCase(Locale.ROOT))) {
        return order;
      }
    }
    throw new UsageException("insertorder=" + value + " is not known: use hashed or ordered");
  }
}
