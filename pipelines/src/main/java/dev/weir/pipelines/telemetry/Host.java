package dev.weir.pipelines.telemetry;

import java.util.Objects;

/**
 * A sending host of StatsD datagrams: the source address of its packets as text, {@code 10.0.0.7} or
 * {@code fe80::1} (see {@link HostTable} for the form). A key of the telemetry pipelines: equal when the texts
 * are equal, with a hash computed once from the text, the same in every JVM (so state and checkpoints keep it).
 * The decoder makes one instance per address and reuses it for every packet. Immutable and thread-safe.
 */
public final class Host {
    private final String address;
    private final int hash;

    /** @param address the source address as text */
    public Host(final String address) {
        this.address = Objects.requireNonNull(address, "address");
        this.hash = address.hashCode();
    }

    /** @return the address as text */
    public String address() {
        return address;
    }

    @Override
    public boolean equals(final Object other) {
        return other == this || other instanceof Host && ((Host) other).hash == hash && ((Host) other).address.equals(address);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return address;
    }
}
