package dev.weir.jobs.inspect;

/** The UDP datagrams of one flow, {@code source:port -> destination:port}. Immutable. */
public final class FlowCount {
    private final String source;
    private final String destination;
    private final long packets;
    private final long payloadBytes;

    FlowCount(final String source, final String destination, final long packets, final long payloadBytes) {
        this.source = source;
        this.destination = destination;
        this.packets = packets;
        this.payloadBytes = payloadBytes;
    }

    /** @return the source address and port, e.g. {@code 10.0.0.1:5000} or {@code [::1]:5000} */
    public String source() {
        return source;
    }

    /** @return the destination address and port */
    public String destination() {
        return destination;
    }

    /** @return the datagrams of the flow */
    public long packets() {
        return packets;
    }

    /** @return the UDP payload bytes of the flow */
    public long payloadBytes() {
        return payloadBytes;
    }

    @Override
    public String toString() {
        return source + " -> " + destination + " " + packets + " packets";
    }
}
