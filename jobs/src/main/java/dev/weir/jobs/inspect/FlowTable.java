package dev.weir.jobs.inspect;

import dev.weir.codec.capture.AddressText;
import dev.weir.codec.capture.Datagram;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts UDP datagrams per flow (source address and port, destination address and port). At most
 * {@value #MAX_FLOWS} flows are told apart, which bounds the memory a capture with endless flows (a port scan, a
 * random source port per datagram) can take; datagrams of further flows are counted together as untracked. A flow
 * already known is found with one reused probe key: counting allocates nothing then. Not thread-safe.
 */
final class FlowTable {
    /** The most flows told apart. */
    static final int MAX_FLOWS = 100_000;

    private final Map<FlowKey, long[]> flows = new HashMap<>();
    private final FlowKey probe = new FlowKey();
    private long untrackedPackets;

    /** @param datagram a decoded datagram whose flow gets one more packet */
    void add(final Datagram datagram) {
        probe.set(datagram);
        long[] counts = flows.get(probe);
        if (counts == null) {
            if (flows.size() == MAX_FLOWS) {
                untrackedPackets++;
                return;
            }
            counts = new long[2];
            flows.put(probe.copy(), counts);
        }
        counts[0]++;
        counts[1] += datagram.payloadLength();
    }

    /** Adds every flow of another table to this one. */
    void addAll(final FlowTable other) {
        for (final Map.Entry<FlowKey, long[]> flow : other.flows.entrySet()) {
            final long[] counts = flows.get(flow.getKey());
            if (counts != null) {
                counts[0] += flow.getValue()[0];
                counts[1] += flow.getValue()[1];
            } else if (flows.size() < MAX_FLOWS) {
                flows.put(flow.getKey(), flow.getValue().clone());
            } else {
                untrackedPackets += flow.getValue()[0];
            }
        }
        untrackedPackets += other.untrackedPackets;
    }

    /** @return every flow, most packets first (ties by source, then destination, as text) */
    List<FlowCount> counts() {
        final List<FlowCount> counts = new ArrayList<>(flows.size());
        for (final Map.Entry<FlowKey, long[]> flow : flows.entrySet()) {
            counts.add(new FlowCount(flow.getKey().endpoint(true), flow.getKey().endpoint(false), flow.getValue()[0], flow.getValue()[1]));
        }
        counts.sort(Comparator.comparingLong(FlowCount::packets).reversed().thenComparing(FlowCount::source)
                .thenComparing(FlowCount::destination));
        return counts;
    }

    /** @return datagrams of flows beyond {@value #MAX_FLOWS} */
    long untrackedPackets() {
        return untrackedPackets;
    }

    /** Both addresses and ports of a datagram, copied out of the capture so that the key outlives it. */
    private static final class FlowKey {
        private final byte[] addresses = new byte[32];
        private int addressLength;
        private int sourcePort;
        private int destinationPort;
        private int hash;

        void set(final Datagram datagram) {
            addressLength = datagram.addressLength();
            datagram.buffer().getBytes(datagram.sourceAddressOffset(), addresses, 0, addressLength);
            datagram.buffer().getBytes(datagram.destinationAddressOffset(), addresses, addressLength, addressLength);
            sourcePort = datagram.sourcePort();
            destinationPort = datagram.destinationPort();
            int h = addressLength;
            for (int i = 0; i < 2 * addressLength; i++) {
                h = 31 * h + addresses[i];
            }
            hash = 31 * (31 * h + sourcePort) + destinationPort;
        }

        FlowKey copy() {
            final FlowKey copy = new FlowKey();
            System.arraycopy(addresses, 0, copy.addresses, 0, addresses.length);
            copy.addressLength = addressLength;
            copy.sourcePort = sourcePort;
            copy.destinationPort = destinationPort;
            copy.hash = hash;
            return copy;
        }

        String endpoint(final boolean source) {
            final int from = source ? 0 : addressLength;
            final String host = addressLength == 4 ? AddressText.ipv4((int) bits(from, 4))
                    : "[" + AddressText.ipv6(bits(from, 8), bits(from + 8, 8)) + "]";
            return host + ":" + (source ? sourcePort : destinationPort);
        }

        /** @return {@code count} address bytes from {@code from} on, in network order, as the low bits of a long */
        private long bits(final int from, final int count) {
            long bits = 0;
            for (int i = from; i < from + count; i++) {
                bits = bits << 8 | addresses[i] & 0xFF;
            }
            return bits;
        }

        @Override
        public boolean equals(final Object other) {
            if (!(other instanceof FlowKey)) {
                return false;
            }
            final FlowKey key = (FlowKey) other;
            return hash == key.hash && addressLength == key.addressLength && sourcePort == key.sourcePort
                    && destinationPort == key.destinationPort && Arrays.equals(addresses, 0, 2 * addressLength, key.addresses, 0, 2 * addressLength);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
