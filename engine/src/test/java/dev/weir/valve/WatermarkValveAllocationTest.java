package dev.weir.valve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The code rules of docs/architecture.md (primitives on hot paths, zero garbage per operation) for the docs/semantics.md §2 valve:
 * after warm-up, taking watermarks allocates less than one byte per operation on average.
 */
@Tag("allocation")
class WatermarkValveAllocationTest {
    private static final int CHANNELS = 8;
    private static final int OPERATIONS = 100_000;
    private static final long SLACK_BYTES = 4096;

    @Test
    void inputWatermarkAllocatesNothingAfterWarmUp() {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        final CountingSink sink = new CountingSink();
        final WatermarkValve valve = new WatermarkValve(CHANNELS, sink);
        threads.getThreadAllocatedBytes(thread);

        long watermark = drive(valve, 0, 200_000);
        final long before = threads.getThreadAllocatedBytes(thread);
        watermark = drive(valve, watermark, OPERATIONS);
        final long allocated = threads.getThreadAllocatedBytes(thread) - before;

        assertTrue(allocated < OPERATIONS + SLACK_BYTES, allocated + " bytes for " + OPERATIONS + " watermarks");
        assertEquals(watermark - (CHANNELS - 1), valve.lastOutputWatermark()); // channels hold the last 8 values
        assertTrue(sink.watermarks > OPERATIONS, "the valve kept emitting");
    }

    /** Round-robin over the channels, each watermark one higher than the last: the minimum rises every step. */
    private static long drive(final WatermarkValve valve, final long from, final int operations) {
        long watermark = from;
        for (int i = 0; i < operations; i++) {
            watermark++;
            valve.inputWatermark(watermark, (int) (watermark % CHANNELS));
        }
        return watermark;
    }

    private static final class CountingSink implements WatermarkSink {
        long watermarks;

        @Override
        public void watermark(final long watermark) {
            watermarks++;
        }

        @Override
        public void status(final WatermarkStatus status) {
            watermarks = -1;
        }
    }
}
