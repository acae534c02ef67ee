package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.testing.CountSum;
import dev.weir.testing.OperatorHarness;
import java.lang.management.ManagementFactory;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The hot path of a keyed tumbling or sliding aggregate allocates nothing per record once its
 * windows exist: window assignment hits the operator's window cache, state and timers are
 * updated in place (measured with the thread's allocated-bytes counter).
 */
@Tag("allocation")
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

    /**
     * Sliding windows of several shapes (ten, sixty-four and a hundred windows a record, a slide that does not
     * divide the size, offsets): once a slide's windows exist, every further record of that slide assigns and adds
     * to them without allocating; the results count every record once in each window that holds it.
     */
    @ParameterizedTest(name = "size {0}, slide {1}, offset {2}")
    @CsvSource({"10000, 1000, 0", "64000, 1000, 0", "100000, 1000, 0", "2500, 1000, 0", "10000, 1000, 300", "5000, 700, -200"})
    void aSlidingAggregateAllocatesNothingPerRecordOnceItsWindowsExist(final long size, final long slide, final long offset) {
        final OperatorHarness<Tick, CountSum> harness = new OperatorHarness<>(WindowOperatorBuilder
                .<Tick, String, TimeWindow>of(tick -> tick.symbol, SlidingEventTimeWindows.of(size, slide, offset))
                .aggregate(CountSum.<Tick>of(tick -> tick.price)));
        final Tick[] ticks = new Tick[10];
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = new Tick("SYM" + i, i);
        }
        // every timestamp within one slide, the same windows all along: the first pass creates them
        final long slideStart = 10 * size + offset;
        final int records = 50_000;
        for (int i = 0; i < records; i++) {
            harness.processElement(ticks[i % ticks.length], slideStart + i % slide);
        }
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        for (int i = 0; i < records; i++) {
            harness.processElement(ticks[i % ticks.length], slideStart + i % slide);
        }
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
        assertTrue(allocated < records, "allocated " + allocated + " bytes for " + records + " records");

        harness.processWatermark(Long.MAX_VALUE - 1);
        final Set<Long> windowStarts = new HashSet<>();
        long countedRecords = 0;
        for (int i = 0; i < records; i++) {
            final long timestamp = slideStart + i % slide;
            // the windows holding the timestamp start at offset + k * slide, in (timestamp - size, timestamp]
            for (long start = timestamp - Math.floorMod(timestamp - offset, slide); start > timestamp - size; start -= slide) {
                windowStarts.add(start);
                countedRecords += 2;
            }
        }
        assertEquals(ticks.length * windowStarts.size(), harness.records().size());
        assertEquals(countedRecords, harness.records().stream().mapToLong(result -> result.count).sum());
    }
}
