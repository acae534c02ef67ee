package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.state.KeyGroups;
import dev.weir.window.CoGroupWindowFunction;
import dev.weir.window.CountEvictor;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.JoinCoGroupFunction;
import dev.weir.window.TaggedUnion;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.UnionKeySelector;
import dev.weir.window.WindowOperatorBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The window join and coGroup keep both inputs' tagged elements ({@link TaggedUnion}) in window
 * state, and give the same output, record for record, on the heap backend and on Chronicle Map
 * (a normal, a two-entry and a growing cache), where every element is written and read back.
 */
class WindowJoinBackendsTest {
    /** A trade: the first input. */
    record Trade(String symbol, long quantity) {
    }

    /** A quote: the second input. */
    record Quote(String symbol, long price) {
    }

    private static OperatorFactory<TaggedUnion<Trade, Quote>, String> tumblingJoin() {
        return WindowOperatorBuilder.<TaggedUnion<Trade, Quote>, String, TimeWindow>of(
                        new UnionKeySelector<Trade, Quote, String>(Trade::symbol, Quote::symbol), TumblingEventTimeWindows.of(500))
                .allowedLateness(200)
                .process(new CoGroupWindowFunction<>(new JoinCoGroupFunction<Trade, Quote, String>(
                        (trade, quote) -> trade.symbol() + " " + trade.quantity() + "x" + quote.price())));
    }

    private static OperatorFactory<TaggedUnion<Trade, Quote>, String> sessionCoGroup() {
        final CoGroupFunction<Trade, Quote, String> sizes = (trades, quotes, out) -> {
            final List<Long> quantities = new ArrayList<>();
            trades.forEach(trade -> quantities.add(trade.quantity()));
            final List<Long> prices = new ArrayList<>();
            quotes.forEach(quote -> prices.add(quote.price()));
            out.collect(quantities + " " + prices);
        };
        return WindowOperatorBuilder.<TaggedUnion<Trade, Quote>, String, TimeWindow>of(
                        new UnionKeySelector<Trade, Quote, String>(Trade::symbol, Quote::symbol), EventTimeSessionWindows.withGap(150))
                .evictor(CountEvictor.of(6))
                .process(new CoGroupWindowFunction<>(sizes));
    }

    @Test
    void aTumblingJoinWithLatenessGivesTheSameResultsOnEveryBackend() {
        final List<String> heap = run(Backends.HEAP, tumblingJoin());
        assertTrue(heap.size() > 1000, heap.size() + " events");
        assertEquals(heap, run(Backends.CHRONICLE, tumblingJoin()));
        assertEquals(heap, run(Backends.CHRONICLE_TINY_CACHE, tumblingJoin()));
        assertEquals(heap, run(Backends.CHRONICLE_GROWING, tumblingJoin()));
    }

    @Test
    void aSessionCoGroupWithAnEvictorGivesTheSameResultsOnEveryBackend() {
        final List<String> heap = run(Backends.HEAP, sessionCoGroup());
        assertTrue(heap.size() > 100, heap.size() + " events");
        assertEquals(heap, run(Backends.CHRONICLE, sessionCoGroup()));
        assertEquals(heap, run(Backends.CHRONICLE_TINY_CACHE, sessionCoGroup()));
    }

    /** 5,000 tagged elements over 20 keys, a little out of order, with a watermark every 100 elements. */
    private static List<String> run(final Backends backends, final OperatorFactory<TaggedUnion<Trade, Quote>, String> factory) {
        final List<String> events = new ArrayList<>();
        final OneInputOperator<TaggedUnion<Trade, Quote>, String> operator = factory.create();
        operator.open(new OperatorContext("join", new VirtualClock(0), 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, backends.backend()),
                new Output<String>() {
                    @Override
                    public void record(final String value, final long timestamp) {
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
        final Random random = new Random(7);
        long time = 0;
        long watermark = Long.MIN_VALUE;
        for (int i = 0; i < 5000; i++) {
            time += random.nextInt(4);
            final String symbol = "s" + random.nextInt(20);
            final long timestamp = Math.max(0, time - random.nextInt(300));
            operator.processRecord(random.nextBoolean() ? TaggedUnion.one(new Trade(symbol, i)) : TaggedUnion.two(new Quote(symbol, i)),
                    timestamp);
            if (i % 100 == 99 && time - 150 > watermark) {
                watermark = time - 150;
                operator.processWatermark(watermark);
            }
        }
        operator.processWatermark(Long.MAX_VALUE);
        operator.close();
        return events;
    }
}
