package dev.weir.pipelines.generate;

import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/** The Internet checksum (RFC 1071) of an IPv4 header. Stateless and thread-safe; allocates nothing. */
final class Ipv4Checksum {
    private Ipv4Checksum() {
    }

    /**
     * @param buffer holds the header, its checksum field either 0 (to compute it) or set (to verify it)
     * @param offset the header's first byte
     * @param length the header's length, even
     * @return the one's complement of the one's complement sum of the header's 16-bit words: the value for the
     *     checksum field if that field was 0, or 0 if it held a correct checksum
     */
    static int of(final DirectBuffer buffer, final int offset, final int length) {
        int sum = 0;
        for (int i = 0; i < length; i += 2) {
            sum += buffer.getShort(offset + i, ByteOrder.BIG_ENDIAN) & 0xFFFF;
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return ~sum & 0xFFFF;
    }
}
