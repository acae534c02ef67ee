package dev.weir.runtime.task;

import static dev.weir.event.WatermarkStatus.ACTIVE;
import static dev.weir.event.WatermarkStatus.IDLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.TwoInputOperator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7, at the operator: one valve per input, then the combination of both valve
 * outputs (Flink's processWatermark1/2 and processWatermarkStatus1/2). Watermarks and statuses are
 * pushed on inputs 1 and 2 by hand; each test asserts the exact sequence the operator sees.
 */
final class TwoInputOperatorInputTest {
    private final List<String> seen = new ArrayList<>();

    private final TwoInputOperator<String, String, String> operator = new TwoInputOperator<>() {
        @Override
        public void open(final OperatorContext context, final Output<String> output) {
        }

        @Override
        public void processRecord1(final String value, final long timestamp) {
        }

        @Override
        public void processRecord2(final String value, final long timestamp) {
        }

        @Override
        public void processWatermark(final long watermark) {
            seen.add("WM " + Watermarks.format(watermark));
        }

        @Override
        public void processStatus(final WatermarkStatus status) {
            seen.add("STATUS " + status);
        }

        @Override
        public void advanceProcessingTime(final long nowMillis) {
        }

        @Override
        public long nextProcessingTime() {
            return Long.MAX_VALUE;
        }
    };

    @Test
    void twoInputOperatorsTakeTheMinimumOfBothInputsCombinedWatermarks() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 2, 1);
        input.watermark(1, 0, 1000);
        input.watermark(1, 1, 3000);
        input.watermark(2, 0, 5000);
        // input 1 combines to 1000 (its valve's minimum), input 2 to 5000
        assertEquals(List.of("WM 1000"), seen);
        input.watermark(1, 0, 4000);
        assertEquals(List.of("WM 1000", "WM 3000"), seen);
        input.watermark(1, 1, 6000);
        assertEquals(List.of("WM 1000", "WM 3000", "WM 4000"), seen);
    }

    @Test
    void anIdleInputLeavesTheMinimumAndBothIdleMakeTheOperatorIdle() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 1, 1);
        input.watermark(1, 0, 1000);
        input.watermark(2, 0, 200);
        input.status(2, 0, WatermarkStatus.IDLE);
        input.status(1, 0, WatermarkStatus.IDLE);
        input.status(1, 0, WatermarkStatus.ACTIVE);
        assertEquals(List.of("WM 200", "WM 1000", "STATUS IDLE", "STATUS ACTIVE"), seen);
    }

    @Test
    void theOperatorsWatermarkIsTheMinimumOverTheInputsThatAreNotIdle() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 1, 1);
        input.watermark(1, 0, 1000);
        input.watermark(2, 0, 700);
        input.watermark(2, 0, 1500);
        input.status(1, 0, IDLE); // input 2 alone counts
        input.watermark(2, 0, 1800);
        assertEquals(List.of("WM 700", "WM 1000", "WM 1500", "WM 1800"), seen);
    }

    @Test
    void theOperatorsWatermarkNeverGoesBackwards() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 1, 1);
        input.watermark(1, 0, 5000);
        input.watermark(2, 0, 3000);
        input.status(2, 0, IDLE);
        input.status(2, 0, ACTIVE); // back at 3000, below the 5000 emitted: nothing
        input.watermark(2, 0, 4000);
        assertEquals(List.of("WM 3000", "WM 5000"), seen);
        assertEquals(5000, input.combinedWatermark().combinedWatermark());
    }

    @Test
    void theOperatorIsIdleOnlyWhenBothInputsAreIdleAndAStatusIsForwardedOnlyWhenThatChanges() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 2, 1);
        input.status(1, 0, IDLE);
        input.status(1, 1, IDLE); // input 1 is idle, input 2 is not: the operator is not
        assertEquals(List.of(), seen);
        input.status(2, 0, IDLE);
        assertEquals(List.of("STATUS IDLE"), seen);
        input.status(2, 0, IDLE);
        input.status(1, 0, ACTIVE);
        input.status(2, 0, ACTIVE); // already active: nothing more
        input.status(1, 1, ACTIVE);
        assertEquals(List.of("STATUS IDLE", "STATUS ACTIVE"), seen);
    }

    @Test
    void anInputThatNeverSentAWatermarkHoldsTheOperatorAtMinAndIsNamed() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 1, 2);
        // input 2, a reference-data side, gets its records but no watermarks on channel 1
        input.watermark(2, 0, 20_000);
        for (long watermark = 1000; watermark <= 30_000; watermark += 1000) {
            input.watermark(1, 0, watermark);
        }
        assertEquals(List.of(), seen);
        assertEquals(2, input.combinedWatermark().minimumInput());
        assertEquals("input 2 has never sent a watermark (its channel 1 is at MIN) and holds the two-input operator's watermark"
                + " at MIN while input 1 reached 30000: event-time timers and windows cannot fire. Give input 2 watermarks, end it"
                + " (its end sends MAX), or enable idleness on it so that it is marked IDLE.", input.stalledInput());
        // idleness on that channel releases input 2 (its valve flushes 20000), and so the operator
        input.status(2, 1, IDLE);
        assertEquals(List.of("WM 20000"), seen);
        assertNull(input.stalledInput());
    }

    @Test
    void anInputThatEndedSentMaxAndNoLongerHoldsTheMinimumBack() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 1, 1);
        input.watermark(1, 0, 400);
        input.watermark(2, 0, Long.MAX_VALUE);
        input.watermark(1, 0, 800);
        input.watermark(1, 0, Long.MAX_VALUE);
        assertEquals(List.of("WM 400", "WM 800", "WM MAX"), seen);
    }

    @Test
    void anInputTurningActiveRejoinsAtOnceWithItsOldWatermarkWithoutAlignment() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 1, 1);
        input.watermark(1, 0, 5000);
        input.watermark(2, 0, 3000);
        input.status(2, 0, IDLE);
        input.watermark(1, 0, 7000);
        input.status(2, 0, ACTIVE); // input 2 rejoins at 3000: it holds the operator at 7000 until it passes it
        input.watermark(1, 0, 9000);
        input.watermark(2, 0, 6000);
        input.watermark(2, 0, 8000);
        assertEquals(List.of("WM 3000", "WM 5000", "WM 7000", "WM 8000"), seen);
    }

    @Test
    void whenBothInputsGoIdleTheOperatorGoesIdleWithoutAHigherWatermark() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 1, 1);
        input.watermark(1, 0, 9000);
        input.watermark(2, 0, 2000);
        input.status(1, 0, IDLE);
        input.status(2, 0, IDLE); // a valve over two channels would flush 9000 first
        assertEquals(List.of("WM 2000", "STATUS IDLE"), seen);
    }

    @Test
    void bothIdleThenOneActiveWithAHigherWatermarkGivesThatWatermarkThenActive() {
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 1, 1);
        input.watermark(1, 0, 9000);
        input.watermark(2, 0, 2000);
        input.status(1, 0, IDLE);
        input.status(2, 0, IDLE);
        input.status(1, 0, ACTIVE);
        input.status(2, 0, ACTIVE); // input 2 is back at 2000, below 9000
        input.watermark(2, 0, 9500); // min(9000, 9500): nothing new
        input.watermark(1, 0, 9600);
        assertEquals(List.of("WM 2000", "STATUS IDLE", "WM 9000", "STATUS ACTIVE", "WM 9500"), seen);
    }
}
