package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.operator.CoFlatMapFunction;
import dev.weir.operator.CoMapFunction;
import dev.weir.operator.CoProcessFunction;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.source.CollectionSource;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code ConnectedStreams.map / flatMap / process} end to end on both schedulers: co-map,
 * co-flatMap and co-process results keep their record's timestamp; a keyed co-process function
 * shares a key's state and timers between both inputs and its event-time timers fire on the
 * combined watermark, at parallelism 1 to 3, and so does a co-process function on keyed connected
 * streams (Flink's rule); a keyed function on connected streams that are not keyed is refused.
 */
final class ConnectedStreamsApiTest {
    /** An order: input 1. */
    record Order(String id, long time) {
    }

    /** A payment: input 2. */
    record Payment(String orderId, long time, int amount) {
    }

    private static final List<Order> ORDERS = List.of(new Order("o1", 10), new Order("o2", 20), new Order("o3", 30), new Order("o4", 40),
            new Order("o5", 50));
    private static final List<Payment> PAYMENTS = List.of(new Payment("o2", 25, 7), new Payment("o1", 60, 5), new Payment("o4", 61, 9),
            new Payment("o6", 70, 3));

    private static DataStream<Order> orders(final StreamPipeline pipeline, final int parallelism) {
        return pipeline.from("orders", CollectionSource.of(ORDERS).withBatchSize(2),
                WatermarkStrategy.<Order>forMonotonousTimestamps().withTimestampAssigner((order, ts) -> order.time()), parallelism);
    }

    private static DataStream<Payment> payments(final StreamPipeline pipeline) {
        return pipeline.from("payments", CollectionSource.of(PAYMENTS).withBatchSize(3),
                WatermarkStrategy.<Payment>forMonotonousTimestamps().withTimestampAssigner((payment, ts) -> payment.time()), 1);
    }

    /** Keeps each result with its timestamp. */
    private static final class Stamped implements dev.weir.runtime.sink.Sink<String> {
        final Lines lines = new Lines();

        @Override
        public void accept(final String value, final long timestamp) {
            lines.accept(value + " @" + timestamp, timestamp);
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void coMapMapsEachInputWithItsOwnFunctionAndKeepsTheTimestamp(final Scheduler scheduler) {
        final StreamPipeline pipeline = StreamPipeline.named("co-map");
        final Stamped sink = new Stamped();
        orders(pipeline, 2).connect(payments(pipeline)).map(new CoMapFunction<Order, Payment, String>() {
            @Override
            public String map1(final Order order) {
                return "order " + order.id();
            }

            @Override
            public String map2(final Payment payment) {
                return "payment " + payment.orderId() + " " + payment.amount();
            }
        }).sink(sink);
        scheduler.runToEnd(pipeline, sink.lines);
        assertEquals(List.of("order o1 @10", "order o2 @20", "order o3 @30", "order o4 @40", "order o5 @50", "payment o1 5 @60",
                "payment o2 7 @25", "payment o4 9 @61", "payment o6 3 @70"), sink.lines.sorted());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void coFlatMapGivesZeroOrMoreResultsPerRecord(final Scheduler scheduler) {
        final StreamPipeline pipeline = StreamPipeline.named("co-flat-map");
        final Stamped sink = new Stamped();
        orders(pipeline, 1).connect(payments(pipeline)).flatMap(new CoFlatMapFunction<Order, Payment, String>() {
            @Override
            public void flatMap1(final Order order, final Collector<String> out) {
                if (order.time() % 20 == 0) {
                    out.collect("even " + order.id());
                }
            }

            @Override
            public void flatMap2(final Payment payment, final Collector<String> out) {
                for (int i = 0; i < payment.amount() / 4; i++) {
                    out.collect("share " + payment.orderId() + "#" + i);
                }
            }
        }).sink(sink);
        scheduler.runToEnd(pipeline, sink.lines);
        assertEquals(List.of("even o2 @20", "even o4 @40", "share o1#0 @60", "share o2#0 @25", "share o4#0 @61", "share o4#1 @61"),
                sink.lines.sorted());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void coProcessSeesTimestampsAndWritesSideOutputs(final Scheduler scheduler) {
        final StreamPipeline pipeline = StreamPipeline.named("co-process");
        final Stamped sink = new Stamped();
        final OutputTag<String> large = new OutputTag<>("large");
        orders(pipeline, 1).connect(payments(pipeline)).process(new CoProcessFunction<Order, Payment, String>() {
            @Override
            public void processElement1(final Order order, final Context ctx, final Collector<String> out) {
                out.collect("order " + order.id() + " at " + ctx.timestamp());
            }

            @Override
            public void processElement2(final Payment payment, final Context ctx, final Collector<String> out) {
                if (payment.amount() > 6) {
                    ctx.output(large, payment.orderId());
                }
            }
        }).sideOutput(large, sink.lines.side("large ")).sink(sink);
        scheduler.runToEnd(pipeline, sink.lines);
        assertEquals(List.of("large o2", "large o4", "order o1 at 10 @10", "order o2 at 20 @20", "order o3 at 30 @30", "order o4 at 40 @40",
                "order o5 at 50 @50"), sink.lines.sorted());
    }

    /**
     * Keeps an order and its payment in the key's state, whichever arrives first, and reports the
     * key at the end of the period of 100 ms its records fall in, on an event-time timer both
     * callbacks register: the inputs share the key's state and one timer, which fires once, when
     * the combined watermark passes it.
     */
    static final class Settlement implements KeyedCoProcessFunction<String, Order, Payment, String> {
        private static final ValueStateDescriptor<Order> ORDER = new ValueStateDescriptor<>("order");
        private static final ValueStateDescriptor<Payment> PAYMENT = new ValueStateDescriptor<>("payment");

        @Override
        public void processElement1(final Order order, final Context<String> ctx, final Collector<String> out) {
            ctx.state(ORDER).update(order);
            ctx.timerService().registerEventTimeTimer(endOfPeriod(order.time()));
        }

        @Override
        public void processElement2(final Payment payment, final Context<String> ctx, final Collector<String> out) {
            ctx.state(PAYMENT).update(payment);
            ctx.timerService().registerEventTimeTimer(endOfPeriod(payment.time()));
        }

        private static long endOfPeriod(final long time) {
            return (time / 100 + 1) * 100 - 1;
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<String> out) {
            final ValueState<Order> order = ctx.state(ORDER);
            final ValueState<Payment> payment = ctx.state(PAYMENT);
            out.collect(ctx.getCurrentKey() + (order.value() == null ? " no order" : " ordered")
                    + (payment.value() == null ? ", unpaid" : ", paid " + payment.value().amount()) + " (" + ctx.timeDomain() + ")");
            order.clear();
            payment.clear();
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void keyedCoProcessSharesTheKeysStateAndTimersAndFiresOnTheCombinedWatermark(final Scheduler scheduler) {
        for (int parallelism = 1; parallelism <= 3; parallelism++) {
            final StreamPipeline pipeline = StreamPipeline.named("keyed-co-process");
            final Stamped sink = new Stamped();
            orders(pipeline, 2).keyBy(Order::id).connect(payments(pipeline).keyBy(Payment::orderId)).parallelism(parallelism)
                    .process(new Settlement())
                    .sink(sink);
            scheduler.runToEnd(pipeline, sink.lines);
            // one timer per key at 99, registered by either input or both, fires once both inputs passed it
            assertEquals(List.of("o1 ordered, paid 5 (EVENT_TIME) @99", "o2 ordered, paid 7 (EVENT_TIME) @99",
                    "o3 ordered, unpaid (EVENT_TIME) @99", "o4 ordered, paid 9 (EVENT_TIME) @99", "o5 ordered, unpaid (EVENT_TIME) @99",
                    "o6 no order, paid 3 (EVENT_TIME) @99"), sink.lines.sorted(), "parallelism " + parallelism);
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void connectedStreamsKeyedWithKeyByRunAKeyedCoProcessFunction(final Scheduler scheduler) {
        final StreamPipeline pipeline = StreamPipeline.named("key-by-both");
        final Stamped sink = new Stamped();
        orders(pipeline, 1).connect(payments(pipeline)).keyBy(Order::id, Payment::orderId).parallelism(2)
                .process(new Settlement())
                .sink(sink);
        scheduler.runToEnd(pipeline, sink.lines);
        assertEquals(List.of("o1 ordered, paid 5 (EVENT_TIME) @99", "o2 ordered, paid 7 (EVENT_TIME) @99",
                "o3 ordered, unpaid (EVENT_TIME) @99", "o4 ordered, paid 9 (EVENT_TIME) @99", "o5 ordered, unpaid (EVENT_TIME) @99",
                "o6 no order, paid 3 (EVENT_TIME) @99"), sink.lines.sorted());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void coMapRunsOnKeyedConnectedStreamsToo(final Scheduler scheduler) {
        final StreamPipeline pipeline = StreamPipeline.named("keyed-co-map");
        final Stamped sink = new Stamped();
        orders(pipeline, 2).keyBy(Order::id).connect(payments(pipeline).keyBy(Payment::orderId)).parallelism(3)
                .map(new CoMapFunction<Order, Payment, String>() {
                    @Override
                    public String map1(final Order order) {
                        return order.id();
                    }

                    @Override
                    public String map2(final Payment payment) {
                        return payment.orderId() + " paid";
                    }
                })
                .sink(sink);
        scheduler.runToEnd(pipeline, sink.lines);
        assertEquals(List.of("o1 @10", "o1 paid @60", "o2 @20", "o2 paid @25", "o3 @30", "o4 @40", "o4 paid @61", "o5 @50", "o6 paid @70"),
                sink.lines.sorted());
    }

    @Test
    void aKeyedCoProcessFunctionOnConnectedStreamsThatAreNotKeyedIsRefused() {
        final StreamPipeline pipeline = StreamPipeline.named("refused");
        final ConnectedStreams<Order, Payment> connected = orders(pipeline, 1).connect(payments(pipeline));
        assertEquals("ConnectedStreams.process: a KeyedCoProcessFunction can only be used when both inputs are keyed; these connected"
                        + " streams are not."
                        + " Connect two KeyedStreams, or call keyBy(keySelector1, keySelector2) first",
                assertThrows(UnsupportedOperationException.class, () -> connected.process(new Settlement())).getMessage());
    }

    /**
     * {@link Settlement} as a co-process function: the same state and timer per key, the key kept
     * in the key's state since the context has none.
     */
    static final class PlainSettlement implements CoProcessFunction<Order, Payment, String> {
        private static final ValueStateDescriptor<String> ID = new ValueStateDescriptor<>("id");
        private static final ValueStateDescriptor<Order> ORDER = new ValueStateDescriptor<>("order");
        private static final ValueStateDescriptor<Payment> PAYMENT = new ValueStateDescriptor<>("payment");

        @Override
        public void processElement1(final Order order, final Context ctx, final Collector<String> out) {
            ctx.state(ID).update(order.id());
            ctx.state(ORDER).update(order);
            ctx.timerService().registerEventTimeTimer((order.time() / 100 + 1) * 100 - 1);
        }

        @Override
        public void processElement2(final Payment payment, final Context ctx, final Collector<String> out) {
            ctx.state(ID).update(payment.orderId());
            ctx.state(PAYMENT).update(payment);
            ctx.timerService().registerEventTimeTimer((payment.time() / 100 + 1) * 100 - 1);
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<String> out) {
            final ValueState<Order> order = ctx.state(ORDER);
            final ValueState<Payment> payment = ctx.state(PAYMENT);
            out.collect(ctx.state(ID).value() + (order.value() == null ? " no order" : " ordered")
                    + (payment.value() == null ? ", unpaid" : ", paid " + payment.value().amount()) + " (" + ctx.timeDomain() + ")");
            ctx.state(ID).clear();
            order.clear();
            payment.clear();
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aCoProcessFunctionOnKeyedConnectedStreamsSharesTheKeysStateAndTimers(final Scheduler scheduler) {
        for (int parallelism = 1; parallelism <= 3; parallelism++) {
            final StreamPipeline pipeline = StreamPipeline.named("co-process-keyed");
            final Stamped sink = new Stamped();
            orders(pipeline, 2).keyBy(Order::id).connect(payments(pipeline).keyBy(Payment::orderId)).parallelism(parallelism)
                    .process(new PlainSettlement())
                    .sink(sink);
            scheduler.runToEnd(pipeline, sink.lines);
            assertEquals(List.of("o1 ordered, paid 5 (EVENT_TIME) @99", "o2 ordered, paid 7 (EVENT_TIME) @99",
                    "o3 ordered, unpaid (EVENT_TIME) @99", "o4 ordered, paid 9 (EVENT_TIME) @99", "o5 ordered, unpaid (EVENT_TIME) @99",
                    "o6 no order, paid 3 (EVENT_TIME) @99"), sink.lines.sorted(), "parallelism " + parallelism);
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aCoProcessFunctionOnConnectedStreamsKeyedWithKeyByRunsKeyed(final Scheduler scheduler) {
        final StreamPipeline pipeline = StreamPipeline.named("co-process-key-by");
        final Stamped sink = new Stamped();
        orders(pipeline, 1).connect(payments(pipeline)).keyBy(Order::id, Payment::orderId).parallelism(2)
                .process(new PlainSettlement())
                .sink(sink);
        scheduler.runToEnd(pipeline, sink.lines);
        assertEquals(List.of("o1 ordered, paid 5 (EVENT_TIME) @99", "o2 ordered, paid 7 (EVENT_TIME) @99",
                "o3 ordered, unpaid (EVENT_TIME) @99", "o4 ordered, paid 9 (EVENT_TIME) @99", "o5 ordered, unpaid (EVENT_TIME) @99",
                "o6 no order, paid 3 (EVENT_TIME) @99"), sink.lines.sorted());
    }

    @Test
    void theCoOperatorsAreNamedInTheirStage() {
        final StreamPipeline pipeline = StreamPipeline.named("names");
        final DataStream<Order> orders = orders(pipeline, 1);
        final DataStream<Payment> payments = payments(pipeline);
        final List<String> names = new ArrayList<>();
        orders.connect(payments).map(new CoMapFunction<Order, Payment, String>() {
            @Override
            public String map1(final Order value) {
                return "";
            }

            @Override
            public String map2(final Payment value) {
                return "";
            }
        }).sink((line, ts) -> { });
        orders.keyBy(Order::id).connect(payments.keyBy(Payment::orderId)).process(new Settlement()).sink((line, ts) -> { });
        orders.keyBy(Order::id).connect(payments.keyBy(Payment::orderId)).process(new PlainSettlement()).sink((line, ts) -> { });
        for (final Stage stage : PlanStages.of("names", pipeline.logicalPlan(), java.util.Map.of())) {
            names.add(stage.name + " " + stage.operatorNames);
        }
        assertEquals(List.of("orders-0 []", "payments-1 []", "two-input-2 [coMap]", "two-input-3 [keyedCoProcess]", "two-input-4 [coProcess]"),
                names);
    }
}
