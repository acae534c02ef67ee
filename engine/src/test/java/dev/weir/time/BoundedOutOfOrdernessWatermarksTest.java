package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.clock.VirtualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1, bounded out-of-orderness and monotonous timestamps: the watermark is
 * {@code max - d - 1}, the initial maximum is {@code MIN + d + 1} so the first watermark is
 * exactly MIN without overflow, {@code onEvent} only updates state and duplicates are filtered
 * at the output, not by the generator.
 */
class BoundedOutOfOrdernessWatermarksTest {

    @Test
    void boundedOutOfOrdernessSubtractsTheBoundAndOne() {
        final BoundedOutOfOrdernessWatermarks<String> generator = new BoundedOutOfOrdernessWatermarks<>(2000);
        final RecordingOutput output = new RecordingOutput();

        generator.onEvent("a", 6000, output);
        generator.onPeriodicEmit(output);

        assertEquals(List.of("emit 3999"), output.events);
    }

    @Test
    void firstWatermarkIsExactlyMinAndNothingOverflows() {
        for (final long bound : new long[] {0, 1, 2000, Long.MAX_VALUE / 2, Long.MAX_VALUE - 1, Long.MAX_VALUE}) {
            final BoundedOutOfOrdernessWatermarks<String> generator = new BoundedOutOfOrdernessWatermarks<>(bound);
            final RecordingOutput output = new RecordingOutput();

            generator.onPeriodicEmit(output);
            // a record without timestamp (MIN) does not move the maximum below its initial value
            generator.onEvent("no timestamp", Long.MIN_VALUE, output);
            generator.onPeriodicEmit(output);

            assertEquals(List.of("emit MIN", "emit MIN"), output.events, "bound " + bound);
        }
    }

    @Test
    void aLargeBoundTrailsTheMaximumWithoutOverflow() {
        final BoundedOutOfOrdernessWatermarks<String> huge = new BoundedOutOfOrdernessWatermarks<>(Long.MAX_VALUE);
        final BoundedOutOfOrdernessWatermarks<String> half = new BoundedOutOfOrdernessWatermarks<>(Long.MAX_VALUE / 2);
        final RecordingOutput output = new RecordingOutput();

        huge.onEvent("a", 0, output);
        huge.onPeriodicEmit(output);
        huge.onEvent("b", Long.MAX_VALUE, output);
        huge.onPeriodicEmit(output);
        half.onEvent("c", 0, output);
        half.onPeriodicEmit(output);

        assertEquals(List.of(
                "emit MIN",                                   // 0 - MAX - 1
                "emit -1",                                    // MAX - MAX - 1
                "emit " + (-(Long.MAX_VALUE / 2) - 1)),       // 0 - MAX/2 - 1
                output.events);
    }

    @Test
    void monotonousTimestampsEmitTheMaximumMinusOne() {
        final WatermarkGenerator<String> generator =
                WatermarkStrategy.<String>forMonotonousTimestamps().createGenerator(new VirtualClock(0));
        final RecordingOutput output = new RecordingOutput();

        generator.onPeriodicEmit(output);
        generator.onEvent("a", 6000, output);
        generator.onPeriodicEmit(output);
        generator.onEvent("b", Long.MAX_VALUE, output);
        generator.onPeriodicEmit(output);

        assertEquals(List.of("emit MIN", "emit 5999", "emit " + (Long.MAX_VALUE - 1)), output.events);
    }

    @Test
    void onEventOnlyUpdatesStateAndThePeriodicEmissionEmitsTheLargestSeen() {
        final BoundedOutOfOrdernessWatermarks<String> generator = new BoundedOutOfOrdernessWatermarks<>(100);
        final RecordingOutput output = new RecordingOutput();

        generator.onEvent("a", 1000, output);
        generator.onEvent("b", 5000, output);
        generator.onEvent("c", 3000, output);
        assertEquals(List.of(), output.events);

        generator.onPeriodicEmit(output);
        assertEquals(List.of("emit 4899"), output.events);
    }

    @Test
    void theGeneratorRepeatsItsWatermarkAndTheOutputFiltersDuplicatesAndRegressions() {
        final BoundedOutOfOrdernessWatermarks<String> generator = new BoundedOutOfOrdernessWatermarks<>(100);
        final RecordingOutput raw = new RecordingOutput();
        final RecordingSink sink = new RecordingSink();
        final ChannelWatermarkOutput channel = new ChannelWatermarkOutput(sink);

        generator.onPeriodicEmit(raw);
        generator.onPeriodicEmit(channel);
        generator.onEvent("a", 5000, raw);
        for (int i = 0; i < 2; i++) {
            generator.onPeriodicEmit(raw);
            generator.onPeriodicEmit(channel);
        }
        generator.onEvent("late", 10, raw);
        generator.onPeriodicEmit(raw);
        generator.onPeriodicEmit(channel);

        assertEquals(List.of("emit MIN", "emit 4899", "emit 4899", "emit 4899"), raw.events);
        assertEquals(List.of("WM 4899"), sink.events);
    }

    @Test
    void aNegativeBoundIsRejected() {
        final IllegalArgumentException error =
                assertThrows(IllegalArgumentException.class, () -> new BoundedOutOfOrdernessWatermarks<String>(-1));
        assertEquals("maxOutOfOrderness must not be negative: -1", error.getMessage());
    }
}
