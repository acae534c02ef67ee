package dev.weir.pipelines.telemetry;

import java.util.Objects;

/**
 * One metric of one host, the key of the per-metric telemetry pipelines: a {@link Host} and a metric name (the
 * StatsD name, decoded as UTF-8). Equal when host and name are equal, with a hash computed once from both, the
 * same in every JVM. The decoder makes one instance per distinct (host, name) pair ({@link SeriesTable}) and
 * reuses it for every line. Immutable and thread-safe.
 */
public final class Series {
    private final Host host;
    private final String name;
    private final int hash;

    /**
     * @param host the sending host
     * @param name the metric name
     */
    public Series(final Host host, final String name) {
        this.host = Objects.requireNonNull(host, "host");
        this.name = Objects.requireNonNull(name, "name");
        this.hash = 31 * host.hashCode() + name.hashCode();
    }

    /** @return the sending host */
    public Host host() {
        return host;
    }

    /** @return the metric name */
    public String name() {
        return name;
    }

    @Override
    public boolean equals(final Object other) {
        if (other == this) {
            return true;
        }
        if (!(other instanceof Series)) {
            return false;
        }
        final Series series = (Series) other;
        return series.hash == hash && series.name.equals(name) && series.host.equals(host);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return host + " " + name;
    }
}
