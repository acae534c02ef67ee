package dev.weir.codec.capture;

/**
 * Writes IP addresses as text the way people and tools print them: IPv4 in dotted decimal ({@code 10.0.0.7}),
 * IPv6 in the canonical form of RFC 5952 (lower-case hexadecimal groups without leading zeros, the longest run of
 * two or more zero groups, the first of equal runs, written {@code ::}), with an IPv4-mapped address as
 * {@code ::ffff:10.0.0.7}. The one way the replay's hosts and the inspection's flows name an address. Stateless and
 * thread-safe; allocates the text it returns.
 */
public final class AddressText {
    private static final int GROUPS = 8;

    private AddressText() {
    }

    /**
     * @param address the address as an int, a.b.c.d as {@code a << 24 | b << 16 | c << 8 | d}
     * @return the dotted decimal text
     */
    public static String ipv4(final int address) {
        return appendIpv4(new StringBuilder(15), address).toString();
    }

    /**
     * @param high the address's first eight bytes, in network order
     * @param low its last eight bytes, in network order
     * @return the RFC 5952 text
     */
    public static String ipv6(final long high, final long low) {
        final StringBuilder text = new StringBuilder(39);
        if (high == 0 && (low >>> 32) == 0xFFFFL) {
            return appendIpv4(text.append("::ffff:"), (int) low).toString();
        }
        final int[] groups = new int[GROUPS];
        for (int i = 0; i < 4; i++) {
            groups[i] = (int) (high >>> (48 - 16 * i)) & 0xFFFF;
            groups[i + 4] = (int) (low >>> (48 - 16 * i)) & 0xFFFF;
        }
        int bestStart = -1;
        int bestLength = 1; // a single zero group is written as 0, not ::
        for (int i = 0; i < GROUPS; ) {
            if (groups[i] != 0) {
                i++;
                continue;
            }
            int end = i;
            while (end < GROUPS && groups[end] == 0) {
                end++;
            }
            if (end - i > bestLength) {
                bestStart = i;
                bestLength = end - i;
            }
            i = end;
        }
        for (int i = 0; i < GROUPS; i++) {
            if (i == bestStart) {
                text.append("::");
                i += bestLength - 1;
                continue;
            }
            if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(groups[i]));
        }
        return text.toString();
    }

    private static StringBuilder appendIpv4(final StringBuilder text, final int address) {
        return text.append((address >>> 24) & 0xFF).append('.').append((address >>> 16) & 0xFF).append('.')
                .append((address >>> 8) & 0xFF).append('.').append(address & 0xFF);
    }
}
