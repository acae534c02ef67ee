package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §3 and §4 (window state): keyed state is addressed by (current key, namespace)
 * and owned per key group; a key outside the instance's key groups is an error with a clear
 * message; merging namespaces keeps the target's value first, then the sources' in the given
 * order, and removes the sources.
 */
class HeapKeyedStateBackendTest {
    private final HeapKeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);

    @Test
    void aKeyOutsideTheInstancesKeyGroupsIsRejectedWithAClearMessage() {
        final HeapKeyedStateBackend<Integer> firstHalf = new HeapKeyedStateBackend<>(KeyGroups.rangeFor(128, 2, 0), 128);

        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> firstHalf.setCurrentKey(0));
        assertEquals("key 0 is in key group 94, outside this instance's range [0, 63]", error.getMessage());

        int inside = 1;
        while (KeyGroups.keyGroupOf(inside, 128) > 63) {
            inside++;
        }
        firstHalf.setCurrentKey(inside);
        assertEquals(inside, firstHalf.currentKey());
        assertEquals(KeyGroups.keyGroupOf(inside, 128), firstHalf.currentKeyGroup());
    }

    @Test
    void valueStateIsPerKeyAndNamespace() {
        final ValueState<Integer> state = backend.state(new ValueStateDescriptor<Integer>("count"));
        backend.setCurrentKey("a");
        state.setNamespace("w1");
        state.update(1);
        state.setNamespace("w2");
        state.update(2);
        backend.setCurrentKey("b");
        state.setNamespace("w1");
        assertNull(state.value());
        state.update(3);

        backend.setCurrentKey("a");
        assertEquals(1, state.value());
        state.setNamespace("w2");
        assertEquals(2, state.value());
        backend.setCurrentKey("b");
        assertNull(state.value());
        state.setNamespace("w1");
        assertEquals(3, state.value());
        assertEquals(3, backend.entryCount());
    }

    @Test
    void clearRemovesOnlyTheCurrentKeyAndNamespace() {
        final ValueState<String> state = backend.state(new ValueStateDescriptor<String>("value"));
        for (final String key : List.of("a", "b")) {
            backend.setCurrentKey(key);
            for (final String namespace : List.of("w1", "w2")) {
                state.setNamespace(namespace);
                state.update(key + namespace);
            }
        }
        backend.setCurrentKey("a");
        state.setNamespace("w1");
        state.clear();
        assertNull(state.value());
        state.setNamespace("w2");
        assertEquals("aw2", state.value());
        backend.setCurrentKey("b");
        state.setNamespace("w1");
        assertEquals("bw1", state.value());
        state.update(null); // null clears too
        assertNull(state.value());
        assertEquals(2, backend.entryCount());
    }

    @Test
    void listStateKeepsArrivalOrderPerKeyAndNamespace() {
        final ListState<String> state = backend.state(new ListStateDescriptor<String>("elements"));
        backend.setCurrentKey("a");
        state.setNamespace("w1");
        assertNull(state.get());
        state.add("x");
        state.add("y");
        backend.setCurrentKey("b");
        state.add("z");
        backend.setCurrentKey("a");
        state.add("w");
        assertEquals(List.of("x", "y", "w"), state.get());

        state.update(List.of("u", "v"));
        assertEquals(List.of("u", "v"), state.get());
        state.update(List.of());
        assertNull(state.get());
        backend.setCurrentKey("b");
        assertEquals(List.of("z"), state.get());
        state.clear();
        assertNull(state.get());
        assertEquals(0, backend.entryCount());
    }

    @Test
    void reducingStateFoldsAddedValues() {
        final ReducingState<Long> state = backend.state(new ReducingStateDescriptor<Long>("sum", Long::sum));
        backend.setCurrentKey("a");
        state.setNamespace("w");
        assertNull(state.get());
        state.add(3L);
        state.add(4L);
        backend.setCurrentKey("b");
        state.add(10L);
        backend.setCurrentKey("a");
        assertEquals(7L, state.get());
        state.clear();
        assertNull(state.get());
        backend.setCurrentKey("b");
        assertEquals(10L, state.get());
    }

    @Test
    void aggregatingStateKeepsTheAccumulatorAndReadsItsResult() {
        final AggregatingState<Long, Double> state = backend.state(new AggregatingStateDescriptor<>("average", new Average()));
        backend.setCurrentKey("a");
        state.setNamespace("w");
        assertNull(state.get());
        state.add(1L);
        state.add(2L);
        state.add(6L);
        assertEquals(3.0, state.get());
        backend.setCurrentKey("b");
        assertNull(state.get());
        state.add(5L);
        assertEquals(5.0, state.get());
        backend.setCurrentKey("a");
        state.clear();
        assertNull(state.get());
    }

    @Test
    void mergingListsPutsTheTargetFirstThenTheSourcesInTheGivenOrder() {
        final ListState<String> state = backend.state(new ListStateDescriptor<String>("elements"));
        backend.setCurrentKey("a");
        put(state, "target", "t1");
        put(state, "s1", "a1", "a2");
        put(state, "s2", "b1");
        put(state, "s3");
        backend.setCurrentKey("b");
        put(state, "s1", "other key");

        backend.setCurrentKey("a");
        state.mergeNamespaces("target", List.of("s2", "s3", "s1"));

        state.setNamespace("target");
        assertEquals(List.of("t1", "b1", "a1", "a2"), state.get());
        for (final String source : List.of("s1", "s2", "s3")) {
            state.setNamespace(source);
            assertNull(state.get(), source);
        }
        backend.setCurrentKey("b");
        state.setNamespace("s1");
        assertEquals(List.of("other key"), state.get());
    }

    @Test
    void mergingIntoAnEmptyTargetKeepsTheSourcesOrder() {
        final ListState<String> state = backend.state(new ListStateDescriptor<String>("elements"));
        backend.setCurrentKey("a");
        put(state, "s1", "10");
        put(state, "s2", "7");

        state.mergeNamespaces("target", List.of("s1", "s2"));

        state.setNamespace("target");
        assertEquals(List.of("10", "7"), state.get());
        assertEquals(1, backend.entryCount());
    }

    @Test
    void mergingReducingAndAggregatingStateCombinesTargetFirstThenSourcesInOrder() {
        final ReducingState<String> reducing = backend.state(new ReducingStateDescriptor<String>("concat", String::concat));
        final AggregatingState<String, String> aggregating = backend.state(new AggregatingStateDescriptor<>("bracketed", new Concat()));
        backend.setCurrentKey("a");
        for (final String[] entry : new String[][] {{"target", "T"}, {"s1", "A"}, {"s2", "B"}}) {
            reducing.setNamespace(entry[0]);
            reducing.add(entry[1]);
            aggregating.setNamespace(entry[0]);
            aggregating.add(entry[1]);
        }

        reducing.mergeNamespaces("target", List.of("s2", "s1"));
        aggregating.mergeNamespaces("target", List.of("s2", "s1"));

        reducing.setNamespace("target");
        aggregating.setNamespace("target");
        assertEquals("TBA", reducing.get());
        assertEquals("[TBA]", aggregating.get());
        reducing.setNamespace("s1");
        aggregating.setNamespace("s2");
        assertNull(reducing.get());
        assertNull(aggregating.get());
    }

    @Test
    void aDescriptorGivesTheSameStateEveryTimeAndANameIsDeclaredOnce() {
        final ValueStateDescriptor<String> descriptor = new ValueStateDescriptor<>("value");
        assertSame(backend.state(descriptor), backend.state(descriptor));
        backend.createListState("list");
        final IllegalStateException error = assertThrows(IllegalStateException.class, () -> backend.createValueState("list"));
        assertEquals("state 'list' is declared twice", error.getMessage());
    }

    private static void put(final ListState<String> state, final String namespace, final String... values) {
        state.setNamespace(namespace);
        for (final String value : values) {
            state.add(value);
        }
    }

    /** Average of longs; the accumulator is {sum, count}. */
    private static final class Average implements AggregateFunction<Long, long[], Double> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(final Long value, final long[] accumulator) {
            accumulator[0] += value;
            accumulator[1]++;
            return accumulator;
        }

        @Override
        public Double getResult(final long[] accumulator) {
            return (double) accumulator[0] / accumulator[1];
        }

        @Override
        public long[] merge(final long[] a, final long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    /** Concatenation, non-commutative so that merge order shows; the result is bracketed. */
    private static final class Concat implements AggregateFunction<String, String, String> {
        @Override
        public String createAccumulator() {
            return "";
        }

        @Override
        public String add(final String value, final String accumulator) {
            return accumulator + value;
        }

        @Override
        public String getResult(final String accumulator) {
            return "[" + accumulator + "]";
        }

        @Override
        public String merge(final String a, final String b) {
            return a + b;
        }
    }
}
