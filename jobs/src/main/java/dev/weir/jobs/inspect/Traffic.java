package dev.weir.jobs.inspect;

import dev.weir.codec.payload.MessageTally;
import java.util.List;

/**
 * What one capture, or all of them together, holds: packets and bytes, what the UDP decoding found and skipped,
 * the biggest UDP flows, the capture time range, and the messages decoded. Times are nanoseconds since the epoch
 * (UTC); without packets the range is empty ({@link #packets()} 0). Immutable.
 */
public final class Traffic {
    /** How many flows are listed; the rest are summed up. */
    public static final int FLOWS_LISTED = 20;

    private final long packets;
    private final long capturedBytes;
    private final long wireBytes;
    private final long datagrams;
    private final long decodedDatagrams;
    private final long fragments;
    private final long notUdp;
    private final long malformed;
    private final long unsupportedLink;
    private final long cutBySnapLength;
    private final long untimedPackets;
    private final List<FlowCount> flows;
    private final long otherFlows;
    private final long otherFlowPackets;
    private final long earliestNanos;
    private final long latestNanos;
    private final MessageTally messages;

    /**
     * @param counts packets, captured bytes, wire bytes, datagrams, decoded datagrams, fragments, not UDP, malformed,
     *     unsupported link, cut by the snap length and untimed packets, in this order
     */
    Traffic(final long[] counts, final List<FlowCount> allFlows, final long untrackedPackets, final long earliestNanos,
            final long latestNanos, final MessageTally messages) {
        this.packets = counts[0];
        this.capturedBytes = counts[1];
        this.wireBytes = counts[2];
        this.datagrams = counts[3];
        this.decodedDatagrams = counts[4];
        this.fragments = counts[5];
        this.notUdp = counts[6];
        this.malformed = counts[7];
        this.unsupportedLink = counts[8];
        this.cutBySnapLength = counts[9];
        this.untimedPackets = counts[10];
        this.flows = List.copyOf(allFlows.subList(0, Math.min(FLOWS_LISTED, allFlows.size())));
        long rest = untrackedPackets;
        for (final FlowCount flow : allFlows.subList(flows.size(), allFlows.size())) {
            rest += flow.packets();
        }
        this.otherFlows = allFlows.size() - flows.size();
        this.otherFlowPackets = rest;
        this.earliestNanos = earliestNanos;
        this.latestNanos = latestNanos;
        this.messages = messages;
    }

    /** @return packets read */
    public long packets() {
        return packets;
    }

    /** @return bytes of the packets as captured */
    public long capturedBytes() {
        return capturedBytes;
    }

    /** @return bytes of the packets on the wire (more than captured where the snapshot length cut them) */
    public long wireBytes() {
        return wireBytes;
    }

    /** @return whole UDP datagrams found (any port) */
    public long datagrams() {
        return datagrams;
    }

    /** @return datagrams whose payloads were decoded: those to {@code --port} if given, else all */
    public long decodedDatagrams() {
        return decodedDatagrams;
    }

    /** @return IP fragments skipped */
    public long fragments() {
        return fragments;
    }

    /** @return packets that are not IP, or IP but not UDP */
    public long notUdp() {
        return notUdp;
    }

    /** @return packets with an inconsistent or cut header (e.g. cut by the snapshot length) */
    public long malformed() {
        return malformed;
    }

    /** @return packets of a link type that cannot be decoded */
    public long unsupportedLink() {
        return unsupportedLink;
    }

    /** @return packets skipped because the capture's snapshot length cut their datagram (well-formed, not all captured) */
    public long cutBySnapLength() {
        return cutBySnapLength;
    }

    /** @return packets without a timestamp of their own (pcapng simple packet blocks), given a neighbour's */
    public long untimedPackets() {
        return untimedPackets;
    }

    /** @return the flows with the most datagrams, at most {@value #FLOWS_LISTED}, most first */
    public List<FlowCount> flows() {
        return flows;
    }

    /** @return how many flows are not listed */
    public long otherFlows() {
        return otherFlows;
    }

    /** @return the datagrams of the flows not listed */
    public long otherFlowPackets() {
        return otherFlowPackets;
    }

    /** @return the earliest capture time, ns since the epoch */
    public long earliestNanos() {
        return earliestNanos;
    }

    /** @return the latest capture time, ns since the epoch */
    public long latestNanos() {
        return latestNanos;
    }

    /** @return latest less earliest capture time, ns (0 without packets) */
    public long durationNanos() {
        return packets == 0 ? 0 : latestNanos - earliestNanos;
    }

    /**
     * @param count a number of things in the time range
     * @return that many per second of the range, or NaN when the range is empty
     */
    public double perSecond(final long count) {
        return durationNanos() <= 0 ? Double.NaN : count * 1e9 / durationNanos();
    }

    /** @return the messages decoded from the payloads */
    public MessageTally messages() {
        return messages;
    }
}
