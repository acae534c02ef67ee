package dev.weir.flink.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.window.Evictor;
import dev.weir.window.TimestampedValue;
import dev.weir.window.Window;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.junit.jupiter.api.Test;

/** {@link WeirEvictorOnFlink}: Flink's window loses exactly the elements the Weir evictor removed, and an evictor may only remove. */
class WeirEvictorOnFlinkTest {
    private static final org.apache.flink.streaming.api.windowing.evictors.Evictor.EvictorContext AT_WATERMARK_700 =
            new org.apache.flink.streaming.api.windowing.evictors.Evictor.EvictorContext() {
        @Override
        public long getCurrentProcessingTime() {
            return 0;
        }

        @Override
        public MetricGroup getMetricGroup() {
            throw new UnsupportedOperationException("no metrics in this test");
        }

        @Override
        public long getCurrentWatermark() {
            return 700;
        }
    };

    @Test
    void flinksWindowLosesWhatWeirsEvictorRemoves() {
        assertEquals(List.of(2L, 4L), evictBefore(elements -> elements.removeIf(e -> (Long) e.value() % 2 == 1)), "odd values");
        assertEquals(List.of(3L, 4L, 5L), evictBefore(elements -> elements.subList(0, 2).clear()), "the oldest two");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), evictBefore(elements -> { }), "none");
        assertEquals(List.of(), evictBefore(List::clear), "all");
        assertEquals(List.of(1L, 5L), evictAfter(elements -> elements.subList(1, 4).clear()), "the middle, after the function");
    }

    @Test
    void weirsEvictorSeesTheElementsTheirTimesTheWindowAndTheWatermark() {
        final List<String> seen = new ArrayList<>();
        final List<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> flink = new ArrayList<>();
        flink.add(new org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<>("a", 100));
        flink.add(new org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<>("b"));
        new WeirEvictorOnFlink<TimeWindow>(new Scripted(elements -> { }, (elements, window, watermark) -> {
            elements.forEach(e -> seen.add(e.value() + "@" + e.timestamp()));
            seen.add(window + " wm=" + watermark);
        })).evictAfter(flink, flink.size(), new TimeWindow(0, 1000), AT_WATERMARK_700);
        assertEquals(List.of("a@100", "b@" + Long.MIN_VALUE, "[0,1000) wm=700"), seen);
    }

    @Test
    void anEvictorThatAddsOrReordersFailsInsteadOfLeavingFlinksWindowDifferent() {
        final String message = "an evictor added or reordered a window's elements; on Flink an evictor may only remove them";
        assertEquals(message, assertThrows(IllegalStateException.class,
                () -> evictBefore(elements -> elements.add(new TimestampedValue<>(9L, 900)))).getMessage());
        assertEquals(message, assertThrows(IllegalStateException.class, () -> evictBefore(Collections::reverse)).getMessage());
    }

    private static List<Long> evictBefore(final Consumer<List<TimestampedValue<Object>>> evict) {
        final List<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> flink = fiveElements();
        new WeirEvictorOnFlink<TimeWindow>(new Scripted(evict, (elements, window, watermark) -> { }))
                .evictBefore(flink, flink.size(), new TimeWindow(0, 1000), AT_WATERMARK_700);
        return values(flink);
    }

    private static List<Long> evictAfter(final Consumer<List<TimestampedValue<Object>>> evict) {
        final List<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> flink = fiveElements();
        new WeirEvictorOnFlink<TimeWindow>(new Scripted(elements -> { throw new AssertionError("not before"); }, (elements, window, watermark) ->
                evict.accept(elements))).evictAfter(flink, flink.size(), new TimeWindow(0, 1000), AT_WATERMARK_700);
        return values(flink);
    }

    private static List<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> fiveElements() {
        final List<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> flink = new ArrayList<>();
        for (long value = 1; value <= 5; value++) {
            flink.add(new org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<>(value, value * 100));
        }
        return flink;
    }

    private static List<Long> values(final List<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> flink) {
        final List<Long> values = new ArrayList<>();
        flink.forEach(element -> values.add((Long) element.getValue()));
        return values;
    }

    /** What {@link Scripted} does after the function. */
    private interface AfterFunction {
        void evict(List<TimestampedValue<Object>> elements, Window window, long watermark);
    }

    /** An evictor doing what the test tells it. */
    private static final class Scripted implements Evictor<Object, Window> {
        private final Consumer<List<TimestampedValue<Object>>> before;
        private final AfterFunction after;

        Scripted(final Consumer<List<TimestampedValue<Object>>> before, final AfterFunction after) {
            this.before = before;
            this.after = after;
        }

        @Override
        public void evictBefore(final List<TimestampedValue<Object>> elements, final Window window, final long currentWatermark) {
            before.accept(elements);
        }

        @Override
        public void evictAfter(final List<TimestampedValue<Object>> elements, final Window window, final long currentWatermark) {
            after.evict(elements, window, currentWatermark);
        }
    }
}
