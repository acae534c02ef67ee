package dev.weir.offheap;

import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.StateBackend;
import java.util.Objects;

/**
 * Makes {@link ChronicleKeyedStateBackend}s with one configuration. Creating one checks that the
 * JVM has the flags Chronicle Map needs, before any Chronicle class is touched. Thread-safe.
 */
public final class ChronicleStateBackend implements StateBackend {
    private final ChronicleStateConfig config;

    /**
     * @param config sizes, cache and directory of every instance's state
     * @throws MissingJvmFlagsException if this JVM lacks flags or modules Chronicle Map needs;
     *     the message names each one (docs/state.md, "When the flags are missing")
     */
    public ChronicleStateBackend(final ChronicleStateConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        RequiredJvmFlags.load().check();
    }

    /** @return the configuration */
    public ChronicleStateConfig config() {
        return config;
    }

    @Override
    public <K> KeyedStateBackend<K> createKeyedStateBackend(
            final String operatorName, final KeyGroupRange keyGroupRange, final int maxParallelism) {
        return createKeyedStateBackend(operatorName, 0, keyGroupRange, maxParallelism);
    }

    @Override
    public <K> KeyedStateBackend<K> createKeyedStateBackend(
            final String operatorName, final int instance, final KeyGroupRange keyGroupRange, final int maxParallelism) {
        return new ChronicleKeyedStateBackend<>(operatorName, instance, keyGroupRange, maxParallelism, config);
    }

    @Override
    public String toString() {
        return "ChronicleStateBackend[" + config + "]";
    }
}
