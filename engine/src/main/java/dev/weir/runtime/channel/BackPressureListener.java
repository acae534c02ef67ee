package dev.weir.runtime.channel;

/**
 * Learns when a producer's output becomes back-pressured (a write found a full ring and went to
 * the overflow) and when it is relieved (a drain emptied the overflow). A source uses it to stop
 * its idleness clock while it cannot emit, so time spent back-pressured does not count as idle
 * (docs/semantics.md §1). Called on the producer's thread, once when back-pressure starts and
 * once when it ends; never on the non-blocked path.
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

    /** A write found the ring full: the output holds events back until a drain has moved them. */
    void onBackPressure();

    /** A drain moved the last held-back event into the ring. */
    void onBackPressureRelieved();
}
