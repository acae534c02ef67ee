package dev.weir.jobs.inspect;

import dev.weir.codec.payload.MessageTally;

import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.DatagramDecoder;

/** Adds up the packets of one capture, or of several; makes a {@link Traffic}. Not thread-safe. */
final class TrafficCounter {
    private final FlowTable flows = new FlowTable();
    private long packets;
    private long capturedBytes;
    private long wireBytes;
    private long datagrams;
    private long decodedDatagrams;
    private long fragments;
    private long notUdp;
    private long malformed;
    private long unsupportedLink;
    private long cutBySnapLength;
    private long untimedPackets;
    private long earliestNanos = Long.MAX_VALUE;
    private long latestNanos = Long.MIN_VALUE;

    /** Counts a packet read. */
    void packet(final CapturePacket packet) {
        packets++;
        capturedBytes += packet.capturedLength();
        wireBytes += packet.originalLength();
        earliestNanos = Math.min(earliestNanos, packet.timestampNanos());
        latestNanos = Math.max(latestNanos, packet.timestampNanos());
    }

    /** Counts a datagram whose payload is decoded. */
    void decoded() {
        decodedDatagrams++;
    }

    /** @return the flow table of this capture */
    FlowTable flows() {
        return flows;
    }

    /** Takes the decoder's counts at the end of the capture. */
    void datagrams(final DatagramDecoder decoder) {
        datagrams += decoder.datagrams();
        fragments += decoder.fragments();
        notUdp += decoder.notUdp();
        malformed += decoder.malformed();
        unsupportedLink += decoder.unsupportedLink();
        cutBySnapLength += decoder.cutBySnapLength();
    }

    /** @param count the capture's packets without a timestamp of their own, at its end */
    void untimed(final long count) {
        untimedPackets += count;
    }

    /** Adds another capture's counts. */
    void add(final TrafficCounter other) {
        packets += other.packets;
        capturedBytes += other.capturedBytes;
        wireBytes += other.wireBytes;
        datagrams += other.datagrams;
        decodedDatagrams += other.decodedDatagrams;
        fragments += other.fragments;
        notUdp += other.notUdp;
        malformed += other.malformed;
        unsupportedLink += other.unsupportedLink;
        cutBySnapLength += other.cutBySnapLength;
        untimedPackets += other.untimedPackets;
        flows.addAll(other.flows);
        earliestNanos = Math.min(earliestNanos, other.earliestNanos);
        latestNanos = Math.max(latestNanos, other.latestNanos);
    }

    /** @return the counts as they stand, with these messages */
    Traffic traffic(final MessageTally messages) {
        final boolean none = packets == 0;
        return new Traffic(new long[] {packets, capturedBytes, wireBytes, datagrams, decodedDatagrams, fragments, notUdp, malformed,
            unsupportedLink, cutBySnapLength, untimedPackets}, flows.counts(), flows.untrackedPackets(), none ? 0 : earliestNanos, none ? 0 : latestNanos, messages);
    }
}
