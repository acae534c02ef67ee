package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.operator.Collector;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.OutputTag;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.testing.CountSum;
import dev.weir.testing.OperatorHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The window operator's shortcut for a record added to a present window entry (EventTimeTrigger,
 * non-merging event-time windows, no lateness, no evictor: the trigger and cleanup
 * registrations are skipped) is exact: random records and watermarks, going back at times,
 * give the same output events, counters and timers as the same operator whose trigger is an
 * EventTimeTrigger behind a delegate, which takes the full path.
 */
final class PresentWindowShortcutTest {
    private static final OutputTag<String> LATE = new OutputTag<>("late");

    /** An EventTimeTrigger the operator cannot recognise: it always takes the full path. */
    private static final class DelegatingEventTimeTrigger implements Trigger<String, TimeWindow> {
        private final EventTimeTrigger<String> delegate = EventTimeTrigger.create();

        @Override
        public TriggerResult onElement(final String element, final long timestamp, final TimeWindow window, final TriggerContext ctx) {
            return delegate.onElement(element, timestamp, window, ctx);
        }

        @Override
        public TriggerResult onEventTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            return delegate.onEventTime(time, window, ctx);
        }

        @Override
        public TriggerResult onProcessingTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            return delegate.onProcessingTime(time, window, ctx);
        }

        @Override
        public void clear(final TimeWindow window, final TriggerContext ctx) {
            delegate.clear(window, ctx);
        }

        @Override
        public Class<?> windowType() {
            return TimeWindow.class;
        }
    }

    private static ProcessWindowFunction<CountSum, String, String, TimeWindow> describeCountSum() {
        return (key, context, elements, out) -> {
            final CountSum result = elements.iterator().next();
            out.collect(key + "@" + context.window() + " count=" + result.count + " sum=" + result.sum + " wm=" + context.currentWatermark());
        };
    }

    private static OperatorFactory<String, String> operator(final WindowAssigner<Object, TimeWindow> assigner, final boolean shortcut) {
        final WindowOperatorBuilder<String, String, TimeWindow> builder = WindowOperatorBuilder.<String, String, TimeWindow>of(WindowFixtures.BY_KEY, assigner)
                .sideOutputLateData(LATE);
        if (!shortcut) {
            builder.trigger(new DelegatingEventTimeTrigger());
        }
        return builder.aggregate(CountSum.<String>of(record -> Long.parseLong(WindowFixtures.payloadOf(record))), describeCountSum());
    }

    private static List<String> timers(final OperatorHarness<?, ?> harness) {
        final List<String> timers = new ArrayList<>();
        WindowFixtures.operatorOf(harness).timerService().eventTimeTimers()
                .forEach((timestamp, key, namespace) -> timers.add(timestamp + " " + key + " " + namespace));
        timers.sort(null);
        return timers;
    }

    private static void assertSameBehaviour(final WindowAssigner<Object, TimeWindow> assigner, final long seed) {
        final OperatorHarness<String, String> fast = new OperatorHarness<>(operator(assigner, true));
        final OperatorHarness<String, String> full = new OperatorHarness<>(operator(assigner, false));
        final SplittableRandom random = new SplittableRandom(seed);
        long watermark = -50;
        for (int step = 0; step < 5_000; step++) {
            final int action = random.nextInt(20);
            if (action == 0) {
                // mostly forward, sometimes back: the operator must not rely on monotonic watermarks
                watermark += random.nextInt(10) == 0 ? -random.nextInt(200) : random.nextInt(150);
                fast.processWatermark(watermark);
                full.processWatermark(watermark);
            } else {
                final String record = "k" + random.nextInt(6) + ":" + random.nextInt(100);
                final long timestamp = watermark - 60 + random.nextInt(300);
                fast.processElement(record, timestamp);
                full.processElement(record, timestamp);
            }
            if (step % 97 == 0) {
                assertEquals(timers(full), timers(fast), "timers at step " + step + " (seed " + seed + ")");
            }
        }
        fast.processWatermark(Long.MAX_VALUE);
        full.processWatermark(Long.MAX_VALUE);
        assertEquals(full.events(), fast.events(), "seed " + seed);
        assertEquals(timers(full), timers(fast));
        assertEquals(WindowFixtures.operatorOf(full).lateRecordsSideOutput(), WindowFixtures.operatorOf(fast).lateRecordsSideOutput());
        assertEquals(WindowFixtures.operatorOf(full).recordsOut(), WindowFixtures.operatorOf(fast).recordsOut());
        assertFalse(fast.events().isEmpty());
    }

    @Test
    void tumblingWindowsBehaveAsWithoutTheShortcut() {
        for (long seed = 1; seed <= 20; seed++) {
            assertSameBehaviour(TumblingEventTimeWindows.of(100), seed);
        }
    }

    @Test
    void slidingWindowsBehaveAsWithoutTheShortcut() {
        for (long seed = 1; seed <= 20; seed++) {
            assertSameBehaviour(SlidingEventTimeWindows.of(100, 30), seed);
        }
    }

    @Test
    void aFunctionReachingTheWindowContentsStateSwitchesTheShortcutOff() {
        final AggregatingStateDescriptor<String, CountSum, CountSum> contents = new AggregatingStateDescriptor<>("window-contents",
                CountSum.<String>of(record -> 1));
        final OperatorHarness<String, String> harness = new OperatorHarness<>(WindowOperatorBuilder
                .<String, String, TimeWindow>of(WindowFixtures.BY_KEY, TumblingEventTimeWindows.of(100))
                .aggregate(CountSum.<String>of(record -> 1), new ProcessWindowFunction<CountSum, String, String, TimeWindow>() {
                    @Override
                    public void process(final String key, final Context<TimeWindow> context, final Iterable<CountSum> elements,
                            final Collector<String> out) {
                        out.collect(key + " " + elements.iterator().next().count);
                    }

                    @Override
                    public void clear(final Context<TimeWindow> context) {
                        context.windowState(contents);
                    }
                }));
        harness.processElement("a:1", 10);
        harness.processWatermark(99);
        assertEquals(List.of("a 1"), harness.records());
        assertTrue(timers(harness).isEmpty());
    }

    @Test
    void restoredWindowContentsSwitchTheShortcutOff() {
        // a snapshot of a job with allowed lateness: the window fired at maxTimestamp, its entry
        // stays until the cleanup timer; restored here without lateness and with the watermark
        // back at MIN, a new record must register the trigger's timer again
        final OperatorHarness<String, String> harness = new OperatorHarness<>(operator(TumblingEventTimeWindows.of(100), true));
        final WindowOperator<?, ?, ?, ?> operator = WindowFixtures.operatorOf(harness);
        harness.processElement("a:5", 10);
        final List<Object[]> entries = new ArrayList<>();
        operator.keyedStateBackend().snapshot((stateName, keyGroup, key, namespace, value) -> entries.add(
                new Object[] {stateName, keyGroup, key, namespace, value}));
        final OperatorHarness<String, String> restored = new OperatorHarness<>(operator(TumblingEventTimeWindows.of(100), true));
        final WindowOperator<?, ?, ?, ?> target = WindowFixtures.operatorOf(restored);
        for (final Object[] entry : entries) {
            target.restoreStateEntry((String) entry[0], (Integer) entry[1], entry[2], entry[3], entry[4]);
        }
        restored.processElement("a:7", 20);
        assertEquals(List.of("99 a [0,100)"), timers(restored));
        restored.processWatermark(99);
        assertEquals(List.of("a@[0,100) count=2 sum=12 wm=99"), restored.records());
    }
}
