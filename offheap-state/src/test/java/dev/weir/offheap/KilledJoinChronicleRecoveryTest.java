package dev.weir.offheap;

import dev.weir.api.KilledJoinRecoveryCheck;
import java.util.List;

/**
 * {@link KilledJoinRecoveryCheck} on the Chronicle backend: the service's keyed state is in Chronicle maps
 * ({@link ChronicleStateBackendFactory}, from its defaults), and its child JVM gets this JVM's flags, which the
 * backend needs.
 */
final class KilledJoinChronicleRecoveryTest extends KilledJoinRecoveryCheck {
    @Override
    protected List<String> backendOptions() {
        return List.of("--backend-factory", ChronicleStateBackendFactory.class.getName());
    }
}
