package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.TwoInputOperator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/semantics.md §2: two-input operators take the minimum of both inputs' combined watermarks. */
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
}
