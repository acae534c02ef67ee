package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.FlatJoinFunction;
import dev.weir.operator.JoinFunction;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorFactory;
import dev.weir.testing.OperatorHarness;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/joins.md, "Window join and coGroup" at operator level, built as Flink builds it: both
 * inputs tagged ({@link TaggedUnion}), keyed by {@link UnionKeySelector}, one window operator whose
 * window function is a {@link CoGroupWindowFunction}, the inner join a {@link JoinCoGroupFunction}.
 * The windows follow §4: tumbling, sliding and session (merging) windows, allowed lateness with a
 * full re-fire, late records dropped and counted, an evictor and a custom trigger. A join emits
 * for each first-input element in state order each second-input element in state order, at the
 * window's maxTimestamp; a window with one input only emits nothing. Elements are
 * {@code key:value} strings on both sides.
 */
final class WindowJoinTest {
    private static final KeySelector<String, String> KEY = WindowFixtures.BY_KEY;
    private static final JoinFunction<String, String, String> PAIR = (first, second) -> first + "+" + WindowFixtures.payloadOf(second);
    private static final CoGroupFunction<String, String, String> GROUPS = (first, second, out) -> out.collect(list(first) + " " + list(second));

    private static List<String> list(final Iterable<String> elements) {
        final List<String> list = new ArrayList<>();
        elements.forEach(list::add);
        return list;
    }

    private static <W extends Window> WindowOperatorBuilder<TaggedUnion<String, String>, String, W> windows(
            final WindowAssigner<? super TaggedUnion<String, String>, W> assigner) {
        return WindowOperatorBuilder.of(new UnionKeySelector<>(KEY, KEY), assigner);
    }

    private static <W extends Window> OperatorHarness<TaggedUnion<String, String>, String> join(
            final WindowOperatorBuilder<TaggedUnion<String, String>, String, W> builder) {
        return new OperatorHarness<>(builder.process(new CoGroupWindowFunction<>(new JoinCoGroupFunction<>(PAIR))));
    }

    private static <W extends Window> OperatorHarness<TaggedUnion<String, String>, String> coGroup(
            final WindowOperatorBuilder<TaggedUnion<String, String>, String, W> builder) {
        final OperatorFactory<TaggedUnion<String, String>, String> factory = builder.process(new CoGroupWindowFunction<>(GROUPS));
        return new OperatorHarness<>(factory);
    }

    private static void first(final OperatorHarness<TaggedUnion<String, String>, String> harness, final String value, final long ts) {
        harness.processElement(TaggedUnion.one(value), ts);
    }

    private static void second(final OperatorHarness<TaggedUnion<String, String>, String> harness, final String value, final long ts) {
        harness.processElement(TaggedUnion.two(value), ts);
    }

    @Test
    void aTumblingJoinEmitsTheNestedLoopOfEachWindowAtItsMaxTimestamp() {
        final OperatorHarness<TaggedUnion<String, String>, String> harness = join(windows(TumblingEventTimeWindows.of(1000)));
        first(harness, "a:L1", 100);
        second(harness, "a:R1", 200);
        first(harness, "a:L2", 300);
        second(harness, "a:R2", 400);
        first(harness, "b:L3", 500); // b has no second-input element: nothing
        second(harness, "c:R3", 600); // c has no first-input element: nothing
        second(harness, "a:R3", 50);
        first(harness, "a:L4", 1100); // the next window holds a first-input element only
        second(harness, "b:R4", 1200);
        first(harness, "b:L5", 1300);
        harness.processWatermark(999);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of(
                "a:L1+R1@999", "a:L1+R2@999", "a:L1+R3@999", "a:L2+R1@999", "a:L2+R2@999", "a:L2+R3@999", "WM 999",
                "b:L5+R4@1999", "WM MAX"), harness.events());
    }

    @Test
    void aCoGroupGetsBothGroupsOfAWindowInOneCallEvenWhenOneIsEmpty() {
        final OperatorHarness<TaggedUnion<String, String>, String> harness = coGroup(windows(TumblingEventTimeWindows.of(1000)));
        second(harness, "a:R1", 100);
        first(harness, "a:L1", 200);
        second(harness, "a:R2", 300);
        first(harness, "b:L2", 400);
        second(harness, "c:R3", 500);
        harness.processWatermark(999);
        assertEquals(List.of("[a:L1] [a:R1, a:R2]@999", "[b:L2] []@999", "[] [c:R3]@999", "WM 999"), harness.events());
    }

    @Test
    void aFlatJoinMayEmitAnyNumberOfResultsPerPair() {
        final FlatJoinFunction<String, String, String> evenPairs = (first, second, out) -> {
            if ((WindowFixtures.payloadOf(first) + WindowFixtures.payloadOf(second)).length() % 2 == 0) {
                out.collect(first + "+" + WindowFixtures.payloadOf(second));
                out.collect(second + "+" + WindowFixtures.payloadOf(first));
            }
        };
        final OperatorHarness<TaggedUnion<String, String>, String> harness = new OperatorHarness<>(windows(TumblingEventTimeWindows.of(1000))
                .process(new CoGroupWindowFunction<>(new FlatJoinCoGroupFunction<>(evenPairs))));
        first(harness, "a:x", 1);
        first(harness, "a:yy", 2);
        second(harness, "a:z", 3);
        harness.processWatermark(999);
        assertEquals(List.of("a:x+z@999", "a:z+x@999", "WM 999"), harness.events());
    }

    @Test
    void aSlidingJoinJoinsThePairsOfEveryWindowBothElementsShare() {
        final OperatorHarness<TaggedUnion<String, String>, String> harness = join(windows(SlidingEventTimeWindows.of(1000, 500)));
        first(harness, "a:L1", 400); // [-500, 500) and [0, 1000)
        second(harness, "a:R1", 700); // [0, 1000) and [500, 1500)
        first(harness, "a:L2", 1200); // [500, 1500) and [1000, 2000)
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a:L1+R1@999", "a:L2+R1@1499", "WM MAX"), harness.events());
    }

    @Test
    void sessionWindowsMergeBothInputsAndJoinInTheMergedStateOrder() {
        final OperatorHarness<TaggedUnion<String, String>, String> harness = join(windows(EventTimeSessionWindows.withGap(100)));
        first(harness, "a:L1", 1000); // [1000, 1100)
        second(harness, "a:R1", 1250); // [1250, 1350)
        second(harness, "a:R2", 1050); // merges into [1000, 1150)
        first(harness, "a:L2", 1150); // [1150, 1250) touches both sessions: [1000, 1350)
        second(harness, "b:R3", 1000); // a session of b with no first-input element
        harness.processWatermark(1348);
        assertEquals(List.of("WM 1348"), harness.events());
        harness.processWatermark(1349);
        // the merged state keeps the order of the session whose state window it keeps, then the others'
        assertEquals(List.of("WM 1348", "a:L1+R2@1349", "a:L1+R1@1349", "a:L2+R2@1349", "a:L2+R1@1349", "WM 1349"), harness.events());
    }

    @Test
    void aLateElementWithinTheAllowedLatenessReFiresTheWholeWindowAndLaterOnesAreDroppedAndCounted() {
        final OperatorHarness<TaggedUnion<String, String>, String> harness = join(windows(TumblingEventTimeWindows.of(1000)).allowedLateness(500));
        first(harness, "a:L1", 100);
        second(harness, "a:R1", 200);
        harness.processWatermark(999);
        second(harness, "a:R2", 300); // late but within the lateness: the full window again
        first(harness, "a:L2", 400); // and again, with every pair
        harness.processWatermark(1499); // cleanup at 999 + 500
        first(harness, "a:L3", 500); // too late: dropped
        assertEquals(List.of(
                "a:L1+R1@999", "WM 999",
                "a:L1+R1@999", "a:L1+R2@999",
                "a:L1+R1@999", "a:L1+R2@999", "a:L2+R1@999", "a:L2+R2@999",
                "WM 1499"), harness.events());
        assertEquals(1, WindowFixtures.operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void anEvictorSeesBothInputsElementsBeforeTheJoin() {
        final OperatorHarness<TaggedUnion<String, String>, String> harness =
                join(windows(TumblingEventTimeWindows.of(1000)).evictor(CountEvictor.of(3)));
        first(harness, "a:L1", 100);
        second(harness, "a:R1", 200);
        first(harness, "a:L2", 300);
        second(harness, "a:R2", 400);
        first(harness, "a:L3", 500);
        harness.processWatermark(999);
        // the evictor keeps the last three of the union: L2, R2, L3
        assertEquals(List.of("a:L2+R2@999", "a:L3+R2@999", "WM 999"), harness.events());
    }

    /** Fires the window at each second-input element, and fires and purges it at its end. */
    static final class FireOnSecondInput implements Trigger<TaggedUnion<String, String>, TimeWindow> {
        @Override
        public TriggerResult onElement(final TaggedUnion<String, String> element, final long timestamp, final TimeWindow window,
                final TriggerContext ctx) {
            ctx.registerEventTimeTimer(window.maxTimestamp());
            return element.isTwo() ? TriggerResult.FIRE : TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            return time == window.maxTimestamp() ? TriggerResult.FIRE_AND_PURGE : TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(final TimeWindow window, final TriggerContext ctx) {
            ctx.deleteEventTimeTimer(window.maxTimestamp());
        }
    }

    @Test
    void aCustomTriggerFiresTheJoinWhenItSays() {
        final OperatorHarness<TaggedUnion<String, String>, String> harness =
                join(windows(TumblingEventTimeWindows.of(1000)).trigger(new FireOnSecondInput()));
        first(harness, "a:L1", 100);
        second(harness, "a:R1", 200); // fires: L1 x R1
        first(harness, "a:L2", 300);
        second(harness, "a:R2", 400); // fires again with everything so far
        harness.processWatermark(999); // fires and purges
        first(harness, "a:L3", 1100);
        harness.processWatermark(1999); // one input only: nothing
        assertEquals(List.of(
                "a:L1+R1@999",
                "a:L1+R1@999", "a:L1+R2@999", "a:L2+R1@999", "a:L2+R2@999",
                "a:L1+R1@999", "a:L1+R2@999", "a:L2+R1@999", "a:L2+R2@999", "WM 999",
                "WM 1999"), harness.events());
    }

    @Test
    void aCountTriggerOnGlobalWindowsCountsElementsOfBothInputs() {
        final OperatorHarness<TaggedUnion<String, String>, String> harness =
                join(windows(GlobalWindows.create()).trigger(PurgingTrigger.of(CountTrigger.of(3))));
        first(harness, "a:L1", 100);
        second(harness, "a:R1", 200);
        first(harness, "a:L2", 300); // the third element: fires and purges
        second(harness, "a:R2", 400);
        second(harness, "a:R3", 500);
        first(harness, "a:L3", 600);
        assertEquals(List.of("a:L1+R1@MAX", "a:L2+R1@MAX", "a:L3+R2@MAX", "a:L3+R3@MAX"), harness.events());
    }

    @Test
    void theWindowFingerprintNamesTheJoinAndTheUsersFunction() {
        final OperatorHarness<TaggedUnion<String, String>, String> harness = join(windows(TumblingEventTimeWindows.of(1000)));
        assertEquals("coGroup join a lambda", WindowFixtures.operatorOf(harness).fingerprint().get("window function"));
        assertEquals("union key (a lambda, a lambda)", new UnionKeySelector<>(KEY, KEY).toString());
    }

    @Test
    void aTaggedUnionTellsItsInput() {
        final TaggedUnion<String, Integer> one = TaggedUnion.one("x");
        final TaggedUnion<String, Integer> two = TaggedUnion.two(7);
        assertEquals(List.of(true, false, "x", "one(x)"), List.of(one.isOne(), one.isTwo(), one.getOne(), one.toString()));
        assertEquals(List.of(false, true, 7, "two(7)"), List.of(two.isOne(), two.isTwo(), two.getTwo(), two.toString()));
        assertEquals(TaggedUnion.<String, Integer>one("x"), one);
        assertEquals(one.hashCode(), TaggedUnion.<String, Integer>one("x").hashCode());
    }
}
