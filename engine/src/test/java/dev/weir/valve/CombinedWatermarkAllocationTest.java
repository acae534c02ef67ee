package dev.weir.valve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.event.WatermarkStatus;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The code rules of docs/architecture.md (primitives on hot paths, zero garbage per operation) for the
 * docs/semantics.md §7 combination of two inputs: after warm-up, watermarks and statuses allocate
 * less than one byte per operation on average.
 */
@Tag("allocation")
class CombinedWatermarkAllocationTest {
    private static final int OPERATIONS = 100_000;
    private static final long SLACK_BYTES = 4096;

    @Test
    void watermarksAndStatusesAllocateNothingAfterWarmUp() {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        final CombinedWatermark combined = new CombinedWatermark();
        threads.getThreadAllocatedBytes(thread);

        long advanced = drive(combined, 0, 200_000);
        final long before = threads.getThreadAllocatedBytes(thread);
        advanced = drive(combined, 200_000, OPERATIONS);
        final long allocated = threads.getThreadAllocatedBytes(thread) - before;

        assertTrue(allocated < OPERATIONS + SLACK_BYTES, allocated + " bytes for " + OPERATIONS + " operations");
        assertEquals(OPERATIONS, advanced, "every step raised the minimum by one");
        assertEquals(200_000 + OPERATIONS - 2, combined.combinedWatermark());
    }

    /**
     * Alternates the inputs, each watermark one higher than the last, so each step raises the minimum by one; every tenth
     * step input 1 idles (which raises it instead) and returns before its watermark.
     */
    private static long drive(final CombinedWatermark combined, final long from, final int operations) {
        long advanced = 0;
        for (long watermark = from; watermark < from + operations; watermark++) {
            final int input = (int) (watermark % 2) + 1;
            if (watermark % 10 == 0) {
                if (CombinedWatermark.watermarkAdvanced(combined.inputStatus(input, WatermarkStatus.IDLE))) {
                    advanced++;
                }
                combined.inputStatus(input, WatermarkStatus.ACTIVE);
            }
            if (CombinedWatermark.watermarkAdvanced(combined.inputWatermark(input, watermark))) {
                advanced++;
            }
        }
        return advanced;
    }
}
