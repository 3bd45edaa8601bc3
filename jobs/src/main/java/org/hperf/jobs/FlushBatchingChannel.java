package org.hperf.jobs;

import org.apache.hbase.thirdparty.io.netty.channel.socket.nio.NioSocketChannel;
import org.apache.hbase.thirdparty.io.netty.handler.flush.FlushConsolidationHandler;

/**
 * The async client's RPC channel: HBase's default NIO socket channel whose flushes made while it is
 * reading are held until the read ends, so that the requests issued from one read's completions
 * leave in one write to the socket instead of one each.
 *
 * <p>Why it pays: the async client issues each lane's next operation from its predecessor's
 * completion, on the event loop thread, while that thread is still decoding the responses of the
 * same read. HBase writes and flushes every call, so each became a write system call of its own,
 * and on a loopback or LAN socket that call also runs the receiver's TCP path and wakes the server:
 * about half of the client's kernel time. Held to the end of the read, the several requests a read
 * completes go out together (netty's {@link FlushConsolidationHandler}: a flush made outside a read
 * goes out at once, so nothing issued from another thread waits).
 *
 * <p>The handler is added when the channel is made, before HBase's bootstrap adds its own; HBase
 * then adds its frame decoder and call handler behind it (next to its placeholder handler), so the
 * handler sees every read and every flush. A channel class, not a pipeline hook, because the
 * channel class is what HBase lets a client choose ({@code NettyRpcClientConfigHelper}).
 */
public final class FlushBatchingChannel extends NioSocketChannel {
  /** Made by netty's reflective channel factory, once per connection. */
  public FlushBatchingChannel() {
    pipeline().addFirst("hperf-flush-batching",
        new FlushConsolidationHandler(FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, false));
  }
}
