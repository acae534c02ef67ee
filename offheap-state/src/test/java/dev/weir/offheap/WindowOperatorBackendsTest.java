package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.state.KeyGroups;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowOperatorBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The window operator gives the same output, record for record, on the heap backend and on
 * Chronicle Map (a normal and a two-entry cache), driven by hand with a virtual clock.
 */
class WindowOperatorBackendsTest {
    /** A record: key and value, with its event time alongside. */
    record Tick(String symbol, long value) {
    }

    @Test
    void aTumblingAggregateGivesTheSameResultsOnEveryBackend() {
        final List<String> heap = run(Backends.HEAP, tumblingCountSum());
        assertFalse(heap.isEmpty());
        assertEquals(heap, run(Backends.CHRONICLE, tumblingCountSum()));
        assertEquals(heap, run(Backends.CHRONICLE_TINY_CACHE, tumblingCountSum()));
        assertEquals(heap, run(Backends.CHRONICLE_GROWING, tumblingCountSum()));
    }

    @Test
    void sessionWindowsWithAProcessFunctionGiveTheSameResultsOnEveryBackend() {
        final List<String> heap = run(Backends.HEAP, sessions());
        assertFalse(heap.isEmpty());
        assertEquals(heap, run(Backends.CHRONICLE, sessions()));
        assertEquals(heap, run(Backends.CHRONICLE_TINY_CACHE, sessions()));
    }

    private static OperatorFactory<Tick, ?> tumblingCountSum() {
        return WindowOperatorBuilder.<Tick, String, TimeWindow>of(Tick::symbol, TumblingEventTimeWindows.of(1000))
                .aggregate(new dev.weir.state.AggregateFunction<Tick, CountSum, String>() {
                    @Override
                    public CountSum createAccumulator() {
                        return new CountSum();
                    }

                    @Override
                    public CountSum add(final Tick tick, final CountSum accumulator) {
                        return CountSum.FUNCTION.add(tick.value(), accumulator);
                    }

                    @Override
                    public String getResult(final CountSum accumulator) {
                        return CountSum.FUNCTION.getResult(accumulator);
                    }

                    @Override
                    public CountSum merge(final CountSum a, final CountSum b) {
                        return CountSum.FUNCTION.merge(a, b);
                    }
                });
    }

    private static OperatorFactory<Tick, ?> sessions() {
        final ProcessWindowFunction<Tick, String, String, TimeWindow> describe = (key, context, elements, out) -> {
            final List<Long> values = new ArrayList<>();
            for (final Tick tick : elements) {
                values.add(tick.value());
            }
            out.collect(key + " " + context.window() + " " + values);
        };
        return WindowOperatorBuilder.<Tick, String, TimeWindow>of(Tick::symbol, EventTimeSessionWindows.withGap(300))
                .allowedLateness(200).process(describe);
    }

    /** 20,000 records over 40 keys, a little out of order, with a watermark every 100 records. */
    private static List<String> run(final Backends backends, final OperatorFactory<Tick, ?> factory) {
        final List<String> events = new ArrayList<>();
        final OneInputOperator<Tick, ?> operator = factory.create();
        open(operator, backends, events);
        final Random random = new Random(42);
        long time = 0;
        long watermark = Long.MIN_VALUE;
        for (int i = 0; i < 20_000; i++) {
            time += random.nextInt(3);
            final int key = random.nextInt(40);
            final long timestamp = Math.max(0, time - random.nextInt(400) - (key % 7 == 0 ? 600 : 0));
            operator.processRecord(new Tick("k" + key, i), timestamp);
            // one input channel: only a rising watermark passes a valve
            if (i % 100 == 99 && time - 250 > watermark) {
                watermark = time - 250;
                operator.processWatermark(watermark);
            }
        }
        operator.processWatermark(Long.MAX_VALUE);
        operator.close();
        return events;
    }

    @SuppressWarnings("unchecked")
    private static <OUT> void open(final OneInputOperator<Tick, OUT> operator, final Backends backends, final List<String> events) {
        operator.open(new OperatorContext("window", new VirtualClock(0), 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, backends.backend()),
                new Output<OUT>() {
                    @Override
                    public void record(final OUT value, final long timestamp) {
                        events.add(value + "@" + timestamp);
                    }

                    @Override
                    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
                        events.add("SIDE " + value + "@" + timestamp);
                    }

                    @Override
                    public void watermark(final long watermark) {
                        events.add("WM " + watermark);
                    }

                    @Override
                    public void status(final WatermarkStatus status) {
                        events.add("STATUS " + status);
                    }
                });
    }
}
