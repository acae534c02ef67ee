package dev.weir.runtime;

/**
 * Learns when a channel's producer starts and stops waiting for room in a full ring
 * (back-pressure). A source uses it to stop its idleness clock while it cannot emit, so time
 * spent back-pressured does not count as idle (docs/semantics.md §1). Called on the producer's
 * thread, once when the wait starts and once when it ends; never on the non-blocked path.
 */
public interface BackPressureListener {
    /** Listens to nothing. */
    BackPressureListener NONE = new BackPressureListener() {
        @Override
        public void onBackPressure() {
        }

        @Override
        public void onBackPressureRelieved() {
        }
    };

    /** The producer found the ring full and waits. */
    void onBackPressure();

    /** The producer claimed a slot again after waiting. */
    void onBackPressureRelieved();
}
