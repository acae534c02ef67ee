package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.api.KeyedStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.source.CollectionSource;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.ContinuousEventTimeTrigger;
import dev.weir.window.CountTrigger;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.EventTimeTrigger;
import dev.weir.window.Evictor;
import dev.weir.window.GlobalWindows;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.ProcessingTimeTrigger;
import dev.weir.window.PurgingTrigger;
import dev.weir.window.TimeEvictor;
import dev.weir.window.TimeWindow;
import dev.weir.window.TimestampedValue;
import dev.weir.window.Trigger;
import dev.weir.window.TriggerContext;
import dev.weir.window.TriggerResult;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.Window;
import java.io.Serializable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The window features Flink would run differently from Weir are refused before anything runs, with
 * their exact message; what runs is in {@link FlinkWindowFeaturesTest}.
 */
class FlinkWindowTranslationTest {
    private static final WatermarkStrategy<String> BOUNDED = WatermarkStrategy.<String>forBoundedOutOfOrderness(100).withTimestampAssigner(TIMESTAMP);
    private static final String ADVICE = "; make it a Serializable class, or cast the lambda to an intersection with Serializable, e.g."
            + " (Function<A, B> & Serializable)";

    private static KeyedStream<String, String> keyed(final String... elements) {
        return StreamPipeline.named("p").from("trades", CollectionSource.of(List.of(elements)), BOUNDED, 1).keyBy(KEY);
    }

    private static void assertRefused(final String message, final StreamPipeline pipeline) {
        final FlinkTranslationException refused = assertThrows(FlinkTranslationException.class,
                () -> FlinkRunner.execute(pipeline, FlinkTarget.local(1)));
        assertEquals(message, refused.getMessage());
    }

    @Test
    void processingTimeTriggersAreRefusedBareOrPurging() {
        final String why = "processing-time fires on Flink's wall clock, so the result would depend on timing";
        assertRefused("step 2 (window): the trigger ProcessingTimeTrigger(): " + why, keyed("a,1,1").window(TumblingEventTimeWindows.of(10))
                .trigger(ProcessingTimeTrigger.create()).reduce(SUM).sink((value, timestamp) -> { }));
        assertRefused("step 2 (window): the trigger PurgingTrigger(ProcessingTimeTrigger()): " + why, keyed("a,1,1")
                .window(TumblingEventTimeWindows.of(10)).trigger(PurgingTrigger.of(ProcessingTimeTrigger.create())).reduce(SUM)
                .sink((value, timestamp) -> { }));
    }

    @Test
    void continuousTriggersAreRefusedWhereFlinksFiresMoreOftenThanWeirs() {
        assertRefused("step 2 (window): the trigger ContinuousEventTimeTrigger(100): continuous-event-time on the global window: at end"
                + " of input Weir fires once more, Flink's trigger fires every 100 ms up to Long.MAX_VALUE", keyed("a,1,1")
                        .window(GlobalWindows.create()).trigger(ContinuousEventTimeTrigger.of(100)).reduce(SUM).sink((value, timestamp) -> { }));
        assertRefused("step 2 (window): the trigger ContinuousEventTimeTrigger(1): a 1000000 ms window holds more than 100000 periods of"
                + " 1 ms: Weir fires once for a watermark past more, Flink once per period", keyed("a,1,1")
                        .window(TumblingEventTimeWindows.of(1_000_000)).trigger(ContinuousEventTimeTrigger.of(1)).reduce(SUM)
                        .sink((value, timestamp) -> { }));
    }

    @Test
    void userTriggersEvictorsAndProcessFunctionsThatCannotBeShippedAreRefused() {
        final Trigger<Object, Window> trigger = new FiresOnEveryRecord();
        assertRefused("step 2 (window): the trigger cannot be shipped to Flink's tasks: it is not serializable" + ADVICE, keyed("a,1,1")
                .window(TumblingEventTimeWindows.of(10)).trigger(trigger).reduce(SUM).sink((value, timestamp) -> { }));
        assertRefused("step 2 (window): the trigger cannot be shipped to Flink's tasks: it is not serializable" + ADVICE, keyed("a,1,1")
                .window(TumblingEventTimeWindows.of(10)).trigger(PurgingTrigger.of(trigger)).reduce(SUM).sink((value, timestamp) -> { }));
        final Evictor<Object, TimeWindow> evictor = new Evictor<>() {
            @Override
            public void evictBefore(final List<TimestampedValue<Object>> elements, final TimeWindow window, final long currentWatermark) {
            }

            @Override
            public void evictAfter(final List<TimestampedValue<Object>> elements, final TimeWindow window, final long currentWatermark) {
            }
        };
        assertRefused("step 2 (window): the evictor cannot be shipped to Flink's tasks: it is not serializable" + ADVICE, keyed("a,1,1")
                .window(TumblingEventTimeWindows.of(10)).evictor(evictor).reduce(SUM).sink((value, timestamp) -> { }));
        final ProcessWindowFunction<String, String, String, TimeWindow> all = (key, context, elements, out) -> out.collect(key);
        assertRefused("step 2 (window): the process window function cannot be shipped to Flink's tasks: it is not serializable" + ADVICE,
                keyed("a,1,1").window(TumblingEventTimeWindows.of(10)).process(all).sink((value, timestamp) -> { }));
        assertRefused("step 2 (window): the process window function cannot be shipped to Flink's tasks: it is not serializable" + ADVICE,
                keyed("a,1,1").window(TumblingEventTimeWindows.of(10)).aggregate(new PipelineFunctions.CountAndSum(), all)
                        .sink((value, timestamp) -> { }));
    }

    @Test
    void aProcessWindowFunctionHoldingADescriptorOfAnUnserializableFunctionIsRefusedNamingTheDescriptor() {
        final ReducingStateDescriptor<Long> seen = new ReducingStateDescriptor<>("seen", Long::sum);
        final ProcessWindowFunction<String, String, String, TimeWindow> counting = (ProcessWindowFunction<String, String, String, TimeWindow>
                & Serializable) (key, context, elements, out) -> context.windowState(seen).add(1L);
        assertRefused("step 2 (window): the process window function cannot be shipped to Flink's tasks: it holds a value that is not"
                + " serializable: the reduce function of the ReducingStateDescriptor 'seen' (a lambda)" + ADVICE,
                keyed("a,1,1").window(TumblingEventTimeWindows.of(10)).process(counting).sink((value, timestamp) -> { }));
    }

    @Test
    void eventTimesThatTakeATriggerOrAnEvictorPastThe64BitRangeAreRefused() {
        final long early = Long.MIN_VALUE + 50;
        assertRefused("step 2 (window): a record at event time " + early + " takes Flink's time evictor's cutoff (the newest timestamp"
                + " minus 100 ms) past the 64-bit range: Weir saturates at Long.MIN_VALUE, Flink wraps around; not run on Flink",
                keyed("a,1,1", "a," + early + ",2").window(GlobalWindows.create()).trigger(CountTrigger.of(2)).evictor(TimeEvictor.of(100))
                        .reduce(SUM).sink((value, timestamp) -> { }));
        final long late = Long.MAX_VALUE / 2 + 20_000;
        assertRefused("step 2 (window): a record at event time " + late + " takes Flink's tumbling window arithmetic (window bounds, a"
                + " bound plus allowedLateness, continuous-trigger fire times) past the 64-bit range: Weir saturates at Long.MIN_VALUE and"
                + " Long.MAX_VALUE, Flink wraps around; not run on Flink", keyed("a," + late + ",1").window(TumblingEventTimeWindows.of(10_000))
                        .trigger(ContinuousEventTimeTrigger.of(Long.MAX_VALUE / 2)).reduce(SUM).sink((value, timestamp) -> { }));
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void triggersWeirRefusesForTheirWindowsNeverReachTheTranslation() {
        // Weir's API refuses them as the window function is given, before there is a plan to translate
        assertEquals("EventTimeTrigger() needs windows of type TimeWindow, but GlobalWindows() makes GlobalWindow windows: use a count,"
                + " continuous event-time or custom trigger with the global window", assertThrows(IllegalArgumentException.class,
                        () -> keyed("a,1,1").window(GlobalWindows.create()).trigger((Trigger) EventTimeTrigger.create()).reduce(SUM)).getMessage());
        assertEquals("EventTimeSessionWindows(10) merges windows, but FiresOnEveryRecord does not support merging", assertThrows(
                IllegalArgumentException.class, () -> keyed("a,1,1").window(EventTimeSessionWindows.withGap(10)).trigger(new FiresOnEveryRecord())
                        .reduce(SUM)).getMessage());
    }

    /** Fires on every record; cannot merge, and is not serializable. */
    private static final class FiresOnEveryRecord implements Trigger<Object, Window> {
        @Override
        public TriggerResult onElement(final Object element, final long timestamp, final Window window, final TriggerContext ctx) {
            return TriggerResult.FIRE;
        }

        @Override
        public TriggerResult onEventTime(final long time, final Window window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(final long time, final Window window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(final Window window, final TriggerContext ctx) {
        }

        @Override
        public String toString() {
            return "FiresOnEveryRecord";
        }
    }
}
