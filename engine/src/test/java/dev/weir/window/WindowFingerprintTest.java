package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.weir.operator.CheckpointedOperator;
import dev.weir.operator.Collector;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.OutputTag;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A window operator's fingerprint names every aspect that gives its state its meaning, with
 * parameters and without identity hashes, so that two runs of one job agree and jobs that differ
 * in any aspect do not.
 */
final class WindowFingerprintTest {
    /** A named window function: the fingerprint names its class. */
    static final class CountElements implements ProcessWindowFunction<Long, Long, Long, TimeWindow> {
        @Override
        public void process(final Long key, final Context<TimeWindow> context, final Iterable<Long> elements, final Collector<Long> out) {
            long count = 0;
            for (final Long ignored : elements) {
                count++;
            }
            out.collect(count);
        }
    }

    private static Map<String, String> fingerprint(final OperatorFactory<Long, Long> factory) {
        return ((CheckpointedOperator) factory.create()).fingerprint();
    }

    private static WindowOperatorBuilder<Long, Long, TimeWindow> tumbling() {
        return WindowOperatorBuilder.of(value -> value % 3, TumblingEventTimeWindows.<Long>of(5000));
    }

    @Test
    void everyAspectIsNamedWithItsParameters() {
        assertEquals(Map.of("operator", "window",
                "window assigner", "TumblingEventTimeWindows(5000, 0)",
                "trigger", "EventTimeTrigger()",
                "evictor", "none",
                "allowed lateness", "0 ms",
                "late data", "dropped",
                "window state", "window-contents ListStateDescriptor",
                "window function", CountElements.class.getName()), fingerprint(tumbling().process(new CountElements())));
        assertEquals(List.of("operator", "window assigner", "trigger", "evictor", "allowed lateness", "late data", "window state",
                "window function"), List.copyOf(fingerprint(tumbling().process(new CountElements())).keySet()), "a stable order");
    }

    @Test
    void twoOperatorsOfOneJobAgreeAndEachChangedAspectShows() {
        final Map<String, String> base = fingerprint(tumbling().process(new CountElements()));
        assertEquals(base, fingerprint(tumbling().process(new CountElements())));
        final Map<String, Map<String, String>> changed = Map.of(
                "window assigner", fingerprint(WindowOperatorBuilder.<Long, Long, TimeWindow>of(value -> value % 3,
                        SlidingEventTimeWindows.of(10000, 5000)).process(new CountElements())),
                "trigger", fingerprint(tumbling().trigger(CountTrigger.of(3)).process(new CountElements())),
                "evictor", fingerprint(tumbling().evictor(CountEvictor.of(2)).process(new CountElements())),
                "allowed lateness", fingerprint(tumbling().allowedLateness(100).process(new CountElements())),
                "late data", fingerprint(tumbling().sideOutputLateData(new OutputTag<>("late")).process(new CountElements())));
        for (final Map.Entry<String, Map<String, String>> aspect : changed.entrySet()) {
            assertNotEquals(base.get(aspect.getKey()), aspect.getValue().get(aspect.getKey()), aspect.getKey());
        }
        assertEquals("SlidingEventTimeWindows(10000, 5000, 0)", changed.get("window assigner").get("window assigner"));
        assertEquals("CountTrigger(3)", changed.get("trigger").get("trigger"));
        assertEquals("side output late", changed.get("late data").get("late data"));
    }

    @Test
    void partsAreDescribedWithoutIdentityHashes() {
        assertEquals("none", CheckpointedOperator.describe(null));
        final Runnable lambda = () -> { };
        assertEquals("a lambda", CheckpointedOperator.describe(lambda));
        assertEquals(Object.class.getName(), CheckpointedOperator.describe(new Object()));
        assertEquals("EventTimeSessionWindows(300)", CheckpointedOperator.describe(EventTimeSessionWindows.withGap(300)));
    }
}
