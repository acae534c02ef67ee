package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.VirtualClock;
import dev.weir.operator.BroadcastProcessFunction;
import dev.weir.operator.CoMapFunction;
import dev.weir.operator.CoProcessFunction;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.CollectionSource;
import dev.weir.state.MapState;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The examples of docs/api.md, compiled and run on the deterministic scheduler, so the page
 * cannot rot: each test holds the code of one section and asserts the output the page prints.
 */
final class ApiDocExamplesTest {
    record Trade(String symbol, long time, long price) {
    }

    record Quote(String symbol, long time, long bid) {
    }

    record Limit(String symbol, long maxPrice) {
    }

    static final WatermarkStrategy<Trade> TRADE_TIME = WatermarkStrategy.<Trade>forMonotonousTimestamps()
            .withTimestampAssigner((t, ts) -> t.time());
    static final WatermarkStrategy<Quote> QUOTE_TIME = WatermarkStrategy.<Quote>forMonotonousTimestamps()
            .withTimestampAssigner((q, ts) -> q.time());

    private final List<String> printed = new ArrayList<>();

    private static DataStream<Trade> trades(final StreamPipeline pipeline) {
        return pipeline.from("trades", CollectionSource.of(List.of(new Trade("AAPL", 100, 190), new Trade("MSFT", 200, 410),
                new Trade("AAPL", 300, 191), new Trade("AAPL", 1500, 193))), TRADE_TIME, 1);
    }

    private static DataStream<Quote> quotes(final StreamPipeline pipeline) {
        return pipeline.from("quotes", CollectionSource.of(List.of(new Quote("AAPL", 50, 189), new Quote("MSFT", 150, 409),
                new Quote("AAPL", 250, 190), new Quote("AAPL", 1200, 192))), QUOTE_TIME, 1);
    }

    private static void run(final StreamPipeline pipeline) {
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
    }

    @Test
    void statelessSteps() {
        StreamPipeline pipeline = StreamPipeline.named("stateless");
        trades(pipeline)
                .filter(t -> t.symbol().equals("AAPL"))
                .map(t -> t.symbol() + " " + t.price())
                .<String>flatMap((line, out) -> {
                    out.collect(line);
                    out.collect(line.toLowerCase());
                })
                .sink((line, ts) -> printed.add(line + " @" + ts));
        run(pipeline);
        assertEquals(List.of("AAPL 190 @100", "aapl 190 @100", "AAPL 191 @300", "aapl 191 @300", "AAPL 193 @1500", "aapl 193 @1500"),
                printed);
    }

    @Test
    void windows() {
        StreamPipeline pipeline = StreamPipeline.named("windows");
        trades(pipeline)
                .keyBy(Trade::symbol)
                .window(TumblingEventTimeWindows.of(1000))
                .<String>process((symbol, ctx, trades, out) -> {
                    long high = Long.MIN_VALUE;
                    for (Trade t : trades) {
                        high = Math.max(high, t.price());
                    }
                    out.collect(symbol + " " + ctx.window() + " high=" + high);
                })
                .sink((line, ts) -> printed.add(line + " @" + ts));
        run(pipeline);
        assertEquals(List.of("AAPL [0,1000) high=191 @999", "MSFT [0,1000) high=410 @999", "AAPL [1000,2000) high=193 @1999"), printed);
    }

    @Test
    void keyedProcessWithStateTimersAndASideOutput() {
        StreamPipeline pipeline = StreamPipeline.named("process");
        ValueStateDescriptor<Long> count = new ValueStateDescriptor<>("count");
        OutputTag<Trade> expensive = new OutputTag<>("expensive");
        trades(pipeline)
                .keyBy(Trade::symbol)
                .process((Trade t, KeyedProcessFunction.Context<String> ctx, Collector<String> out) -> {
                    ValueState<Long> n = ctx.state(count);
                    n.update(n.value() == null ? 1 : n.value() + 1);
                    ctx.registerEventTimeTimer(t.time() / 1000 * 1000 + 999);    // the end of its second
                    if (t.price() > 400) {
                        ctx.output(expensive, t);
                    }
                })
                .sideOutput(expensive, (t, ts) -> printed.add("expensive " + t.symbol() + " " + t.price()))
                .sink((line, ts) -> printed.add(line));
        run(pipeline);
        assertEquals(List.of("expensive MSFT 410"), printed);
    }

    /** The keyed function of the page: counts the key's trades of each second and reports them when the watermark passes it. */
    static final class CountPerSecond implements KeyedProcessFunction<String, Trade, String> {
        private static final MapStateDescriptor<Long, Long> COUNTS = new MapStateDescriptor<>("counts", Long.class, Long.class);

        @Override
        public void processElement(Trade t, Context<String> ctx, Collector<String> out) {
            long endOfSecond = t.time() / 1000 * 1000 + 999;
            MapState<Long, Long> counts = ctx.state(COUNTS);
            Long n = counts.get(endOfSecond);
            counts.put(endOfSecond, n == null ? 1 : n + 1);
            ctx.registerEventTimeTimer(endOfSecond);
        }

        @Override
        public void onTimer(long timestamp, Context<String> ctx, Collector<String> out) {
            MapState<Long, Long> counts = ctx.state(COUNTS);
            out.collect(ctx.currentKey() + " " + counts.get(timestamp) + " trades by " + timestamp);
            counts.remove(timestamp);
        }
    }

    @Test
    void keyedProcessFunction() {
        StreamPipeline pipeline = StreamPipeline.named("counts");
        trades(pipeline).keyBy(Trade::symbol).process(new CountPerSecond()).sink((line, ts) -> printed.add(line));
        run(pipeline);
        assertEquals(List.of("AAPL 2 trades by 999", "MSFT 1 trades by 999", "AAPL 1 trades by 1999"), printed);
    }

    @Test
    void fanOutAndSeveralSinks() {
        StreamPipeline pipeline = StreamPipeline.named("fan-out");
        DataStream<Trade> trades = trades(pipeline);
        trades.map(t -> "raw " + t.symbol() + " " + t.price()).sink((line, ts) -> printed.add(line));
        trades.keyBy(Trade::symbol).window(TumblingEventTimeWindows.of(1000)).reduce((a, b) -> a.price() >= b.price() ? a : b)
                .sink((t, ts) -> printed.add("max " + t.symbol() + " " + t.price()));
        run(pipeline);
        assertEquals(List.of("raw AAPL 190", "raw MSFT 410", "raw AAPL 191", "raw AAPL 193", "max AAPL 191", "max MSFT 410", "max AAPL 193"),
                printed);
    }

    @Test
    void severalSourcesAndUnion() {
        StreamPipeline pipeline = StreamPipeline.named("union");
        DataStream<Trade> nyse = pipeline.from("nyse", CollectionSource.of(List.of(new Trade("IBM", 100, 150), new Trade("IBM", 1100, 152))),
                TRADE_TIME, 1);
        DataStream<Trade> arca = pipeline.from("arca", CollectionSource.of(List.of(new Trade("IBM", 400, 151))), TRADE_TIME, 1);
        nyse.union(arca)
                .keyBy(Trade::symbol)
                .window(TumblingEventTimeWindows.of(1000))
                .<String>process((symbol, ctx, trades, out) -> {
                    int n = 0;
                    for (Trade t : trades) {
                        n++;
                    }
                    out.collect(symbol + " " + ctx.window() + " trades=" + n);
                })
                .sink((line, ts) -> printed.add(line));
        run(pipeline);
        assertEquals(List.of("IBM [0,1000) trades=2", "IBM [1000,2000) trades=1"), printed);
    }

    @Test
    void coMap() {
        StreamPipeline pipeline = StreamPipeline.named("co-map");
        trades(pipeline).connect(quotes(pipeline))
                .map(new CoMapFunction<Trade, Quote, String>() {
                    @Override
                    public String map1(Trade t) {
                        return "trade " + t.symbol() + " " + t.price();
                    }

                    @Override
                    public String map2(Quote q) {
                        return "quote " + q.symbol() + " " + q.bid();
                    }
                })
                .sink((line, ts) -> printed.add(line + " @" + ts));
        run(pipeline);
        printed.sort(null);
        assertEquals(List.of("quote AAPL 189 @50", "quote AAPL 190 @250", "quote AAPL 192 @1200", "quote MSFT 409 @150", "trade AAPL 190 @100",
                "trade AAPL 191 @300", "trade AAPL 193 @1500", "trade MSFT 410 @200"), printed);
    }

    @Test
    void coProcess() {
        StreamPipeline pipeline = StreamPipeline.named("co-process");
        trades(pipeline).connect(quotes(pipeline))
                .process(new CoProcessFunction<Trade, Quote, String>() {
                    @Override
                    public void processElement1(Trade t, Context ctx, Collector<String> out) {
                        out.collect("trade at " + ctx.timestamp());
                    }

                    @Override
                    public void processElement2(Quote q, Context ctx, Collector<String> out) {
                    }
                })
                .sink((line, ts) -> printed.add(line));
        run(pipeline);
        printed.sort(null);
        assertEquals(List.of("trade at 100", "trade at 1500", "trade at 200", "trade at 300"), printed);
    }

    /** The keyed co-process function of the page: per key and second, the highest trade and the highest bid, when the watermark passes it. */
    static final class Highs implements KeyedCoProcessFunction<String, Trade, Quote, String> {
        private static final MapStateDescriptor<Long, Long> TRADE_HIGH = new MapStateDescriptor<>("trade-high", Long.class, Long.class);
        private static final MapStateDescriptor<Long, Long> BID_HIGH = new MapStateDescriptor<>("bid-high", Long.class, Long.class);

        @Override
        public void processElement1(Trade t, Context<String> ctx, Collector<String> out) {
            raise(ctx, TRADE_HIGH, t.time(), t.price());
        }

        @Override
        public void processElement2(Quote q, Context<String> ctx, Collector<String> out) {
            raise(ctx, BID_HIGH, q.time(), q.bid());
        }

        /** Raises the high of the value's second; both inputs register the same timer at its end, which fires once. */
        private static void raise(Context<String> ctx, MapStateDescriptor<Long, Long> highs, long time, long value) {
            long endOfSecond = time / 1000 * 1000 + 999;
            MapState<Long, Long> state = ctx.state(highs);
            Long high = state.get(endOfSecond);
            state.put(endOfSecond, high == null ? value : Math.max(high, value));
            ctx.timerService().registerEventTimeTimer(endOfSecond);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext<String> ctx, Collector<String> out) {
            MapState<Long, Long> trades = ctx.state(TRADE_HIGH);
            MapState<Long, Long> bids = ctx.state(BID_HIGH);
            out.collect(ctx.getCurrentKey() + " by " + timestamp + ": high trade " + trades.get(timestamp) + ", high bid " + bids.get(timestamp));
            trades.remove(timestamp);
            bids.remove(timestamp);
        }
    }

    @Test
    void keyedCoProcess() {
        StreamPipeline pipeline = StreamPipeline.named("keyed-co-process");
        trades(pipeline).keyBy(Trade::symbol)
                .connect(quotes(pipeline).keyBy(Quote::symbol))
                .parallelism(2)
                .process(new Highs())
                .sink((line, ts) -> printed.add(line));
        run(pipeline);
        printed.sort(null);
        assertEquals(List.of("AAPL by 1999: high trade 193, high bid 192", "AAPL by 999: high trade 191, high bid 190",
                "MSFT by 999: high trade 410, high bid 409"), printed);
    }

    /** The co-process function of the page on keyed connected streams: per key and second, how many trades and quotes. */
    static final class Activity implements CoProcessFunction<Trade, Quote, String> {
        private static final ValueStateDescriptor<String> SYMBOL = new ValueStateDescriptor<>("symbol");
        private static final MapStateDescriptor<Long, Long> TRADES = new MapStateDescriptor<>("trades", Long.class, Long.class);
        private static final MapStateDescriptor<Long, Long> QUOTES = new MapStateDescriptor<>("quotes", Long.class, Long.class);

        @Override
        public void processElement1(Trade t, Context ctx, Collector<String> out) {
            count(ctx, TRADES, t.symbol(), t.time());
        }

        @Override
        public void processElement2(Quote q, Context ctx, Collector<String> out) {
            count(ctx, QUOTES, q.symbol(), q.time());
        }

        /** Counts the record in its key's second; both inputs register the same timer at its end, which fires once. */
        private static void count(Context ctx, MapStateDescriptor<Long, Long> counts, String symbol, long time) {
            ctx.state(SYMBOL).update(symbol); // the context has no key: keep it in the key's state
            long endOfSecond = time / 1000 * 1000 + 999;
            MapState<Long, Long> state = ctx.state(counts);
            Long count = state.get(endOfSecond);
            state.put(endOfSecond, count == null ? 1 : count + 1);
            ctx.timerService().registerEventTimeTimer(endOfSecond);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            MapState<Long, Long> trades = ctx.state(TRADES);
            MapState<Long, Long> quotes = ctx.state(QUOTES);
            out.collect(ctx.state(SYMBOL).value() + " by " + timestamp + " (" + ctx.timeDomain() + "): " + trades.get(timestamp)
                    + " trades, " + quotes.get(timestamp) + " quotes");
            trades.remove(timestamp);
            quotes.remove(timestamp);
        }
    }

    @Test
    void coProcessOnKeyedConnectedStreams() {
        StreamPipeline pipeline = StreamPipeline.named("co-process-keyed");
        trades(pipeline).connect(quotes(pipeline))
                .keyBy(Trade::symbol, Quote::symbol)
                .parallelism(2)
                .process(new Activity())
                .sink((line, ts) -> printed.add(line));
        run(pipeline);
        printed.sort(null);
        assertEquals(List.of("AAPL by 1999 (EVENT_TIME): 1 trades, 1 quotes", "AAPL by 999 (EVENT_TIME): 2 trades, 2 quotes",
                "MSFT by 999 (EVENT_TIME): 1 trades, 1 quotes"), printed);
    }

    static final MapStateDescriptor<String, Long> LIMITS = new MapStateDescriptor<>("limits", String.class, Long.class);

    /** The keyed broadcast function of the page: each trade is checked against its symbol's limit when the watermark reaches it. */
    static final class LimitCheck implements KeyedBroadcastProcessFunction<String, Trade, Limit, String> {
        private static final MapStateDescriptor<Long, Trade> PENDING = new MapStateDescriptor<>("pending", Long.class, Trade.class);

        @Override
        public void processElement(Trade t, ReadOnlyContext<String> ctx, Collector<String> out) {
            ctx.state(PENDING).put(t.time(), t);
            ctx.timerService().registerEventTimeTimer(t.time());
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext<String> ctx, Collector<String> out) {
            Trade t = ctx.state(PENDING).get(timestamp);
            ctx.state(PENDING).remove(timestamp);
            Long max = ctx.getBroadcastState(LIMITS).get(t.symbol());
            out.collect(t.symbol() + " " + t.price() + (max != null && t.price() > max ? " breaks " + max : " ok"));
        }

        @Override
        public void processBroadcastElement(Limit limit, Context<String> ctx, Collector<String> out) {
            ctx.getBroadcastState(LIMITS).put(limit.symbol(), limit.maxPrice());
        }
    }

    @Test
    void broadcastState() {
        StreamPipeline pipeline = StreamPipeline.named("limits");
        BroadcastStream<Limit> limits = pipeline.from("limits", CollectionSource.of(List.of(new Limit("AAPL", 190), new Limit("MSFT", 500))),
                WatermarkStrategy.<Limit>forMonotonousTimestamps().withTimestampAssigner((l, ts) -> 0), 1)
                .broadcast(LIMITS);
        trades(pipeline).keyBy(Trade::symbol)
                .connect(limits)
                .parallelism(3)
                .process(new LimitCheck())
                .sink((line, ts) -> printed.add(line));
        run(pipeline);
        printed.sort(null);
        assertEquals(List.of("AAPL 190 ok", "AAPL 191 breaks 190", "AAPL 193 breaks 190", "MSFT 410 ok"), printed);
    }

    @Test
    void nonKeyedBroadcastState() {
        StreamPipeline pipeline = StreamPipeline.named("announce");
        BroadcastStream<Limit> limits = pipeline.from("limits", CollectionSource.of(List.of(new Limit("AAPL", 190))),
                WatermarkStrategy.<Limit>forMonotonousTimestamps().withTimestampAssigner((l, ts) -> 0), 1)
                .broadcast(LIMITS);
        pipeline.from("trades", CollectionSource.of(List.of(new Trade("AAPL", 100, 190))), TRADE_TIME, 2)
                .connect(limits)
                .process(new BroadcastProcessFunction<Trade, Limit, String>() {
                    @Override
                    public void processElement(Trade t, ReadOnlyContext ctx, Collector<String> out) {
                    }

                    @Override
                    public void processBroadcastElement(Limit limit, Context ctx, Collector<String> out) {
                        ctx.getBroadcastState(LIMITS).put(limit.symbol(), limit.maxPrice());
                        out.collect("an instance holds " + ctx.getBroadcastState(LIMITS).size() + " limit");
                    }
                })
                .sink((line, ts) -> printed.add(line));
        run(pipeline);
        assertEquals(List.of("an instance holds 1 limit", "an instance holds 1 limit"), printed);
    }

    @Test
    void intervalJoin() {
        StreamPipeline pipeline = StreamPipeline.named("interval-join");
        trades(pipeline).keyBy(Trade::symbol)
                .intervalJoin(quotes(pipeline).keyBy(Quote::symbol))
                .between(Duration.ofMillis(-100), Duration.ofMillis(0))          // quotes of the 100 ms before each trade
                .process((Trade t, Quote q, dev.weir.operator.ProcessJoinFunction.Context ctx, Collector<String> out) ->
                        out.collect(t.symbol() + " trade@" + t.time() + " quote@" + q.time()))
                .sink((line, ts) -> printed.add(line));
        run(pipeline);
        printed.sort(null);
        assertEquals(List.of("AAPL trade@100 quote@50", "AAPL trade@300 quote@250", "MSFT trade@200 quote@150"), printed);
    }

    @Test
    void windowJoin() {
        StreamPipeline pipeline = StreamPipeline.named("window-join");
        trades(pipeline).join(quotes(pipeline))
                .where(Trade::symbol)
                .equalTo(Quote::symbol)
                .window(TumblingEventTimeWindows.of(1000))
                .apply((Trade t, Quote q) -> t.symbol() + " " + t.price() + "/" + q.bid())
                .sink((line, ts) -> printed.add(line + " @" + ts));
        run(pipeline);
        printed.sort(null);
        assertEquals(List.of("AAPL 190/189 @999", "AAPL 190/190 @999", "AAPL 191/189 @999", "AAPL 191/190 @999", "AAPL 193/192 @1999",
                "MSFT 410/409 @999"), printed);
    }

    @Test
    void coGroup() {
        StreamPipeline pipeline = StreamPipeline.named("co-group");
        trades(pipeline).coGroup(quotes(pipeline))
                .where(Trade::symbol)
                .equalTo(Quote::symbol)
                .window(EventTimeSessionWindows.withGap(500))
                .apply((Iterable<Trade> ts, Iterable<Quote> qs, Collector<String> out) -> {
                    int trades = 0;
                    int quotes = 0;
                    for (Trade t : ts) {
                        trades++;
                    }
                    for (Quote q : qs) {
                        quotes++;
                    }
                    out.collect(trades + " trades, " + quotes + " quotes");
                })
                .sink((line, ts) -> printed.add(line + " until " + ts));
        run(pipeline);
        printed.sort(null);
        assertEquals(List.of("1 trades, 1 quotes until 1999", "1 trades, 1 quotes until 699", "2 trades, 2 quotes until 799"), printed);
    }

    @Test
    void asOfJoin() {
        StreamPipeline pipeline = StreamPipeline.named("as-of-join");
        trades(pipeline).keyBy(Trade::symbol)
                .asOfJoin(quotes(pipeline).keyBy(Quote::symbol))
                .parallelism(2)
                .<String>process((t, q, ctx, out) -> out.collect(t.symbol() + " " + t.price() + "@" + t.time() + " bid "
                        + (q == null ? "none" : q.bid() + "@" + ctx.rightTimestamp())))
                .sink((line, ts) -> printed.add(line));
        run(pipeline);
        printed.sort(null);
        assertEquals(List.of("AAPL 190@100 bid 189@50", "AAPL 191@300 bid 190@250", "AAPL 193@1500 bid 192@1200", "MSFT 410@200 bid 409@150"),
                printed);
    }
}
