package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.operator.JoinFunction;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.EventTimeTrigger;
import dev.weir.window.GlobalWindows;
import dev.weir.window.Trigger;
import dev.weir.window.TriggerContext;
import dev.weir.window.TriggerResult;
import dev.weir.window.Window;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The window join's and coGroup's API refuses a wrong configuration where it is given, with one
 * message naming it: a negative allowed lateness, a parallelism below one, a time trigger on the
 * global window, a trigger that cannot merge session windows, and missing functions or selectors.
 */
final class JoinedStreamsTest {
    private static DataStream<String> words() {
        return StreamPipeline.named("joins").from("words", CollectionSource.of(List.of("a:1")),
                WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((word, ts) -> 0), 1);
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"}) // a time trigger on the global window only compiles raw, as a user's mistake would
    void aJoinRefusesAWrongConfigurationWhereItIsGiven() {
        final DataStream<String> words = words();
        final JoinedStreams<String, String>.Where<String>.EqualTo keyed =
                new JoinedStreams<>(words, words).where(word -> word.substring(0, 1)).equalTo(word -> word.substring(0, 1));
        final IllegalArgumentException lateness = assertThrows(IllegalArgumentException.class,
                () -> keyed.window(GlobalWindows.create()).allowedLateness(Duration.ofMillis(-1)));
        assertEquals("allowedLateness must not be negative: PT-0.001S", lateness.getMessage());
        final IllegalArgumentException parallelism = assertThrows(IllegalArgumentException.class,
                () -> keyed.window(GlobalWindows.create()).parallelism(0));
        assertEquals("parallelism must be at least 1: 0", parallelism.getMessage());
        final IllegalArgumentException timeTrigger = assertThrows(IllegalArgumentException.class,
                () -> keyed.window(GlobalWindows.create()).trigger((Trigger) EventTimeTrigger.create()));
        assertTrue(timeTrigger.getMessage().contains("needs windows of type TimeWindow"), timeTrigger.getMessage());
        assertThrows(NullPointerException.class, () -> keyed.window(GlobalWindows.create()).apply((JoinFunction<String, String, String>) null));
        assertThrows(NullPointerException.class, () -> new JoinedStreams<>(words, words).where(null));
    }

    /** A trigger that never fires and cannot merge windows. */
    static final class FireNever implements Trigger<Object, Window> {
        @Override
        public TriggerResult onElement(final Object element, final long timestamp, final Window window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
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
    }

    @Test
    void aCoGroupRefusesATriggerThatCannotMergeSessions() {
        final DataStream<String> words = words();
        final CoGroupedStreams<String, String>.Where<String>.EqualTo keyed =
                new CoGroupedStreams<>(words, words).where(word -> word.substring(0, 1)).equalTo(word -> word.substring(0, 1));
        final IllegalArgumentException merging = assertThrows(IllegalArgumentException.class,
                () -> keyed.window(EventTimeSessionWindows.withGap(100)).trigger(new FireNever()));
        assertTrue(merging.getMessage().contains("does not support merging"), merging.getMessage());
        assertThrows(NullPointerException.class, () -> keyed.window(EventTimeSessionWindows.withGap(100)).apply(null));
    }
}
