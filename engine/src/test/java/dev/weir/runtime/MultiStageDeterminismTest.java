package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.Lines;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;

/**
 * One multi-stage pipeline on both schedulers, fed by one script: two publishers (each with its
 * own symbols) publish out-of-order and late trades into keyBy(symbol) -> 1 s tumbling windows
 * with 400 ms allowed lateness and a late side output -> keyBy(sector) -> a keyed process
 * function with a running total in keyed state and an event-time timer at each bar's window end;
 * both keyed stages at parallelism 2. The deterministic scheduler prints the same lines in the
 * same order on every run; the threaded one, its clock moved by {@link RunningPipeline#advanceTo}
 * from the publishing thread, prints the same lines in some order.
 */
final class MultiStageDeterminismTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final OutputTag<Trade> LATE = new OutputTag<>("late-trades");

    record Trade(String symbol, long time, long quantity) {
        String sector() {
            return symbol.equals("XOM") ? "energy" : "tech";
        }

        @Override
        public String toString() {
            return symbol + "@" + time + " x" + quantity;
        }
    }

    record Bar(String symbol, String sector, long start, int count, long quantity) {
        @Override
        public String toString() {
            return symbol + " [" + start + "," + (start + 1000) + ") n=" + count + " qty=" + quantity;
        }
    }

    /** A running total per sector; each bar sets a timer at its window's end, which reports the total then. */
    static final class SectorTotals implements KeyedProcessFunction<String, Bar, String> {
        private final ValueStateDescriptor<Long> total = new ValueStateDescriptor<>("total");

        @Override
        public void processElement(final Bar bar, final Context<String> ctx, final Collector<String> out) {
            final ValueState<Long> state = ctx.state(total);
            final long sum = (state.value() == null ? 0 : state.value()) + bar.quantity();
            state.update(sum);
            ctx.registerEventTimeTimer(ctx.timestamp() + 1);
            out.collect(ctx.currentKey() + " <- " + bar);
        }

        @Override
        public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
            out.collect(ctx.currentKey() + " @" + timestamp + " total=" + ctx.state(total).value());
        }
    }

    /** The pipeline under test with its two publishers; both schedulers run one built by {@link #build}. */
    record Built(StreamPipeline pipeline, List<Publisher<Trade>> publishers) {
    }

    private static Built build(final Lines lines) {
        final StreamPipeline pipeline = StreamPipeline.named("two-stage").stateBackend(HeapStateBackend.INSTANCE);
        final List<Publisher<Trade>> publishers = pipeline.publishers("trades", 2);
        pipeline.from(publishers, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(300).withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .parallelism(2)
                .window(TumblingEventTimeWindows.of(1000))
                .allowedLateness(400)
                .sideOutputLateData(LATE)
                .<Bar>process((symbol, ctx, trades, out) -> {
                    int count = 0;
                    long quantity = 0;
                    for (final Trade trade : trades) {
                        count++;
                        quantity += trade.quantity();
                    }
                    out.collect(new Bar(symbol, trades.iterator().next().sector(), ctx.window().start(), count, quantity));
                })
                .sideOutput(LATE, lines.side("late "))
                .keyBy(Bar::sector)
                .parallelism(2)
                .process(new SectorTotals())
                .sink(lines);
        return new Built(pipeline, publishers);
    }

    /**
     * The input: publisher 0 carries AAPL and MSFT, publisher 1 XOM (a key's trades come through
     * one publisher, so their order is the same on both schedulers); watermarks trail the largest
     * timestamp by 300 ms and are emitted every 200 ms of processing time.
     */
    private static void feed(final Publisher<Trade> techs, final Publisher<Trade> energy, final LongConsumer advanceTo) {
        techs.publish(new Trade("AAPL", 100, 1));
        techs.publish(new Trade("MSFT", 300, 2));
        techs.publish(new Trade("AAPL", 900, 3));
        energy.publish(new Trade("XOM", 250, 10));
        energy.publish(new Trade("XOM", 50, 20)); // out of order, on time
        advanceTo.accept(600); // watermarks 599 and -51
        energy.publish(new Trade("XOM", 1200, 30));
        techs.publish(new Trade("AAPL", 1500, 4));
        techs.publish(new Trade("MSFT", 1100, 5));
        advanceTo.accept(1000); // 1199 and 899: nothing fires
        energy.publish(new Trade("XOM", 1400, 40));
        advanceTo.accept(1200); // 1099: [0,1000) fires; the sector timers at 1000 fire
        techs.publish(new Trade("AAPL", 800, 6)); // late, within the allowed lateness: fires [0,1000) again
        techs.publish(new Trade("MSFT", 200, 7)); // likewise
        advanceTo.accept(1600); // no watermark moves: the late bars' timers wait
        techs.publish(new Trade("AAPL", 2100, 8));
        energy.publish(new Trade("XOM", 2300, 50));
        advanceTo.accept(1800); // 1799: the late bars' timers fire; [0,1000) is cleaned up at 1399
        energy.publish(new Trade("XOM", 100, 60)); // too late: the side output
        techs.publish(new Trade("AAPL", 1900, 9)); // [1000,2000) has not fired yet
        techs.end(); // MAX from techs; energy still holds the watermark at 1999
        advanceTo.accept(2000);
        energy.end();
    }

    private static final List<String> EXPECTED = List.of(
            "tech <- MSFT [0,1000) n=1 qty=2",
            "energy <- XOM [0,1000) n=2 qty=30",
            "tech <- AAPL [0,1000) n=2 qty=4",
            "tech @1000 total=6",
            "energy @1000 total=30",
            "tech <- AAPL [0,1000) n=3 qty=10",
            "tech <- MSFT [0,1000) n=2 qty=9",
            "tech @1000 total=25",
            "late XOM@100 x60",
            "tech <- MSFT [1000,2000) n=1 qty=5",
            "energy <- XOM [1000,2000) n=2 qty=70",
            "tech <- AAPL [1000,2000) n=2 qty=13",
            "energy <- XOM [2000,3000) n=1 qty=50",
            "tech <- AAPL [2000,3000) n=1 qty=8",
            "tech @2000 total=51",
            "tech @3000 total=51",
            "energy @2000 total=150",
            "energy @3000 total=150");

    private static List<String> runDeterministic() {
        final Lines lines = new Lines();
        final Built built = build(lines);
        try (DeterministicPipeline running = built.pipeline().startDeterministic(new VirtualClock(0))) {
            feed(built.publishers().get(0), built.publishers().get(1), running::advanceTo);
            running.runToEnd();
        }
        return lines.lines();
    }

    @Test
    void theDeterministicSchedulerPrintsTheSameLinesInTheSameOrderOnEveryRun() {
        for (int run = 0; run < 20; run++) {
            assertEquals(EXPECTED, runDeterministic(), "run " + run);
        }
    }

    @Test
    void theThreadedSchedulerPrintsTheSameLinesInSomeOrder() throws InterruptedException {
        final Lines lines = new Lines();
        final Built built = build(lines);
        final VirtualClock clock = new VirtualClock(0);
        try (RunningPipeline running = built.pipeline().clock(clock).start()) {
            feed(built.publishers().get(0), built.publishers().get(1), millis -> running.advanceTo(millis, TIMEOUT));
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ended");
        }
        final List<String> expected = new ArrayList<>(EXPECTED);
        Collections.sort(expected);
        assertEquals(expected, lines.sorted());
    }
}
