package dev.weir.state;

/** Makes the keyed-state backend of each keyed operator instance. */
@FunctionalInterface
public interface StateBackend {
    /**
     * @param operatorName the operator the state belongs to
     * @param keyGroupRange the key groups of the instance
     * @param maxParallelism the number of key groups
     * @param <K> the key type
     * @return a new backend
     */
    <K> KeyedStateBackend<K> createKeyedStateBackend(String operatorName, KeyGroupRange keyGroupRange, int maxParallelism);

    /**
     * Like {@link #createKeyedStateBackend(String, KeyGroupRange, int)}, naming the instance too
     * (backends that keep files per instance use it).
     *
     * @param operatorName the operator the state belongs to
     * @param instance the operator instance's index, from 0
     * @param keyGroupRange the key groups of the instance
     * @param maxParallelism the number of key groups
     * @param <K> the key type
     * @return a new backend
     */
    default <K> KeyedStateBackend<K> createKeyedStateBackend(
            final String operatorName, final int instance, final KeyGroupRange keyGroupRange, final int maxParallelism) {
        return createKeyedStateBackend(operatorName, keyGroupRange, maxParallelism);
    }
}
