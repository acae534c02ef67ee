package dev.weir.offheap;

import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;

/**
 * A main that creates the off-heap backend, for tests that start it in a JVM with some flags
 * missing: {@code constructor} calls {@code new ChronicleStateBackend(...)}, {@code default}
 * goes through {@link StateBackends#defaultBackend()}. Prints {@code created} and exits 0, or
 * prints the {@link MissingJvmFlagsException}'s message and exits 3.
 */
final class BackendCreation {
    /** The exit code when the backend refused to start. */
    static final int REFUSED = 3;

    private BackendCreation() {
    }

    /** @param args {@code constructor} or {@code default} */
    public static void main(final String[] args) {
        try {
            final StateBackend backend = "default".equals(args[0])
                    ? StateBackends.defaultBackend()
                    : new ChronicleStateBackend(ChronicleStateConfig.defaults());
            System.out.println("created " + backend.getClass().getSimpleName());
        } catch (final MissingJvmFlagsException e) {
            System.out.println(e.getMessage());
            System.exit(REFUSED);
        }
    }
}
