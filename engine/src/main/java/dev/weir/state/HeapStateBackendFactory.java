package dev.weir.state;

/**
 * The factory of {@link HeapStateBackend#INSTANCE}, {@code heap}: built into {@link StateBackends}, so that it is
 * there whatever the class path holds. Priority 0, without settings.
 */
final class HeapStateBackendFactory implements StateBackendFactory {
    /** The one instance. */
    static final HeapStateBackendFactory INSTANCE = new HeapStateBackendFactory();

    private HeapStateBackendFactory() {
    }

    @Override
    public String name() {
        return "heap";
    }

    @Override
    public StateBackend createBackend() {
        return HeapStateBackend.INSTANCE;
    }

    @Override
    public int priority() {
        return 0;
    }
}
