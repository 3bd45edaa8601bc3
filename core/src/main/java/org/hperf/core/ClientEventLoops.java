package org.hperf.core;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.ipc.NettyRpcClientConfigHelper;
import org.apache.hadoop.hbase.util.Pair;
import org.apache.hadoop.util.ShutdownHookManager;
import org.apache.hbase.thirdparty.io.netty.channel.EventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.util.concurrent.Future;

/**
 * Ends the HBase client's RPC event loop threads as a command's JVM exits. HotSpot holds the exit
 * up to 300 ms for threads running native code to come back (VM_Exit waits for threads "in
 * native"), and an idle netty event loop thread is always there, waiting in epoll. HBase's default
 * client group, shared by every connection of a JVM, is never shut down, so every command's JVM
 * took 0.3 s longer to exit than its work. The groups end last among Hadoop's shutdown hooks,
 * after the file systems have closed.
 */
public final class ClientEventLoops {
  /**
   * Runs after every other hook of Hadoop's ShutdownHookManager (higher priorities run first). Not
   * Integer.MIN_VALUE: Hadoop orders hooks by subtracting their priorities, which overflows there
   * and ran this hook first, ending the event loops before the demo's cluster could close its
   * connections ("event executor terminated").
   */
  static final int LAST = Integer.MIN_VALUE / 2;
  private static final long WAIT_MILLIS = 1000;
  private static final List<EventLoopGroup> OWN_GROUPS = new CopyOnWriteArrayList<>();

  private ClientEventLoops() {
  }

  /** A group of hperf's own, given to HBase clients through NettyRpcClientConfigHelper. */
  public static void register(EventLoopGroup group) {
    OWN_GROUPS.add(group);
  }

  /** For a command-line JVM only: a library or a task JVM may still use the groups while it exits. */
  public static void shutDownAtExit() {
    ShutdownHookManager.get().addShutdownHook(() -> {
      List<EventLoopGroup> groups = new ArrayList<>(OWN_GROUPS);
      hbaseDefaultGroup().ifPresent(groups::add);
      shutDown(groups);
    }, LAST);
  }

  /** Shuts the groups down at once (no quiet period) and waits for their threads, up to a second. */
  static void shutDown(Collection<EventLoopGroup> groups) {
    List<Future<?>> terminations = new ArrayList<>();
    for (EventLoopGroup group : groups) {
      terminations.add(group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS));
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
    for (Future<?> termination : terminations) {
      long left = deadline - System.nanoTime();
      if (left <= 0 || !termination.awaitUninterruptibly(left, TimeUnit.NANOSECONDS)) {
        return; // the exit then waits its 300 ms, no longer
      }
    }
  }

  /**
   * The group HBase's clients share unless told otherwise, once a client has made it. HBase keeps
   * it in a private field ({@code NettyRpcClientConfigHelper.DEFAULT_EVENT_LOOP}, HBase 2.4 to 2.6):
   * read by reflection, and if a release renames it, empty (the exit is slower, nothing else).
   */
  static Optional<EventLoopGroup> hbaseDefaultGroup() {
    try {
      Field field = NettyRpcClientConfigHelper.class.getDeclaredField("DEFAULT_EVENT_LOOP");
      field.setAccessible(true);
      Object pair = field.get(null);
      if (pair instanceof Pair<?, ?> groupAndChannel && groupAndChannel.getFirst() instanceof EventLoopGroup group) {
        return Optional.of(group);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // fall through: no group to end
    }
    return Optional.empty();
  }
}
