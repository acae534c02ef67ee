package dev.weir.codec.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Host addresses as text: dotted IPv4 and the canonical IPv6 form of RFC 5952. */
class AddressTextTest {
    @ParameterizedTest
    @CsvSource({"10.0.0.7, 10.0.0.7", "0.0.0.0, 0.0.0.0", "255.255.255.255, 255.255.255.255", "192.168.100.1, 192.168.100.1"})
    void ipv4IsDottedDecimal(final String literal, final String text) throws UnknownHostException {
        assertEquals(text, AddressText.ipv4(ByteBuffer.wrap(InetAddress.getByName(literal).getAddress()).getInt()));
    }

    @ParameterizedTest
    @CsvSource({
        "2001:0db8:0000:0000:0000:0000:0000:0001, 2001:db8::1",
        "0:0:0:0:0:0:0:1, ::1",
        "0:0:0:0:0:0:0:0, ::",
        "fe80:0:0:0:0:0:0:0, fe80::",
        "FE80:0:0:0:0:0:0:ABCD, fe80::abcd",
        "2001:db8:0:1:1:1:1:1, 2001:db8:0:1:1:1:1:1",
        "2001:0:0:1:0:0:0:1, 2001:0:0:1::1",
        "2001:db8:0:0:1:0:0:1, 2001:db8::1:0:0:1",
        "1:2:3:4:5:6:7:8, 1:2:3:4:5:6:7:8",
        "0:0:1:0:0:0:0:0, 0:0:1::"})
    void ipv6IsCanonicalText(final String literal, final String text) {
        final long[] halves = halves(literal);
        assertEquals(text, AddressText.ipv6(halves[0], halves[1]));
    }

    @ParameterizedTest
    @CsvSource({"0:0:0:0:0:ffff:a00:7, ::ffff:10.0.0.7", "0:0:0:0:0:ffff:c000:201, ::ffff:192.0.2.1"})
    void anIpv4MappedAddressEndsInDottedDecimal(final String groups, final String text) {
        final long[] halves = halves(groups);
        assertEquals(text, AddressText.ipv6(halves[0], halves[1]));
    }

    /** Reads eight hexadecimal groups (written out, no ::) into the address's two halves in network order. */
    private static long[] halves(final String groups) {
        final String[] parts = groups.split(":");
        final long[] halves = new long[2];
        for (int i = 0; i < 8; i++) {
            halves[i / 4] = halves[i / 4] << 16 | Long.parseLong(parts[i], 16);
        }
        return halves;
    }
}
