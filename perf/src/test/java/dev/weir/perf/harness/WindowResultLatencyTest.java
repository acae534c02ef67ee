package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.NanoClock;
import dev.weir.perf.harness.ProbeEvents.Probe;
import dev.weir.time.WatermarkGenerator;
import dev.weir.time.WatermarkOutput;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;

/**
 * A window result's latency runs from the intended send time of the event after which the source emitted the
 * watermark that fired it, to the result's arrival at the sink; on a virtual clock every value is exact.
 */
final class WindowResultLatencyTest {
    /** A settable clock. */
    private static final class ManualClock implements NanoClock {
        private long now;

        @Override
        public long nanos() {
            return now;
        }
    }

    /** Collects the watermarks a generator forwards. */
    private static final class CollectingOutput implements WatermarkOutput {
        private final List<Long> watermarks = new ArrayList<>();

        @Override
        public void emitWatermark(final long watermark) {
            watermarks.add(watermark);
        }

        @Override
        public void markIdle() {
        }

        @Override
        public void markActive() {
        }
    }

    private final ManualClock clock = new ManualClock();
    private final Arrivals arrivals = new Arrivals(clock);
    private final CollectingOutput output = new CollectingOutput();
    private final Probe probe = new Probe();

    private WatermarkGenerator<Probe> generator(final WatermarkStrategy<Probe> strategy) {
        arrivals.measureFrom(0);
        return arrivals.attributed(strategy, event -> event.intendedNanos).createGenerator(dev.weir.clock.SystemClock.INSTANCE);
    }

    private void event(final WatermarkGenerator<Probe> generator, final long intendedNanos, final long timestamp) {
        probe.intendedNanos = intendedNanos;
        generator.onEvent(probe, timestamp, output);
    }

    private void resultAt(final long arrivalNanos, final long windowMaxTimestamp) {
        clock.now = arrivalNanos;
        arrivals.recordWindowResult(windowMaxTimestamp);
    }

    private Map<Long, Long> latencies() {
        final Map<Long, Long> counts = new TreeMap<>();
        for (final HistogramIterationValue value : arrivals.histogram().recordedValues()) {
            counts.put(value.getValueIteratedTo(), value.getCountAtValueIteratedTo());
        }
        return counts;
    }

    @Test
    void aResultCountsFromTheEventWhoseWatermarkReachedTheWindowsEnd() {
        // punctuated: a watermark of timestamp - 1 after every event; window [0, 10) has max timestamp 9
        final WatermarkGenerator<Probe> generator = generator(WatermarkStrategy.forPunctuation((event, timestamp) -> timestamp - 1));
        event(generator, 1_000, 5);
        event(generator, 2_000, 9);
        event(generator, 3_000, 10);
        resultAt(3_700, 9);
        event(generator, 4_000, 19);
        event(generator, 5_000, 20);
        resultAt(5_300, 19);
        // the watermark 9 came after the event intended at 3,000; 19 after the one at 5,000
        assertEquals(Map.of(700L, 1L, 300L, 1L), latencies());
        assertEquals(List.of(4L, 8L, 9L, 18L, 19L), output.watermarks);
    }

    @Test
    void oneWatermarkFiringSeveralWindowsAttributesThemAllToItsEvent() {
        final WatermarkGenerator<Probe> generator = generator(WatermarkStrategy.forPunctuation((event, timestamp) -> timestamp - 1));
        event(generator, 1_000, 3);
        // a jump in event time: the watermark 29 fires [0, 10), [10, 20) and [20, 30) at once
        event(generator, 2_000, 30);
        resultAt(2_100, 9);
        resultAt(2_200, 19);
        resultAt(2_300, 29);
        assertEquals(Map.of(100L, 1L, 200L, 1L, 300L, 1L), latencies());
    }

    @Test
    void aPeriodicWatermarkCountsFromTheLastEventBeforeItsEmission() {
        // bounded out-of-orderness of 5 ms, periodic: the watermark (max timestamp - 5 - 1) is emitted only on the
        // periodic call, after the event intended at 2,000, which is the one the result is attributed to
        final WatermarkGenerator<Probe> generator = generator(WatermarkStrategy.forBoundedOutOfOrderness(5));
        event(generator, 1_000, 12);
        event(generator, 2_000, 15);
        generator.onPeriodicEmit(output);
        resultAt(2_900, 9);
        assertEquals(Map.of(900L, 1L), latencies());
        assertEquals(List.of(9L), output.watermarks);
    }

    @Test
    void aResultFiredByTheEndOfInputIsCountedButNotMeasured() {
        final WatermarkGenerator<Probe> generator = generator(WatermarkStrategy.forPunctuation((event, timestamp) -> timestamp - 1));
        event(generator, 1_000, 10);
        resultAt(1_500, 9);
        // no watermark reached 19: the end of the input fired that window
        resultAt(1_600, 19);
        assertEquals(Map.of(500L, 1L), latencies());
        assertEquals(2, arrivals.received());
        assertEquals(1, arrivals.unattributed());
    }

    @Test
    void resultsOfWarmUpEventsAreNotMeasured() {
        final WatermarkGenerator<Probe> generator = generator(WatermarkStrategy.forPunctuation((event, timestamp) -> timestamp - 1));
        arrivals.measureFrom(2_000);
        event(generator, 1_000, 10);
        resultAt(1_400, 9);
        event(generator, 2_000, 20);
        resultAt(2_600, 19);
        assertEquals(Map.of(600L, 1L), latencies());
        assertEquals(2, arrivals.received());
    }

    @Test
    void aLogOverwrittenPastTheReaderAnswersUnknownRatherThanALaterEvent() {
        final WatermarkOrigins origins = new WatermarkOrigins(4);
        for (long watermark = 1; watermark <= 6; watermark++) {
            origins.log(watermark * 10, watermark * 1_000);
        }
        // the watermark 10 (for window max 5) was overwritten by 50 and 60: attributing to them would understate
        assertEquals(WatermarkOrigins.UNKNOWN, origins.intendedNanosOfFiring(5));
        // the reader resumes at the oldest held entry
        assertEquals(3_000, origins.intendedNanosOfFiring(25));
        assertEquals(6_000, origins.intendedNanosOfFiring(55));
        assertEquals(WatermarkOrigins.UNKNOWN, origins.intendedNanosOfFiring(61));
    }
}
