package org.hperf.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncTableRegionLocator;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.junit.jupiter.api.Test;

/** What a location lookup gives the clients: the cached location, or null, never an exception or a wait. */
class RowLocatorTest {
  private static final HRegionLocation LOCATION = new HRegionLocation(
      RegionInfoBuilder.newBuilder(TableName.valueOf("t")).build(), ServerName.valueOf("rs", 16020, 1));

  @Test
  void theAsyncLocatorTakesOnlyAnAnswerAtHand() {
    assertSame(LOCATION, RowLocator.of(async(() -> CompletableFuture.completedFuture(LOCATION))).locate(new byte[1]));
    assertNull(RowLocator.of(async(CompletableFuture::new)).locate(new byte[1]), "a lookup in flight is not waited for");
    assertNull(RowLocator.of(async(() -> CompletableFuture.failedFuture(new IOException("meta down"))))
        .locate(new byte[1]));
  }

  @Test
  void theSyncLocatorTurnsAFailedLookupIntoUnknown() {
    assertSame(LOCATION, RowLocator.of(sync(false)).locate(new byte[1]));
    assertNull(RowLocator.of(sync(true)).locate(new byte[1]));
  }

  @Test
  void theSyncConnectionsOwnLookupAsksTheCacheWithoutReload() {
    java.util.List<Object[]> calls = new java.util.ArrayList<>();
    org.apache.hadoop.hbase.client.Connection connection = (org.apache.hadoop.hbase.client.Connection)
        Proxy.newProxyInstance(RowLocatorTest.class.getClassLoader(),
            new Class<?>[] {org.apache.hadoop.hbase.client.ClusterConnection.class}, (proxy, method, args) -> {
              if (method.getName().equals("getRegionLocation") && args.length == 3) {
                calls.add(args);
                if (((byte[]) args[1]).length == 0) {
                  throw new IOException("meta down");
                }
                return LOCATION;
              }
              throw new UnsupportedOperationException(method.toString());
            });
    RowLocator locator = RowLocator.of(connection, TableName.valueOf("t"), sync(true));
    assertSame(LOCATION, locator.locate(new byte[1]));
    assertEquals(TableName.valueOf("t"), calls.get(0)[0]);
    assertEquals(false, calls.get(0)[2], "never reloads");
    assertNull(locator.locate(new byte[0]), "a failed lookup is unknown");
  }

  private static AsyncTableRegionLocator async(Supplier<CompletableFuture<HRegionLocation>> answer) {
    return (AsyncTableRegionLocator) Proxy.newProxyInstance(AsyncTableRegionLocator.class.getClassLoader(),
        new Class<?>[] {AsyncTableRegionLocator.class}, (proxy, method, args) -> {
          if (method.getName().equals("getRegionLocation") && args.length == 3 && Boolean.FALSE.equals(args[2])) {
            return answer.get();
          }
          if (method.isDefault()) {
            return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
          }
          throw new UnsupportedOperationException(method.toString());
        });
  }

  private static RegionLocator sync(boolean fails) {
    return (RegionLocator) Proxy.newProxyInstance(RegionLocator.class.getClassLoader(),
        new Class<?>[] {RegionLocator.class}, (proxy, method, args) -> {
          if (method.getName().equals("getRegionLocation") && args.length == 1) {
            if (fails) {
              throw new IOException("meta down");
            }
            return LOCATION;
          }
          throw new UnsupportedOperationException(method.toString());
        });
  }
}
