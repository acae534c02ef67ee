package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/**
 * A descriptor hands out what it was made with, so that a backend other than Weir's (Flink's,
 * docs/flink.md) can build the same state from it.
 */
class StateDescriptorTest {
    @Test
    void aReducingDescriptorHandsOutItsReduceFunction() {
        final ReduceFunction<Long> sum = Long::sum;
        final ReducingStateDescriptor<Long> descriptor = new ReducingStateDescriptor<>("sum", sum);
        assertEquals("sum", descriptor.name());
        assertSame(sum, descriptor.reduceFunction());
        assertEquals(5L, descriptor.reduceFunction().reduce(2L, 3L));
    }

    @Test
    void anAggregatingDescriptorHandsOutItsAggregateFunction() {
        final AggregateFunction<String, long[], Long> count = new HeapAggregatingStateTest.Counted();
        final AggregatingStateDescriptor<String, long[], Long> descriptor = new AggregatingStateDescriptor<>("count", count);
        assertEquals("count", descriptor.name());
        assertSame(count, descriptor.aggregateFunction());
        assertEquals(1L, descriptor.aggregateFunction().getResult(descriptor.aggregateFunction().add("x", new long[1])));
    }
}
