package dev.weir.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition that another thread makes true, by polling with a deadline (no sleeps). */
public final class Await {
    private Await() {
    }

    /**
     * @param what describes the condition, for the failure message
     * @param condition becomes true when the other thread got there
     * @param timeout how long to wait at most
     * @throws AssertionError if the condition is still false after the timeout
     */
    public static void until(final String what, final BooleanSupplier condition, final Duration timeout) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting until " + what);
            }
            Thread.yield();
        }
    }
}
