package dev.weir.pipelines.inspect;

import dev.weir.pipelines.capture.CapturePacket;
import dev.weir.pipelines.capture.DatagramDecoder;

/** Adds up the packets of one capture, or of several; makes a {@link Traffic}. Not thread-safe. */
final class TrafficCounter {
    private final long[] counts = new long[9];
    private final FlowTable flows = new FlowTable();
    private long earliestNanos = Long.MAX_VALUE;
    private long latestNanos = Long.MIN_VALUE;

    /** Counts a packet read. */
    void packet(final CapturePacket packet) {
        counts[0]++;
        counts[1] += packet.capturedLength();
        counts[2] += packet.originalLength();
        earliestNanos = Math.min(earliestNanos, packet.timestampNanos());
        latestNanos = Math.max(latestNanos, packet.timestampNanos());
    }

    /** Counts a datagram whose payload is decoded. */
    void decoded() {
        counts[4]++;
    }

    /** @return the flow table of this capture */
    FlowTable flows() {
        return flows;
    }

    /** Takes the decoder's counts at the end of the capture. */
    void datagrams(final DatagramDecoder decoder) {
        counts[3] += decoder.datagrams();
        counts[5] += decoder.fragments();
        counts[6] += decoder.notUdp();
        counts[7] += decoder.malformed();
        counts[8] += decoder.unsupportedLink();
    }

    /** Adds another capture's counts. */
    void add(final TrafficCounter other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        flows.addAll(other.flows);
        earliestNanos = Math.min(earliestNanos, other.earliestNanos);
        latestNanos = Math.max(latestNanos, other.latestNanos);
    }

    /** @return the counts as they stand, with these messages */
    Traffic traffic(final MessageTally messages) {
        final boolean none = counts[0] == 0;
        return new Traffic(counts.clone(), flows.counts(), flows.untrackedPackets(), none ? 0 : earliestNanos, none ? 0 : latestNanos, messages);
    }
}
