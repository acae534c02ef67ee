package dev.weir.jmh;

import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.state.CountSum;
import dev.weir.state.CountSumAggregate;
import dev.weir.state.KeyGroups;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowOperator;
import dev.weir.window.WindowOperatorBuilder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The window operator per record, as a keyed task calls it: {@code keyBy(symbol)}, 1 s tumbling
 * event-time windows, count+sum of the price into a mutable accumulator, over {@value #KEYS} keys
 * taken round-robin with {@value #RECORDS_PER_MILLI} records per millisecond of event time (10
 * per key and window). When the event time enters a new window the operator gets the watermark that
 * closes the last one, so the score includes, spread over the records, the firing of every key's window,
 * its result and its state's cleanup. State on the heap or in Chronicle Map ({@code backend}, as
 * {@link StateAccess}); the Chronicle forks need {@code jmh/run}. Not final: JMH subclasses its benchmark classes.
 */
public class WindowOperatorRecord extends Microbenchmark {
    /** Keys the records cycle through. */
    static final int KEYS = 10_000;
    /** Records per millisecond of event time. */
    static final int RECORDS_PER_MILLI = 100;
    /** The window size, in milliseconds. */
    static final long WINDOW = 1_000;

    private static final int MAX_PARALLELISM = KeyGroups.DEFAULT_MAX_PARALLELISM;

    /** The state backend: {@code heap} or {@code chronicle}. */
    @Param({"heap", "chronicle"})
    public String backend;

    private final Tick[] ticks = new Tick[KEYS];
    private final int[] keyGroups = new int[KEYS];
    private final Results results = new Results();
    private OneInputOperator<Tick, CountSum> operator;
    private long records;
    private long windowEnd;

    /** An open operator with no window yet, and one pre-made record per key. */
    @Setup(Level.Trial)
    public void openOperator() {
        for (int k = 0; k < KEYS; k++) {
            ticks[k] = new Tick("SYM" + k, 100 + k);
            keyGroups[k] = KeyGroups.keyGroupOf(ticks[k].symbol(), MAX_PARALLELISM);
        }
        operator = WindowOperatorBuilder.<Tick, String, TimeWindow>of(
                Tick::symbol, TumblingEventTimeWindows.of(WINDOW)).aggregate(new CountSumAggregate<Tick>(Tick::price)).create();
        operator.open(new OperatorContext(WindowOperator.DEFAULT_NAME, new VirtualClock(0), 0, 1, MAX_PARALLELISM,
                StateAccess.stateBackend(backend)), results);
        records = 0;
        windowEnd = WINDOW;
        results.windows = 0;
        results.counted = 0;
    }

    /** Releases the operator's state (the off-heap maps). */
    @TearDown(Level.Trial)
    public void closeOperator() {
        operator.close();
    }

    /** @return records counted in the windows fired so far */
    @Benchmark
    public long record() {
        final long n = records++;
        final int k = (int) (n % KEYS);
        final long timestamp = n / RECORDS_PER_MILLI;
        if (timestamp >= windowEnd) {
            operator.processWatermark(windowEnd - 1);
            windowEnd += WINDOW;
        }
        final Tick tick = ticks[k];
        operator.processKeyedRecord(tick, timestamp, tick.symbol(), keyGroups[k]);
        return results.counted;
    }

    /** @return window results emitted so far */
    long windows() {
        return results.windows;
    }

    /** The sink: counts the results and the records they count, keeps none. */
    private static final class Results implements Output<CountSum> {
        private long windows;
        private long counted;

        @Override
        public void record(final CountSum value, final long timestamp) {
            windows++;
            counted += value.count();
        }

        @Override
        public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
            throw new IllegalStateException("no side output: nothing is late");
        }

        @Override
        public void watermark(final long watermark) {
            // the operator forwards each watermark after its windows fired; nothing downstream needs it
        }

        @Override
        public void status(final WatermarkStatus status) {
            throw new IllegalStateException("the operator's input never goes idle");
        }
    }
}
