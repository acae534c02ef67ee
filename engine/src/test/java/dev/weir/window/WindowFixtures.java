package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.event.Watermarks;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorFactory;
import dev.weir.testing.OperatorHarness;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * Records, window functions and assertions shared by the window tests. A record is a String
 * {@code "key:payload"}; window results read {@code "key window [payloads] wm=W"} so every
 * output line is exact.
 */
final class WindowFixtures {
    /** Keys a record by the text before its colon. */
    static final KeySelector<String, String> BY_KEY = WindowFixtures::keyOf;

    private WindowFixtures() {
    }

    static String keyOf(final String record) {
        return record.substring(0, record.indexOf(':'));
    }

    /** @return the text after the colon, or the whole text when there is none (pre-aggregated values) */
    static String payloadOf(final String record) {
        return record.substring(record.indexOf(':') + 1);
    }

    /** @return a function emitting {@code "key window [payloads in state order] wm=W"} */
    static <W extends Window> ProcessWindowFunction<String, String, String, W> describe() {
        return (key, context, elements, out) -> out.collect(key + " " + context.window() + " " + payloads(elements)
                + " wm=" + Watermarks.format(context.currentWatermark()));
    }

    /** @return like {@link #describe()}, but with the payloads sorted, for states whose order Flink leaves open */
    static <W extends Window> ProcessWindowFunction<String, String, String, W> describeSorted() {
        return (key, context, elements, out) -> {
            final List<String> payloads = payloads(elements);
            payloads.sort(null);
            out.collect(key + " " + context.window() + " " + payloads + " wm=" + Watermarks.format(context.currentWatermark()));
        };
    }

    static List<String> payloads(final Iterable<String> elements) {
        final List<String> payloads = new ArrayList<>();
        for (final String element : elements) {
            payloads.add(payloadOf(element));
        }
        return payloads;
    }

    /** @return a harness around a window operator that describes each firing */
    static <W extends Window> OperatorHarness<String, String> describing(final WindowOperatorBuilder<String, String, W> builder) {
        return new OperatorHarness<>(builder.process(WindowFixtures.<W>describe()));
    }

    static <IN, OUT> OperatorHarness<IN, OUT> harness(final OperatorFactory<IN, OUT> factory) {
        return new OperatorHarness<>(factory);
    }

    /** @return the window operator inside a harness, for its counters */
    static WindowOperator<?, ?, ?, ?> operatorOf(final OperatorHarness<?, ?> harness) {
        return (WindowOperator<?, ?, ?, ?>) harness.operator();
    }

    /**
     * Asserts the events, where the first {@code unordered.size()} may come in any order (Flink
     * does not order timers of equal timestamp) and {@code ordered} follow in order.
     */
    static void assertEventsUnorderedThen(final List<String> unordered, final List<String> ordered, final List<String> events) {
        assertEquals(unordered.size() + ordered.size(), events.size(), () -> "events " + events);
        assertEquals(new HashSet<>(unordered), new HashSet<>(events.subList(0, unordered.size())), () -> "events " + events);
        assertEquals(ordered, events.subList(unordered.size(), events.size()), () -> "events " + events);
    }
}
