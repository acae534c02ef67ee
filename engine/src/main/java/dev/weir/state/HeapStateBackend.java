package dev.weir.state;

/** Makes {@link HeapKeyedStateBackend}s. */
public final class HeapStateBackend implements StateBackend {
    /** The shared, stateless instance. */
    public static final HeapStateBackend INSTANCE = new HeapStateBackend();

    private HeapStateBackend() {
    }

    @Override
    public <K> KeyedStateBackend<K> createKeyedStateBackend(
            final String operatorName, final KeyGroupRange keyGroupRange, final int maxParallelism) {
        return new HeapKeyedStateBackend<>(keyGroupRange, maxParallelism);
    }
}
