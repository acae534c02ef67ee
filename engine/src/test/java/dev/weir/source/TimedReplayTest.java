package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.Clock;
import dev.weir.clock.VirtualClock;
import dev.weir.event.Watermarks;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reader that knows when its next record comes ({@link SourceReader#nextAvailableMillis()}, a
 * replay of records at the processing times they were captured) drives the deterministic
 * scheduler's clock: each record is read at its own time, periodic watermarks run between them,
 * and an hour without records costs a handful of steps, not one per emission. A source task reads
 * before it runs its periodic emission, so the emission due at 3,600,000 already sees the record
 * captured at that instant.
 */
final class TimedReplayTest {
    /** A record and the processing time it was captured at. */
    record Captured(String key, long atMillis) {
    }

    /** Emits each record once the clock reached its capture time; says when the next one comes. */
    static final class CapturedReader implements SourceReader<Captured> {
        private final List<Captured> records;
        private final Clock clock;
        private int next;

        CapturedReader(final List<Captured> records, final Clock clock) {
            this.records = records;
            this.clock = clock;
        }

        @Override
        public ReadStatus read(final SourceOutput<Captured> output) {
            final int before = next;
            while (next < records.size() && records.get(next).atMillis() <= clock.millis()) {
                output.emit(records.get(next++));
            }
            if (next == records.size()) {
                return ReadStatus.END;
            }
            return next > before ? ReadStatus.MORE : ReadStatus.NOTHING_AVAILABLE;
        }

        @Override
        public long nextAvailableMillis() {
            return next < records.size() ? records.get(next).atMillis() : UNKNOWN_AVAILABILITY;
        }
    }

    @Test
    void eachRecordIsReadAtItsCaptureTimeAndQuietStretchesAreSkipped() {
        final List<Captured> captured = List.of(new Captured("a", 0), new Captured("b", 250), new Captured("a", 1_000),
                new Captured("b", 3_600_000), new Captured("a", 3_600_001));
        final List<String> printed = new ArrayList<>();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("replay").stateBackend(HeapStateBackend.INSTANCE);
        final KeyedProcessFunction<String, Captured, String> stamp = (record, ctx, out) -> out.collect(record.key() + " captured "
                + record.atMillis() + " read " + ctx.currentProcessingTime() + " wm " + Watermarks.format(ctx.currentWatermark()));
        pipeline.from("capture", (instance, parallelism) -> new CapturedReader(captured, clock),
                        WatermarkStrategy.<Captured>forBoundedOutOfOrderness(0).withTimestampAssigner((record, ts) -> record.atMillis()), 1)
                .keyBy(Captured::key)
                .process(stamp)
                .sink((line, ts) -> printed.add(line));
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            running.runToEnd();
            final long cycles = running.metrics().stage("keyed-1").get(0).dutyCycles();
            // 3,600 s at one emission per 200 ms would be 18,000 steps: the settled ones are skipped
            assertTrue(cycles < 100, "the keyed task ran " + cycles + " duty cycles");
        }
        assertEquals(List.of(
                "a captured 0 read 0 wm MIN",
                "b captured 250 read 250 wm -1",
                "a captured 1000 read 1000 wm 249",
                "b captured 3600000 read 3600000 wm 999",
                "a captured 3600001 read 3600001 wm 3599999"), printed);
    }
}
