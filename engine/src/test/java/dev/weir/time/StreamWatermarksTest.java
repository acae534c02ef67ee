package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1 and §2, one source stream: records feed the generator, the periodic emission
 * emits through the filtering output, explicit watermarks go through the same output, and end of
 * input emits MAX (turning an idle stream active) and stops generation.
 */
class StreamWatermarksTest {
    private final RecordingSink sink = new RecordingSink();

    @Test
    void recordsOnlyUpdateTheGeneratorAndThePeriodicEmissionEmits() {
        final StreamWatermarks<String> stream =
                new StreamWatermarks<>(WatermarkStrategy.forBoundedOutOfOrderness(2000), new VirtualClock(0), sink);

        stream.periodicEmit();
        stream.onRecord("a", 6000);
        assertEquals(List.of(), sink.events);
        stream.periodicEmit();
        stream.onRecord("b", 4000);
        stream.periodicEmit();

        assertEquals(List.of("WM 3999"), sink.events);
        assertEquals(3999, stream.currentWatermark());
    }

    @Test
    void endOfInputEmitsMaxAndStopsTheGenerator() {
        final StreamWatermarks<String> stream =
                new StreamWatermarks<>(WatermarkStrategy.forMonotonousTimestamps(), new VirtualClock(0), sink);

        stream.onRecord("a", 1000);
        stream.periodicEmit();
        stream.end();
        stream.onRecord("b", 5000);
        stream.periodicEmit();
        stream.end();

        assertEquals(List.of("WM 999", "WM MAX"), sink.events);
        assertTrue(stream.isEnded());
        assertEquals(Long.MAX_VALUE, stream.currentWatermark());
    }

    @Test
    void endOfInputTurnsAnIdleStreamActive() {
        final StreamWatermarks<String> stream =
                new StreamWatermarks<>(WatermarkStrategy.forMonotonousTimestamps(), new VirtualClock(0), sink);

        stream.output().markIdle();
        assertFalse(stream.isEnded());
        stream.end();

        assertEquals(List.of("STATUS IDLE", "STATUS ACTIVE", "WM MAX"), sink.events);
    }

    @Test
    void explicitWatermarksGoThroughTheFilteringOutput() {
        final StreamWatermarks<String> stream =
                new StreamWatermarks<>(WatermarkStrategy.explicit(), new VirtualClock(0), sink);

        stream.onRecord("a", 500);
        stream.periodicEmit();
        stream.output().emitWatermark(100);
        stream.output().emitWatermark(100);
        stream.output().emitWatermark(50);
        stream.output().emitWatermark(200);

        assertEquals(List.of("WM 100", "WM 200"), sink.events);
        assertEquals(0, stream.intervalMillis());
    }

    @Test
    void timestampOfUsesTheStrategysAssigner() {
        final StreamWatermarks<String> stream = new StreamWatermarks<>(
                WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((e, t) -> Long.parseLong(e)),
                new VirtualClock(0), sink);

        assertEquals(1234, stream.timestampOf("1234", TimestampAssigner.NO_TIMESTAMP));
    }
}
