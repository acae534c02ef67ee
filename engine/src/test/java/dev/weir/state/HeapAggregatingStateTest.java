package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * Aggregating state stores what the aggregate function returns, whether it updates the
 * accumulator in place (stored once) or returns a new one each time (stored each time).
 */
class HeapAggregatingStateTest {
    /** An immutable accumulator: every add returns a new string. */
    private static final class Joined implements AggregateFunction<String, String, String> {
        @Override
        public String createAccumulator() {
            return "";
        }

        @Override
        public String add(final String value, final String accumulator) {
            return accumulator.isEmpty() ? value : accumulator + "," + value;
        }

        @Override
        public String getResult(final String accumulator) {
            return "[" + accumulator + "]";
        }

        @Override
        public String merge(final String a, final String b) {
            return a + "," + b;
        }
    }

    /** A mutable accumulator updated in place; not final, so that StateDescriptorTest can make a serializable one. */
    static class Counted implements AggregateFunction<String, long[], Long> {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(final String value, final long[] accumulator) {
            accumulator[0]++;
            return accumulator;
        }

        @Override
        public Long getResult(final long[] accumulator) {
            return accumulator[0];
        }

        @Override
        public long[] merge(final long[] a, final long[] b) {
            a[0] += b[0];
            return a;
        }
    }

    private final HeapKeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);

    @Test
    void anImmutableAccumulatorIsStoredAfterEveryAdd() {
        final AggregatingState<String, String> state = backend.state(new AggregatingStateDescriptor<>("joined", new Joined()));
        backend.setCurrentKey("a");
        state.setNamespace("w1");
        state.add("x");
        state.add("y");
        state.setNamespace("w2");
        state.add("z");
        backend.setCurrentKey("b");
        state.setNamespace("w1");
        assertNull(state.get());
        state.add("q");
        backend.setCurrentKey("a");
        state.setNamespace("w1");
        assertEquals("[x,y]", state.get());
        state.setNamespace("w2");
        assertEquals("[z]", state.get());
        backend.setCurrentKey("b");
        state.setNamespace("w1");
        assertEquals("[q]", state.get());
    }

    @Test
    void aMutableAccumulatorKeepsCountingInPlaceAndStartsAfreshAfterClear() {
        final AggregatingState<String, Long> state = backend.state(new AggregatingStateDescriptor<>("counted", new Counted()));
        backend.setCurrentKey("a");
        state.setNamespace("w");
        for (int i = 0; i < 5; i++) {
            state.add("r");
        }
        assertEquals(5L, state.get());
        assertEquals(1, backend.entryCount());
        state.clear();
        assertNull(state.get());
        state.add("r");
        assertEquals(1L, state.get());
    }
}
