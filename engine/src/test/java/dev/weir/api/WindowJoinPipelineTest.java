package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.JoinFunction;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.CollectionSource;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.Punctuation;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.CoGroupWindowFunction;
import dev.weir.window.CountEvictor;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.JoinCoGroupFunction;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TaggedUnion;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.UnionKeySelector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/joins.md, "Window join and coGroup" through a whole pipeline, built as the join API
 * will build it once streams can be unioned: one source gives both inputs' elements already
 * tagged ({@link TaggedUnion}), then {@code keyBy(UnionKeySelector)}, {@code window(...)} and
 * {@code process(CoGroupWindowFunction)} on the existing API. Watermarks are punctuated by marker
 * steps of the source, so each run is exact: tumbling windows at parallelism 2 on the
 * deterministic and the threaded scheduler, sliding windows, session windows with a coGroup,
 * allowed lateness with a full re-fire and a late element dropped, and an evictor.
 */
final class WindowJoinPipelineTest {
    /** A trade: the join's first input. */
    record Trade(String symbol, long time, int quantity) {
    }

    /** A quote: the join's second input. */
    record Quote(String symbol, long time, long price) {
    }

    /** A source step: a tagged element at its time, or (element null) a watermark marker. */
    record Step(TaggedUnion<Trade, Quote> element, long time) {
    }

    private static final JoinFunction<Trade, Quote, String> FILL =
            (trade, quote) -> trade.symbol() + " " + trade.quantity() + "@" + trade.time() + " x " + quote.price() + "@" + quote.time();

    private static Step trade(final String symbol, final long time, final int quantity) {
        return new Step(TaggedUnion.one(new Trade(symbol, time, quantity)), time);
    }

    private static Step quote(final String symbol, final long time, final long price) {
        return new Step(TaggedUnion.two(new Quote(symbol, time, price)), time);
    }

    private static Step watermark(final long watermark) {
        return new Step(null, watermark);
    }

    /** The union of both inputs, keyed by symbol, from the steps given; watermarks at the markers. */
    private static KeyedStream<TaggedUnion<Trade, Quote>, String> union(final StreamPipeline pipeline, final List<Step> steps,
            final int parallelism) {
        final Punctuation<Step> markers = (step, ts) -> step.element() == null ? step.time() : Punctuation.NO_WATERMARK;
        return pipeline.from("tagged", CollectionSource.of(steps), WatermarkStrategy.forPunctuation(markers).withTimestampAssigner(
                        (step, ts) -> step.time()), 1)
                .filter(step -> step.element() != null)
                .map(Step::element)
                .keyBy(new UnionKeySelector<Trade, Quote, String>(Trade::symbol, Quote::symbol))
                .parallelism(parallelism);
    }

    private static List<String> runDeterministic(final StreamPipeline pipeline, final List<String> results) {
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
        return results;
    }

    /** @return the results of one symbol, in their order */
    private static List<String> of(final List<String> results, final String symbol) {
        final List<String> mine = new ArrayList<>();
        for (final String result : results) {
            if (result.startsWith(symbol + " ")) {
                mine.add(result);
            }
        }
        return mine;
    }

    private static final List<Step> TUMBLING = List.of(
            trade("A", 100, 1), quote("A", 150, 10), trade("B", 200, 2), trade("A", 300, 3), quote("A", 50, 11),
            quote("C", 400, 12), quote("B", 900, 13), quote("B", 950, 14), watermark(999),
            trade("A", 1100, 4), quote("B", 1200, 15), trade("B", 1300, 5), watermark(2000));

    private static StreamPipeline tumbling(final List<String> results) {
        final StreamPipeline pipeline = StreamPipeline.named("window-join").stateBackend(HeapStateBackend.INSTANCE);
        union(pipeline, TUMBLING, 2).window(TumblingEventTimeWindows.of(1000))
                .process(new CoGroupWindowFunction<Trade, Quote, String, String, TimeWindow>(new JoinCoGroupFunction<>(FILL)))
                .sink((line, ts) -> results.add(line + " ts=" + ts));
        return pipeline;
    }

    private static void assertTumbling(final List<String> results) {
        assertEquals(List.of("A 1@100 x 10@150 ts=999", "A 1@100 x 11@50 ts=999", "A 3@300 x 10@150 ts=999", "A 3@300 x 11@50 ts=999"),
                of(results, "A"), "nested loop in state order; the second window of A holds trades only");
        assertEquals(List.of("B 2@200 x 13@900 ts=999", "B 2@200 x 14@950 ts=999", "B 5@1300 x 15@1200 ts=1999"), of(results, "B"));
        assertEquals(List.of(), of(results, "C"), "C has quotes only");
        assertEquals(7, results.size());
    }

    @Test
    void aTumblingWindowJoinAtParallelismTwoOnTheDeterministicScheduler() {
        final List<String> results = new ArrayList<>();
        assertTumbling(runDeterministic(tumbling(results), results));
    }

    @Test
    void aTumblingWindowJoinAtParallelismTwoOnTheThreadedScheduler() throws InterruptedException {
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        try (RunningPipeline running = tumbling(results).start()) {
            assertTrue(running.awaitTermination(Duration.ofSeconds(60)), "the pipeline ended");
        }
        assertTumbling(new ArrayList<>(results));
    }

    @Test
    void aSlidingWindowJoinJoinsEachWindowBothElementsShare() {
        final List<String> results = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("sliding-join").stateBackend(HeapStateBackend.INSTANCE);
        union(pipeline, List.of(trade("A", 400, 1), quote("A", 700, 10), trade("A", 1200, 2)), 1)
                .window(SlidingEventTimeWindows.of(1000, 500))
                .process(new CoGroupWindowFunction<Trade, Quote, String, String, TimeWindow>(new JoinCoGroupFunction<>(FILL)))
                .sink((line, ts) -> results.add(line + " ts=" + ts));
        assertEquals(List.of("A 1@400 x 10@700 ts=999", "A 2@1200 x 10@700 ts=1499"), runDeterministic(pipeline, results));
    }

    @Test
    void aSessionCoGroupGetsBothGroupsOfEachMergedSession() {
        final List<String> results = new ArrayList<>();
        final CoGroupFunction<Trade, Quote, String> totals = (trades, quotes, out) -> {
            final List<Integer> quantities = new ArrayList<>();
            trades.forEach(trade -> quantities.add(trade.quantity()));
            final List<Long> prices = new ArrayList<>();
            quotes.forEach(quote -> prices.add(quote.price()));
            out.collect("trades=" + quantities + " quotes=" + prices);
        };
        final StreamPipeline pipeline = StreamPipeline.named("session-cogroup").stateBackend(HeapStateBackend.INSTANCE);
        union(pipeline, List.of(trade("A", 1000, 1), quote("A", 1250, 10), quote("A", 1050, 11), trade("A", 1150, 2),
                        trade("A", 2000, 3), quote("B", 1000, 12)), 1)
                .window(EventTimeSessionWindows.withGap(100))
                .process(new CoGroupWindowFunction<Trade, Quote, String, String, TimeWindow>(totals))
                .sink((line, ts) -> results.add(line + " ts=" + ts));
        runDeterministic(pipeline, results);
        results.sort(null);
        // A: [1000, 1350) merged from four sessions, and [2000, 2100) with a trade only; B: one quote
        assertEquals(List.of("trades=[1, 2] quotes=[11, 10] ts=1349", "trades=[3] quotes=[] ts=2099", "trades=[] quotes=[12] ts=1099"),
                results);
    }

    @Test
    void aLateElementWithinTheAllowedLatenessReFiresTheJoinInFullAndLaterOnesAreDropped() {
        final List<String> results = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("late-join").stateBackend(HeapStateBackend.INSTANCE);
        union(pipeline, List.of(trade("A", 100, 1), quote("A", 200, 10), watermark(999), quote("A", 300, 11), watermark(1499),
                        trade("A", 400, 2)), 1)
                .window(TumblingEventTimeWindows.of(1000))
                .allowedLateness(500)
                .process(new CoGroupWindowFunction<Trade, Quote, String, String, TimeWindow>(new JoinCoGroupFunction<>(FILL)))
                .sink((line, ts) -> results.add(line + " ts=" + ts));
        assertEquals(List.of("A 1@100 x 10@200 ts=999", "A 1@100 x 10@200 ts=999", "A 1@100 x 11@300 ts=999"),
                runDeterministic(pipeline, results));
    }

    @Test
    void anEvictorKeepsTheLastElementsOfBothInputsBeforeTheJoin() {
        final List<String> results = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("evicting-join").stateBackend(HeapStateBackend.INSTANCE);
        union(pipeline, List.of(trade("A", 100, 1), quote("A", 200, 10), trade("A", 300, 2), quote("A", 400, 11), trade("A", 500, 3)), 1)
                .window(TumblingEventTimeWindows.of(1000))
                .evictor(CountEvictor.of(3))
                .process(new CoGroupWindowFunction<Trade, Quote, String, String, TimeWindow>(new JoinCoGroupFunction<>(FILL)))
                .sink((line, ts) -> results.add(line + " ts=" + ts));
        assertEquals(List.of("A 2@300 x 11@400 ts=999", "A 3@500 x 11@400 ts=999"), runDeterministic(pipeline, results));
    }
}
