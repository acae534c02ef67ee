package dev.weir.pipelines.generate;

/**
 * What {@link ItchTrafficGenerator} makes. Immutable; the constructor checks every value and names the one at fault
 * as {@code name: what is wrong}, the name being the option's in {@code weir generate itch}.
 *
 * @param symbols stocks listed, 1 to {@value ListedStocks#MAX}
 * @param messages ITCH messages in all, system events and stock directory included: at least {@code symbols + 6}
 * @param rate messages per second of ITCH time, on average; the day must end before midnight
 * @param disorderMillis 0 for packets captured in send order; else the most milliseconds by which a packet's capture
 *     may be delayed (one packet in twenty is, by a uniform amount), so that later packets overtake it on the wire
 * @param seed makes the traffic: the same options give the same bytes
 * @param gaps packets with messages to leave out, none of them next to another, so that receivers see exactly this
 *     many sequence gaps
 * @param port the UDP destination port
 * @param destination the IPv4 destination address (an int, a.b.c.d is {@code a << 24 | ...}); a loopback one makes
 *     the source 127.0.0.1, any other 10.0.0.1
 */
public record ItchTrafficOptions(int symbols, long messages, long rate, long disorderMillis, long seed, int gaps, int port,
        int destination) {
    /** The default port, 26,400. */
    public static final int DEFAULT_PORT = 26_400;
    /** The default destination, the multicast group 233.54.12.111. */
    public static final int DEFAULT_DESTINATION = 233 << 24 | 54 << 16 | 12 << 8 | 111;
    /** The longest day, in seconds of ITCH time from the 09:30 start, so that it ends well before midnight. */
    static final long MAX_SECONDS = 45_000;

    /** Checks every value. */
    public ItchTrafficOptions {
        if (symbols < 1 || symbols > ListedStocks.MAX) {
            throw new IllegalArgumentException("symbols: " + symbols + " is not within 1.." + ListedStocks.MAX);
        }
        if (messages < symbols + 6L) {
            throw new IllegalArgumentException("messages: " + messages + " is too few for " + symbols + " symbols (at least "
                    + (symbols + 6) + ": the system events and one stock directory message per symbol)");
        }
        if (rate < 1) {
            throw new IllegalArgumentException("rate: " + rate + " messages a second is not positive");
        }
        if (messages / rate > MAX_SECONDS) {
            throw new IllegalArgumentException("rate: " + messages + " messages at " + rate + " a second take more than "
                    + MAX_SECONDS + " s and would run past midnight; raise the rate");
        }
        if (disorderMillis < 0 || disorderMillis > 60_000) {
            throw new IllegalArgumentException("disorder: " + disorderMillis + " ms is not within 0..60000");
        }
        if (gaps < 0) {
            throw new IllegalArgumentException("gaps: " + gaps + " is negative");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port: " + port + " is not within 0..65535");
        }
    }

    /**
     * @param symbols stocks listed
     * @param messages messages in all
     * @return the defaults otherwise: 10,000 messages a second, in order, seed 1, no gaps, to 233.54.12.111:26400
     */
    public static ItchTrafficOptions of(final int symbols, final long messages) {
        return new ItchTrafficOptions(symbols, messages, 10_000, 0, 1, 0, DEFAULT_PORT, DEFAULT_DESTINATION);
    }
}
