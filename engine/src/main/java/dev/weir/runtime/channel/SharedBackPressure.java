package dev.weir.runtime.channel;

/**
 * One listener over several back-pressured outputs of a producer (the branches of a fan-out):
 * it tells the producer's listener when the first output becomes back-pressured and when the
 * last one is relieved, as one output would. The producing thread only.
 */
public final class SharedBackPressure implements BackPressureListener {
    private final BackPressureListener listener;
    private int backPressured;

    /** @param listener the producer's listener */
    public SharedBackPressure(final BackPressureListener listener) {
        this.listener = listener;
    }

    @Override
    public void onBackPressure() {
        if (backPressured++ == 0) {
            listener.onBackPressure();
        }
    }

    @Override
    public void onBackPressureRelieved() {
        if (--backPressured == 0) {
            listener.onBackPressureRelieved();
        }
    }
}
