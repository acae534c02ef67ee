package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.perf.harness.ThreadAllocation;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The inputs and ceilings of {@code sliding}, {@code session} and {@code ohlcv} allocate nothing per event once warm:
 * over 1,000,000 events after 300,000 of warm-up, the generating thread allocates less than a byte per event (what it
 * does allocate is per window: the ceilings' maps and bar pool growing to a new peak). Counted with the thread's
 * allocation counter, not timed.
 */
@Tag("allocation")
final class InputAllocationTest {
    private static final long WARM_UP = 300_000;
    private static final long MEASURED = 1_000_000;
    private static final BenchSettings SETTINGS = BenchSettings.defaults().withKeys(1_000);
    private static final OhlcvPipeline OHLCV = new OhlcvPipeline(ItchTrafficOptions.of(50, 200_000));

    static Stream<Arguments> inputs() {
        final SlidingPipeline sliding = new SlidingPipeline();
        final SessionPipeline session = new SessionPipeline();
        return Stream.of(
                Arguments.of(sliding.name(), sliding.events(SETTINGS, 1_024), sliding.ceiling(SETTINGS)),
                Arguments.of(session.name(), session.events(SETTINGS, 1_024), session.ceiling(SETTINGS)),
                Arguments.of(OHLCV.name(), OHLCV.events(SETTINGS, 1_024), OHLCV.ceiling(SETTINGS)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    <E> void theInputAndTheCeilingAllocateNothingPerEvent(final String name, final EventFactory<E> events, final PipelineFactory<E> ceiling)
            throws InterruptedException {
        final Arrivals arrivals = new Arrivals(SystemNanoClock.INSTANCE);
        arrivals.measureFrom(Long.MIN_VALUE);
        final BenchmarkedPipeline<E> pipeline = ceiling.create(arrivals);
        pipeline.start();
        long index = 0;
        for (; index < WARM_UP; index++) {
            pipeline.send(events.next(index, index));
        }
        final long before = ThreadAllocation.currentThreadAllocatedBytes();
        for (; index < WARM_UP + MEASURED; index++) {
            pipeline.send(events.next(index, index));
        }
        final long bytes = ThreadAllocation.currentThreadAllocatedBytes() - before;
        pipeline.finish();
        assertTrue(bytes < MEASURED, name + ": " + bytes + " bytes over " + MEASURED + " events");
        assertTrue(arrivals.histogram().getTotalCount() > 0, name + ": results during the run");
    }
}
