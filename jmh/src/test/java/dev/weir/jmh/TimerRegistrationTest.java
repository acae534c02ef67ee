package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link TimerRegistration}: timers fire in time order, the queue keeps its size, duplicates are refused. */
class TimerRegistrationTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 3, 1000})
    void timersFireInOrderAcrossRoundsAndTheQueueKeepsItsSize(final int timers) {
        final TimerRegistration benchmark = queue(timers);
        for (int n = 0; n < 3 * timers; n++) {
            // key k's windows start at k, k + timers, k + 2 * timers: one timer a millisecond
            assertEquals(TimerRegistration.WINDOW - 1 + n, benchmark.registerAndFire());
            assertEquals(timers, benchmark.size());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 1000})
    void registeredTimersAreNotAddedAgain(final int timers) {
        final TimerRegistration benchmark = queue(timers);
        for (int n = 0; n < 2 * timers; n++) {
            assertFalse(benchmark.dedupProbe());
            assertFalse(benchmark.dedupLast());
        }
        assertEquals(timers, benchmark.size());
    }

    private static TimerRegistration queue(final int timers) {
        final TimerRegistration benchmark = new TimerRegistration();
        benchmark.timers = timers;
        benchmark.createQueue();
        assertEquals(timers, benchmark.size());
        return benchmark;
    }
}
