package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StagePlacement;
import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.runtime.IdleStrategyKind;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code pass-through} and {@code tumbling} on their ceiling and on Weir under each kind of setting: every system
 * reports exactly the results the input makes (counted, not timed). The input: 10,000 events over 4 keys, one
 * millisecond of event time apart, so 10 one-second windows per key.
 */
final class BenchPipelinesTest {
    private static final int EVENTS = 10_000;
    private static final BenchSettings SMALL = BenchSettings.defaults().withKeys(4).withEventsPerSecondOfEventTime(1_000)
            .withRingSize(256).withIdleStrategy(IdleStrategyKind.BACKOFF).withWatermarkIntervalMillis(0);

    static Stream<Arguments> weirSettings() {
        return Stream.of(
                Arguments.of("one record per hand-off", SMALL),
                Arguments.of("batches of 7", SMALL.withBatched(true).withBatchSize(7)),
                Arguments.of("keyed stage at parallelism 2", SMALL.withParallelism(2)),
                Arguments.of("off-heap state", SMALL.withState(StateChoice.CHRONICLE)),
                Arguments.of("yielding tasks, ring of 2 slots", SMALL.withIdleStrategy(IdleStrategyKind.YIELD).withRingSize(2)),
                Arguments.of("keyed stage inline on the publishing thread", SMALL.withPlacements(StagePlacement.INLINE)),
                Arguments.of("keyed stage inline, batches of 7", SMALL.withPlacements(StagePlacement.INLINE).withBatched(true).withBatchSize(7)));
    }

    private static Arrivals drive(final PipelineFactory<BenchEvent> system, final BenchSettings settings) throws InterruptedException {
        final Arrivals arrivals = new Arrivals(SystemNanoClock.INSTANCE);
        arrivals.measureFrom(Long.MIN_VALUE);
        final BenchEvents events = BenchEvents.of(settings, WeirSystem.eventsInFlight(settings) + 1);
        final BenchmarkedPipeline<BenchEvent> pipeline = system.create(arrivals);
        pipeline.start();
        for (int i = 0; i < EVENTS; i++) {
            pipeline.send(events.next(i, SystemNanoClock.INSTANCE.nanos()));
        }
        pipeline.finish();
        return arrivals;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("weirSettings")
    void passThroughOnWeirDeliversEveryRecord(final String name, final BenchSettings settings) throws InterruptedException {
        final Arrivals arrivals = drive(new WeirSystem<>(new PassThroughPipeline(), settings), settings);
        assertEquals(EVENTS, arrivals.received());
        assertEquals(EVENTS, arrivals.histogram().getTotalCount());
        assertEquals(0, arrivals.unattributed());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("weirSettings")
    void tumblingOnWeirFiresEveryKeyAndWindowOnce(final String name, final BenchSettings settings) throws InterruptedException {
        final Arrivals arrivals = drive(new WeirSystem<>(new TumblingPipeline(), settings), settings);
        // 4 keys x 10 windows; the last window, [9000, 10000), is fired by the end of the input: unattributed
        assertEquals(40, arrivals.received());
        assertEquals(36, arrivals.histogram().getTotalCount());
        assertEquals(4, arrivals.unattributed());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("weirSettings")
    void ceilingsReportWhatWeirReports(final String name, final BenchSettings settings) throws InterruptedException {
        final Arrivals passThrough = drive(new PassThroughPipeline().ceiling(settings), settings);
        assertEquals(EVENTS, passThrough.histogram().getTotalCount());
        final Arrivals tumbling = drive(new TumblingPipeline().ceiling(settings), settings);
        assertEquals(40, tumbling.received());
        assertEquals(36, tumbling.histogram().getTotalCount());
        assertEquals(4, tumbling.unattributed());
    }
}
