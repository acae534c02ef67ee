package dev.weir.offheap;

import dev.weir.state.StateBackend;
import dev.weir.state.StateBackendFactory;

/**
 * Makes the off-heap backend the default of pipelines when this module is on the class path
 * (registered in {@code META-INF/services}); configured from system properties
 * ({@link ChronicleStateConfig#fromSystemProperties()}).
 */
public final class ChronicleStateBackendFactory implements StateBackendFactory {
    @Override
    public StateBackend createBackend() {
        return new ChronicleStateBackend(ChronicleStateConfig.fromSystemProperties());
    }

    @Override
    public int priority() {
        return 10;
    }
}
