package dev.weir.pipelines.generate;

/**
 * What {@link StatsdTrafficGenerator} makes. Immutable; the constructor checks every value and names the one at
 * fault as {@code name: what is wrong}, the name being the option's in {@code weir generate statsd}.
 *
 * @param hosts sending hosts, 1 to 254: 10.0.0.1 and up, or 127.0.0.1 and up when the destination is loopback
 * @param messages metric lines in all, malformed ones included
 * @param rate lines per second on average, all hosts together
 * @param seed makes the traffic: the same options give the same bytes
 * @param malformed the fraction of lines that are malformed, 0 to 1
 * @param port the UDP destination port
 * @param destination the IPv4 destination address (an int, a.b.c.d is {@code a << 24 | ...})
 */
public record StatsdTrafficOptions(int hosts, long messages, long rate, long seed, double malformed, int port, int destination) {
    /** The default port, 8125. */
    public static final int DEFAULT_PORT = 8_125;
    /** The default destination, 127.0.0.1: an agent on the same machine. */
    public static final int DEFAULT_DESTINATION = 0x7F00_0001;
    /** The longest traffic, in seconds, so that it stays within the day it starts on. */
    static final long MAX_SECONDS = 45_000;

    /** Checks every value. */
    public StatsdTrafficOptions {
        if (hosts < 1 || hosts > 254) {
            throw new IllegalArgumentException("hosts: " + hosts + " is not within 1..254");
        }
        if (messages < 1) {
            throw new IllegalArgumentException("messages: " + messages + " is not positive");
        }
        if (rate < 1) {
            throw new IllegalArgumentException("rate: " + rate + " lines a second is not positive");
        }
        if (messages / rate > MAX_SECONDS) {
            throw new IllegalArgumentException("rate: " + messages + " lines at " + rate + " a second take more than " + MAX_SECONDS
                    + " s; raise the rate");
        }
        if (!(malformed >= 0 && malformed <= 1)) {
            throw new IllegalArgumentException("malformed: " + malformed + " is not a fraction within 0..1");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port: " + port + " is not within 0..65535");
        }
    }

    /**
     * @param hosts sending hosts
     * @param messages lines in all
     * @param rate lines a second
     * @return the defaults otherwise: seed 1, no malformed lines, to 127.0.0.1:8125
     */
    public static StatsdTrafficOptions of(final int hosts, final long messages, final long rate) {
        return new StatsdTrafficOptions(hosts, messages, rate, 1, 0, DEFAULT_PORT, DEFAULT_DESTINATION);
    }

    /** @return the first host's address; host {@code i} (from 0) has this plus {@code i} */
    int firstHost() {
        return destination >>> 24 == 127 ? 0x7F00_0001 : 0x0A00_0001;
    }
}
