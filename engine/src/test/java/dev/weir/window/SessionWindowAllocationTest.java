package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.testing.CountSum;
import dev.weir.testing.OperatorHarness;
import dev.weir.window.WindowOperatorAllocationTest.Tick;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The per-record path of a keyed session aggregate on the heap backend: what a record that lands in or extends an
 * open session allocates, measured with the thread's allocated-bytes counter over many rounds of sessions that open,
 * grow and close. Opening and closing a session (its accumulator, its first window, its result) is left out of the
 * measurement: that is allocation per session, not per record.
 */
@Tag("allocation")
final class SessionWindowAllocationTest {
    private static final long GAP = 1000;
    private static final int KEYS = 100;
    /** Rounds run before measuring, so that the measured ones run compiled code. */
    private static final int WARM_UP_ROUNDS = 40;
    private static final int MEASURED_ROUNDS = 40;
    /** Bytes of one {@link TimeWindow} (object header and two longs) with compressed class pointers, or without. */
    private static final long WINDOW_BYTES = 32;

    private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final long threadId = Thread.currentThread().getId();
    private final Tick[] ticks = new Tick[KEYS];
    private final OperatorHarness<Tick, CountSum> harness = new OperatorHarness<>(WindowOperatorBuilder
            .<Tick, String, TimeWindow>of(tick -> tick.symbol, EventTimeSessionWindows.withGap(GAP))
            .aggregate(CountSum.<Tick>of(tick -> tick.price)));

    SessionWindowAllocationTest() {
        for (int i = 0; i < KEYS; i++) {
            ticks[i] = new Tick("SYM" + i, i + 1);
        }
    }

    /**
     * Every key's burst of records ten milliseconds apart: each record after the first extends the key's session by
     * ten milliseconds, so the session's window is replaced by its new cover, the one window such a record makes
     * (its own window is not made: the operator sees that it extends a session). Before, each record copied the
     * key's window set into maps and lists, some 1,300 bytes a record.
     */
    @Test
    void recordsThatExtendTheirSessionAllocateOnlyTheSessionsNewWindow() {
        final int burst = 20;
        long measured = 0;
        for (int round = 0; round < WARM_UP_ROUNDS + MEASURED_ROUNDS; round++) {
            final long base = round * 100_000L;
            for (int key = 0; key < KEYS; key++) {
                harness.processElement(ticks[key], base);
            }
            final long before = threads.getThreadAllocatedBytes(threadId);
            for (int j = 1; j < burst; j++) {
                for (int key = 0; key < KEYS; key++) {
                    harness.processElement(ticks[key], base + 10L * j);
                }
            }
            final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
            if (round >= WARM_UP_ROUNDS) {
                measured += allocated;
            }
            harness.processWatermark(base + 50_000);
            assertSessions(burst, round);
        }
        final long records = (long) MEASURED_ROUNDS * KEYS * (burst - 1);
        // one window a record, and less than a second one's worth for anything else
        assertTrue(measured < records * (WINDOW_BYTES + 8), "allocated " + measured + " bytes for " + records + " records");
    }

    /**
     * Records out of order inside their key's open session (the session {@code [base, base + 3000)} holds the window
     * {@code [t, t + 1000)} of every {@code t} in {@code [base, base + 2000]}): nothing changes but the aggregate, and
     * nothing is allocated.
     */
    @Test
    void recordsInsideTheirOpenSessionAllocateNothing() {
        final long[] opening = {0, 500, 1000, 1500, 2000};
        final int inside = 30;
        long measured = 0;
        for (int round = 0; round < WARM_UP_ROUNDS + MEASURED_ROUNDS; round++) {
            final long base = round * 100_000L;
            for (final long offset : opening) {
                for (int key = 0; key < KEYS; key++) {
                    harness.processElement(ticks[key], base + offset);
                }
            }
            final long before = threads.getThreadAllocatedBytes(threadId);
            for (int j = 0; j < inside; j++) {
                for (int key = 0; key < KEYS; key++) {
                    harness.processElement(ticks[key], base + (j * 67L + key) % 2001);
                }
            }
            final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
            if (round >= WARM_UP_ROUNDS) {
                measured += allocated;
            }
            harness.processWatermark(base + 50_000);
            assertSessions(opening.length + inside, round);
        }
        final long records = (long) MEASURED_ROUNDS * KEYS * inside;
        assertTrue(measured < records, "allocated " + measured + " bytes for " + records + " records");
    }

    /** One result per key for the round's session, counting all its records; state and timers are gone. */
    private void assertSessions(final int recordsPerSession, final int round) {
        assertEquals(KEYS, harness.records().size(), "results of round " + round);
        final long[] sums = new long[KEYS];
        for (int i = 0; i < KEYS; i++) {
            final CountSum result = harness.records().get(i);
            assertEquals(recordsPerSession, result.count, "count of a session in round " + round);
            sums[i] = result.sum;
        }
        Arrays.sort(sums);
        for (int key = 0; key < KEYS; key++) {
            assertEquals((long) recordsPerSession * (key + 1), sums[key], "sum of a session in round " + round);
        }
        final WindowOperator<?, ?, ?, ?> operator = (WindowOperator<?, ?, ?, ?>) harness.operator();
        assertEquals(0, operator.pendingTimers());
        assertEquals(0, operator.stateEntries());
        harness.clearOutput();
    }
}
