package dev.weir.flink.source;

/**
 * A mutable test event for the handoff: refilled in place by the sending thread, copied into the handoff's slots.
 * A plain class with a no-argument constructor, so Flink's Kryo copies it.
 */
public final class Tick {
    private int key;
    private long time;
    private long value;
    private long sequence;

    /** Refills this tick; returns it. */
    Tick refill(final int newKey, final long newTime, final long newValue, final long newSequence) {
        key = newKey;
        time = newTime;
        value = newValue;
        sequence = newSequence;
        return this;
    }

    /** Copies {@code from} into {@code to}, as a handoff slot is filled. */
    static void copy(final Tick from, final Tick to) {
        to.refill(from.key, from.time, from.value, from.sequence);
    }

    int key() {
        return key;
    }

    long time() {
        return time;
    }

    long value() {
        return value;
    }

    long sequence() {
        return sequence;
    }
}
