package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.testing.CountSum;
import dev.weir.testing.OperatorHarness;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The hot path of a keyed tumbling aggregate allocates nothing per record once its windows
 * exist: window assignment hits the operator's window cache, state and timers are updated in
 * place (measured with the thread's allocated-bytes counter).
 */
final class WindowOperatorAllocationTest {
    /** A trade-like record, pre-created so the test itself allocates nothing in the loop. */
    static final class Tick {
        final String symbol;
        final long price;

        Tick(final String symbol, final long price) {
            this.symbol = symbol;
            this.price = price;
        }
    }

    @Test
    void aTumblingAggregateAllocatesNothingPerRecordOnceItsWindowsExist() {
        final OperatorHarness<Tick, CountSum> harness = new OperatorHarness<>(
                WindowOperatorBuilder.<Tick, String, TimeWindow>of(tick -> tick.symbol, TumblingEventTimeWindows.of(1000)).aggregate(CountSum.<Tick>of(tick -> tick.price)));
        final Tick[] ticks = new Tick[100];
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = new Tick("SYM" + i, i);
        }
        final int records = 200_000;
        for (int i = 0; i < records; i++) {
            harness.processElement(ticks[i % ticks.length], i % 1000);
        }
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        for (int i = 0; i < records; i++) {
            harness.processElement(ticks[i % ticks.length], i % 1000);
        }
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
        assertTrue(allocated < records, "allocated " + allocated + " bytes for " + records + " records");

        harness.processWatermark(999);
        assertEquals(ticks.length, harness.records().size());
        assertEquals(2 * records / ticks.length, harness.records().get(0).count);
    }
}
