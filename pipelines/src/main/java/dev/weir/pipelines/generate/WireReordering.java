package dev.weir.pipelines.generate;

import java.util.PriorityQueue;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Puts packets on the wire in the order of their capture times when some are delayed: a packet is held (its payload
 * copied) until no packet sent later can be captured before it, then handed to the sink; packets captured at the same
 * time keep their send order. It holds only the packets within the longest delay of the newest one. Not thread-safe.
 */
final class WireReordering {
    private final DatagramSink sink;
    private final int source;
    private final int sourcePort;
    private final int destination;
    private final int destinationPort;
    private final PriorityQueue<Held> held = new PriorityQueue<>();
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
    private long order;

    WireReordering(final DatagramSink sink, final int source, final int sourcePort, final int destination, final int destinationPort) {
        this.sink = sink;
        this.source = source;
        this.sourcePort = sourcePort;
        this.destination = destination;
        this.destinationPort = destinationPort;
    }

    /**
     * Takes the next packet in send order.
     *
     * @param sentNanos when it was sent; never earlier than the packet before
     * @param capturedNanos when it is captured, {@code sentNanos} or later
     */
    void packet(final long sentNanos, final long capturedNanos, final DirectBuffer payload, final int length) {
        release(sentNanos);
        if (capturedNanos == sentNanos && held.isEmpty()) {
            sink.datagram(capturedNanos, source, sourcePort, destination, destinationPort, payload, 0, length);
            return;
        }
        final byte[] copy = new byte[length];
        payload.getBytes(0, copy);
        held.add(new Held(capturedNanos, order++, copy));
    }

    /** Hands over every packet captured no later than {@code nanos}: no packet sent from then on can come before them. */
    private void release(final long nanos) {
        while (!held.isEmpty() && held.peek().capturedNanos <= nanos) {
            deliver(held.poll());
        }
    }

    /** Hands over every packet still held. */
    void flush() {
        while (!held.isEmpty()) {
            deliver(held.poll());
        }
    }

    private void deliver(final Held packet) {
        view.wrap(packet.payload);
        sink.datagram(packet.capturedNanos, source, sourcePort, destination, destinationPort, view, 0, packet.payload.length);
    }

    /** A delayed packet: its capture time, its place in send order and its payload. */
    private record Held(long capturedNanos, long order, byte[] payload) implements Comparable<Held> {
        @Override
        public int compareTo(final Held other) {
            final int byTime = Long.compare(capturedNanos, other.capturedNanos);
            return byTime != 0 ? byTime : Long.compare(order, other.order);
        }
    }
}
