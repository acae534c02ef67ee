package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A descriptor hands out what it was made with, so that a backend other than Weir's (Flink's,
 * docs/flink.md) can build the same state from it; it round-trips through Java serialization
 * with Weir's built-in and the user's serializable functions, and refuses, naming itself, to go
 * without an unserializable one.
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

    @Test
    void eachKindOfDescriptorRoundTripsThroughJavaSerializationAndMakesTheSameState() throws Exception {
        final HeapKeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);
        backend.setCurrentKey("a");

        final ValueStateDescriptor<Long> value = roundTrip(new ValueStateDescriptor<>("last"));
        assertEquals("last", value.name());
        backend.state(value).update(7L);
        assertEquals(7L, backend.state(new ValueStateDescriptor<Long>("last")).value());

        final ListStateDescriptor<Long> list = roundTrip(new ListStateDescriptor<>("values"));
        assertEquals("values", list.name());
        backend.state(list).add(1L);
        backend.state(list).add(2L);
        assertEquals(List.of(1L, 2L), backend.state(list).get());

        final ReducingStateDescriptor<Long> builtIn = roundTrip(new ReducingStateDescriptor<>("sum", LongReductions.SUM));
        assertEquals("sum", builtIn.name());
        assertSame(LongReductions.SUM, builtIn.reduceFunction());
        backend.state(builtIn).add(3L);
        backend.state(builtIn).add(4L);
        assertEquals(7L, backend.state(builtIn).get());

        final ReducingStateDescriptor<Long> users = roundTrip(new ReducingStateDescriptor<>("max", (ReduceFunction<Long> & Serializable) Math::max));
        backend.state(users).add(3L);
        backend.state(users).add(9L);
        backend.state(users).add(4L);
        assertEquals(9L, backend.state(users).get());

        final AggregatingStateDescriptor<String, long[], Long> aggregating = roundTrip(new AggregatingStateDescriptor<>("count", new SerializableCount()));
        assertEquals("count", aggregating.name());
        backend.state(aggregating).add("x");
        backend.state(aggregating).add("y");
        assertEquals(2L, backend.state(aggregating).get());
        backend.setCurrentKey("b");
        assertNull(backend.state(aggregating).get());
    }

    @Test
    void weirsOwnReductionsReadBackAsThemselves() throws Exception {
        assertSame(LongReductions.SUM, roundTrip(LongReductions.SUM));
        assertSame(LongReductions.MIN, roundTrip(LongReductions.MIN));
        assertEquals(5L, LongReductions.SUM.reduce(2L, 3L));
        assertEquals(-3L, LongReductions.MIN.reduce(2L, -3L));
        assertEquals(2L, LongReductions.MIN.reduce(2L, 3L));
    }

    @Test
    void aDescriptorOfAnUnserializableFunctionRefusesToBeSerializedNamingItself() {
        assertEquals("the reduce function of the ReducingStateDescriptor 'sum' (a lambda)",
                refusal(new ReducingStateDescriptor<Long>("sum", Long::sum)));
        assertEquals("the aggregate function of the AggregatingStateDescriptor 'count' (dev.weir.state.HeapAggregatingStateTest$Counted)",
                refusal(new AggregatingStateDescriptor<>("count", new HeapAggregatingStateTest.Counted())));
        // held by a function that is itself serializable, as a shipped function holds it
        assertEquals("the reduce function of the ReducingStateDescriptor 'min' (a lambda)",
                refusal(List.of(new ValueStateDescriptor<Long>("fine"), new ReducingStateDescriptor<Long>("min", Math::min))));
    }

    @Test
    void mapDescriptorsRoundTripAndMakeTheSameMapState() throws Exception {
        final HeapKeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);
        backend.setCurrentKey("a");

        final MapStateDescriptor<String, Long> byName = roundTrip(new MapStateDescriptor<>("totals", String.class, Long.class));
        assertEquals("totals", byName.name());
        assertSame(String.class, byName.keyType());
        assertSame(Long.class, byName.valueType());
        backend.state(byName).put("AAPL", 3L);
        assertEquals(3L, backend.state(new MapStateDescriptor<>("totals", String.class, Long.class)).get("AAPL"));

        final LongMapStateDescriptor<String> byTime = roundTrip(new LongMapStateDescriptor<>("buffer", String.class));
        assertSame(String.class, byTime.valueType());
        backend.state(byTime).putAt(1000, "x");
        final MapState<Long, String> boxed = backend.state(new MapStateDescriptor<>("buffer", Long.class, String.class));
        assertSame(backend.state(byTime), boxed, "Long keys make a LongMapState either way");
        assertEquals("x", boxed.get(1000L));
        final MapState<Long, String> primitive = backend.state(new MapStateDescriptor<>("by-long", long.class, String.class));
        assertTrue(primitive instanceof LongMapState, "long.class keys are Long keys");
    }

    private static String refusal(final Object value) {
        return assertThrows(NotSerializableException.class, () -> roundTrip(value)).getMessage();
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(final T value) throws IOException, ClassNotFoundException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    /** {@link HeapAggregatingStateTest.Counted}, serializable, as a function shipped with its descriptor must be. */
    private static final class SerializableCount extends HeapAggregatingStateTest.Counted implements Serializable {
        private static final long serialVersionUID = 1L;
    }
}
