package dev.weir.perf.bench;

import dev.weir.time.Punctuation;
import dev.weir.time.WatermarkStrategy;
import java.io.Serializable;
import java.util.function.Predicate;

/**
 * The two inputs of the {@code union} and {@code interval-join} pipelines in one stream of {@link BenchEvent}s, as the
 * harness sends it: the side of an event is its value's lowest bit (0: venue A or an order, 1: venue B or an
 * execution), so an engine splits the stream with {@link #FIRST} and {@link #SECOND} and gives each side its own
 * bounded out-of-orderness watermarks ({@link #watermarks}). Every function here is serializable. Stateless.
 */
public final class InputSides {
    /** Keeps the events of the first side (venue A, the orders). */
    public static final Predicate<BenchEvent> FIRST = (Predicate<BenchEvent> & Serializable) event -> (event.value() & 1) == 0;
    /** Keeps the events of the second side (venue B, the executions). */
    public static final Predicate<BenchEvent> SECOND = (Predicate<BenchEvent> & Serializable) event -> (event.value() & 1) == 1;

    private InputSides() {
    }

    /**
     * @param index an event's index
     * @return its side, 0 or 1: events alternate between the sides
     */
    static int sideOf(final long index) {
        return (int) (index & 1);
    }

    /**
     * Bounded out-of-orderness watermarks of {@link BenchSettings#outOfOrdernessMillis()}: the highest event time so far
     * minus the bound minus 1, periodic at the settings' interval, or after every record when it is 0 (a punctuated
     * strategy: Weir's interval 0 means no periodic emission). The inputs are never further out of order than the
     * bound, so no event is late whatever the interval.
     *
     * @param settings the bound and the interval
     * @return the strategy, its assigner reading {@link BenchEvent#eventTimeMillis()}, every function serializable
     */
    public static WatermarkStrategy<BenchEvent> watermarks(final BenchSettings settings) {
        final long bound = settings.outOfOrdernessMillis();
        final WatermarkStrategy<BenchEvent> strategy = settings.watermarkIntervalMillis() == 0
                ? WatermarkStrategy.forPunctuation((Punctuation<BenchEvent> & Serializable) (event, timestamp) -> timestamp - bound - 1)
                : WatermarkStrategy.<BenchEvent>forBoundedOutOfOrderness(bound).withPeriodicInterval(settings.watermarkIntervalMillis());
        return strategy.withTimestampAssigner(BenchEvent.EVENT_TIME);
    }

    /**
     * SplitMix64's finalizer: a well-spread hash of an event's index, so that the inputs draw their out-of-orderness,
     * matches and lags from the index alone.
     *
     * @param index an event's index
     * @param stream which draw (a different stream for each use)
     * @return 64 well-mixed bits
     */
    static long draw(final long index, final long stream) {
        long z = index * 0x9e3779b97f4a7c15L + stream;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * @param index an event's index
     * @param bound the out-of-orderness in milliseconds
     * @return how far after its base time the event is, 0..bound
     */
    static long jitter(final long index, final long bound) {
        return bound == 0 ? 0 : Math.floorMod(draw(index, 1), bound + 1);
    }
}
