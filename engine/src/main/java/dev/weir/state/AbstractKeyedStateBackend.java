package dev.weir.state;

/**
 * What every keyed-state backend does alike with its current key: holds it in a {@link CurrentKey},
 * which checks each key and restored entry against the key groups the instance owns, so the
 * backends reject keys alike. A backend adds only where its states live. Not thread-safe.
 *
 * @param <K> the key type
 */
public abstract class AbstractKeyedStateBackend<K> implements KeyedStateBackend<K> {
    private final CurrentKey<K> current;

    /**
     * @param keyGroupRange the key groups this instance owns
     * @param maxParallelism the number of key groups of the job
     */
    protected AbstractKeyedStateBackend(final KeyGroupRange keyGroupRange, final int maxParallelism) {
        this.current = new CurrentKey<>(keyGroupRange, maxParallelism);
    }

    @Override
    public final void setCurrentKey(final K key) {
        current.set(key);
    }

    @Override
    public final void setCurrentKey(final K key, final int keyGroup) {
        current.set(key, keyGroup);
    }

    @Override
    public final K currentKey() {
        return current.key();
    }

    @Override
    public final int currentKeyGroup() {
        return current.keyGroup();
    }

    @Override
    public final KeyGroupRange keyGroupRange() {
        return current.keyGroupRange();
    }

    @Override
    public final int maxParallelism() {
        return current.maxParallelism();
    }

    /**
     * @param keyGroup the key group of a restored entry
     * @throws IllegalArgumentException if it is outside the instance's range
     */
    protected final void checkRestored(final int keyGroup) {
        current.checkRestored(keyGroup);
    }
}
