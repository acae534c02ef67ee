package dev.weir.api;

import java.util.List;

/** {@link KilledJoinRecoveryCheck} on the heap backend: the service gets no backend option. */
final class KilledJoinRecoveryTest extends KilledJoinRecoveryCheck {
    @Override
    protected List<String> backendOptions() {
        return List.of();
    }
}
