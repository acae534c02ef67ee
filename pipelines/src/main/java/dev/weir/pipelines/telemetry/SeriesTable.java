package dev.weir.pipelines.telemetry;

import dev.weir.codec.statsd.ByteSpan;
import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;

/**
 * Interns (host, metric name) pairs as {@link Series}: one instance per pair, made the first time the pair is
 * seen. A lookup hashes the host's hash and the name's bytes where they lie in the payload and compares them
 * with the bytes it keeps, so it allocates nothing once the pair is known. Hosts are compared by identity: they
 * come from one {@link HostTable}. An open-addressing table with linear probing that doubles at two-thirds load;
 * it keeps every series it has seen. Not thread-safe: one per decoder.
 */
final class SeriesTable {
    private static final int INITIAL_SLOTS = 256;

    private Series[] series = new Series[INITIAL_SLOTS];
    private byte[][] names = new byte[INITIAL_SLOTS][];
    private int[] hashes = new int[INITIAL_SLOTS];
    private int size;

    /**
     * @param host the sending host, from the decoder's {@link HostTable}
     * @param name the metric name in the payload
     * @return the series of that host and name
     */
    Series intern(final Host host, final ByteSpan name) {
        final DirectBuffer buffer = name.buffer();
        final int offset = name.offset();
        final int length = name.length();
        final int hash = spread(31 * host.hashCode() + name.contentHash());
        final int mask = series.length - 1;
        int slot = hash & mask;
        while (series[slot] != null) {
            if (hashes[slot] == hash && series[slot].host() == host && sameBytes(names[slot], buffer, offset, length)) {
                return series[slot];
            }
            slot = (slot + 1) & mask;
        }
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        final Series created = new Series(host, new String(bytes, StandardCharsets.UTF_8));
        put(slot, created, bytes, hash);
        if (++size * 3 > series.length * 2) {
            grow();
        }
        return created;
    }

    /** @return the number of distinct series seen */
    int size() {
        return size;
    }

    private void put(final int slot, final Series entry, final byte[] name, final int hash) {
        series[slot] = entry;
        names[slot] = name;
        hashes[slot] = hash;
    }

    private void grow() {
        final Series[] oldSeries = series;
        final byte[][] oldNames = names;
        final int[] oldHashes = hashes;
        final int slots = oldSeries.length * 2;
        series = new Series[slots];
        names = new byte[slots][];
        hashes = new int[slots];
        for (int i = 0; i < oldSeries.length; i++) {
            if (oldSeries[i] != null) {
                int slot = oldHashes[i] & (slots - 1);
                while (series[slot] != null) {
                    slot = (slot + 1) & (slots - 1);
                }
                put(slot, oldSeries[i], oldNames[i], oldHashes[i]);
            }
        }
    }

    private static boolean sameBytes(final byte[] known, final DirectBuffer buffer, final int offset, final int length) {
        if (known.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (known[i] != buffer.getByte(offset + i)) {
                return false;
            }
        }
        return true;
    }

    private static int spread(final int hash) {
        final int mixed = hash * 0x9E37_79B9;
        return mixed ^ (mixed >>> 16);
    }
}
