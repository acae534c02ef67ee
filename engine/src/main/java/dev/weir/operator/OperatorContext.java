package dev.weir.operator;

import dev.weir.clock.Clock;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyGroups;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.StateBackend;

/** Where an operator instance runs: its clock, its position among instances, its state backend. */
public final class OperatorContext {
    private final String operatorName;
    private final Clock clock;
    private final int instance;
    private final int parallelism;
    private final int maxParallelism;
    private final StateBackend stateBackend;

    /**
     * @param operatorName the operator's name, for state and diagnostics
     * @param clock processing time
     * @param instance this instance's index
     * @param parallelism the number of instances
     * @param maxParallelism the number of key groups
     * @param stateBackend makes keyed state
     */
    public OperatorContext(
            final String operatorName,
            final Clock clock,
            final int instance,
            final int parallelism,
            final int maxParallelism,
            final StateBackend stateBackend) {
        this.operatorName = operatorName;
        this.clock = clock;
        this.instance = instance;
        this.parallelism = parallelism;
        this.maxParallelism = maxParallelism;
        this.stateBackend = stateBackend;
    }

    /** @return the operator's name */
    public String operatorName() {
        return operatorName;
    }

    /** @return processing time */
    public Clock clock() {
        return clock;
    }

    /** @return this instance's index, from 0 */
    public int instance() {
        return instance;
    }

    /** @return the number of instances */
    public int parallelism() {
        return parallelism;
    }

    /** @return the number of key groups */
    public int maxParallelism() {
        return maxParallelism;
    }

    /** @return the key groups this instance owns */
    public KeyGroupRange keyGroupRange() {
        return KeyGroups.rangeFor(maxParallelism, parallelism, instance);
    }

    /**
     * @param <K> the key type
     * @return a new keyed-state backend for this instance's key groups
     */
    public <K> KeyedStateBackend<K> createKeyedStateBackend() {
        return stateBackend.createKeyedStateBackend(operatorName, instance, keyGroupRange(), maxParallelism);
    }
}
