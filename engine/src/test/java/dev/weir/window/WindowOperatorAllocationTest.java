package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.state.AggregateFunction;
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

    /** Count and sum in one mutable accumulator. */
    static final class CountSum {
        long count;
        long sum;
    }

    private static final AggregateFunction<Tick, CountSum, CountSum> COUNT_SUM = new AggregateFunction<>() {
        @Override
        public CountSum createAccumulator() {
            return new CountSum();
        }

        @Override
        public CountSum add(final Tick value, final CountSum accumulator) {
            accumulator.count++;
            accumulator.sum += value.price;
            return accumulator;
        }

        @Override
        public CountSum getResult(final CountSum accumulator) {
            return accumulator;
        }

        @Override
        public CountSum merge(final CountSum a, final CountSum b) {
            a.count += b.count;
            a.sum += b.sum;
            return a;
        }
    };

    @Test
    void aTumblingAggregateAllocatesNothingPerRecordOnceItsWindowsExist() {
        final OperatorHarness<Tick, CountSum> harness = new OperatorHarness<>(
                WindowOperatorBuilder.<Tick, String, TimeWindow>of(tick -> tick.symbol, TumblingEventTimeWindows.of(1000)).aggregate(COUNT_SUM));
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
