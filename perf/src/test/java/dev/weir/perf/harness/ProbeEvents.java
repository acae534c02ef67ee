package dev.weir.perf.harness;

/** The unit tests' event: its index and intended send time, one instance refilled in place. */
final class ProbeEvents implements EventFactory<ProbeEvents.Probe> {
    /** A refillable event. */
    static final class Probe {
        long index;
        long intendedNanos;
    }

    private final Probe probe = new Probe();

    @Override
    public Probe next(final long index, final long intendedNanos) {
        probe.index = index;
        probe.intendedNanos = intendedNanos;
        return probe;
    }
}
