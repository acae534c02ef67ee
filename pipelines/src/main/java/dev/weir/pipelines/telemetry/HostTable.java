package dev.weir.pipelines.telemetry;

import dev.weir.codec.capture.AddressText;
import dev.weir.codec.capture.Datagram;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * Interns the source addresses of datagrams as {@link Host}s: one instance per address, made (with its text,
 * {@link AddressText}) the first time the address is seen. A lookup reads the address in place, as one int
 * (IPv4) or two longs (IPv6), and allocates nothing once the address is known. An open-addressing table with
 * linear probing that doubles at two-thirds load; it keeps every host it has seen. Not thread-safe: one per
 * decoder.
 */
final class HostTable {
    private static final int INITIAL_SLOTS = 64;

    private Host[] hosts = new Host[INITIAL_SLOTS];
    private long[] highs = new long[INITIAL_SLOTS];
    private long[] lows = new long[INITIAL_SLOTS];
    private byte[] versions = new byte[INITIAL_SLOTS];
    private int size;

    /**
     * @param datagram a datagram
     * @return the host of its source address
     */
    Host sourceOf(final Datagram datagram) {
        final DirectBuffer buffer = datagram.buffer();
        final int offset = datagram.sourceAddressOffset();
        final int version = datagram.ipVersion();
        final long high;
        final long low;
        if (version == 4) {
            high = 0;
            low = datagram.sourceIpv4() & 0xFFFF_FFFFL;
        } else {
            high = buffer.getLong(offset, ByteOrder.BIG_ENDIAN);
            low = buffer.getLong(offset + Long.BYTES, ByteOrder.BIG_ENDIAN);
        }
        return intern(version, high, low);
    }

    /** @return the number of distinct hosts seen */
    int size() {
        return size;
    }

    private Host intern(final int version, final long high, final long low) {
        final int mask = hosts.length - 1;
        int slot = hash(version, high, low) & mask;
        while (hosts[slot] != null) {
            if (lows[slot] == low && highs[slot] == high && versions[slot] == version) {
                return hosts[slot];
            }
            slot = (slot + 1) & mask;
        }
        final Host host = new Host(version == 4 ? AddressText.ipv4((int) low) : AddressText.ipv6(high, low));
        put(slot, host, version, high, low);
        if (++size * 3 > hosts.length * 2) {
            grow();
        }
        return host;
    }

    private void put(final int slot, final Host host, final int version, final long high, final long low) {
        hosts[slot] = host;
        highs[slot] = high;
        lows[slot] = low;
        versions[slot] = (byte) version;
    }

    private void grow() {
        final Host[] oldHosts = hosts;
        final long[] oldHighs = highs;
        final long[] oldLows = lows;
        final byte[] oldVersions = versions;
        final int slots = oldHosts.length * 2;
        hosts = new Host[slots];
        highs = new long[slots];
        lows = new long[slots];
        versions = new byte[slots];
        for (int i = 0; i < oldHosts.length; i++) {
            if (oldHosts[i] != null) {
                int slot = hash(oldVersions[i], oldHighs[i], oldLows[i]) & (slots - 1);
                while (hosts[slot] != null) {
                    slot = (slot + 1) & (slots - 1);
                }
                put(slot, oldHosts[i], oldVersions[i], oldHighs[i], oldLows[i]);
            }
        }
    }

    private static int hash(final int version, final long high, final long low) {
        final long mixed = (high * 0x9E37_79B9_7F4A_7C15L + low) * 0xC2B2_AE3D_27D4_EB4FL + version;
        return (int) (mixed ^ (mixed >>> 32));
    }
}
