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
}
