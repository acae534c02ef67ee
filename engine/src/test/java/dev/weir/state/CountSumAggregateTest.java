package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.List;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * The count+sum aggregate counts records and sums the long it reads of each, in place in one accumulator that is also
 * the result; merging adds counts and sums; with a serializable value function it ships and runs the same.
 */
class CountSumAggregateTest {
    private static final ToLongFunction<String> LENGTH = (ToLongFunction<String> & Serializable) String::length;

    @Test
    void countsAndSumsInPlaceAndTheAccumulatorIsTheResult() {
        final CountSumAggregate<String> aggregate = new CountSumAggregate<>(LENGTH);
        final CountSum accumulator = aggregate.createAccumulator();
        for (final String word : List.of("a", "bb", "cccc")) {
            assertSame(accumulator, aggregate.add(word, accumulator));
        }
        assertSame(accumulator, aggregate.getResult(accumulator));
        assertEquals(List.of(3L, 7L), List.of(accumulator.count(), accumulator.sum()));
    }

    @Test
    void mergeAddsTheOtherCountAndSumAndLeavesItAsItIs() {
        final CountSumAggregate<String> aggregate = new CountSumAggregate<>(LENGTH);
        final CountSum a = aggregate.add("abc", aggregate.createAccumulator());
        final CountSum b = aggregate.add("de", aggregate.add("f", aggregate.createAccumulator()));
        assertSame(a, aggregate.merge(a, b));
        assertEquals(List.of(3L, 6L, 2L, 3L), List.of(a.count(), a.sum(), b.count(), b.sum()));
    }

    @Test
    void withASerializableValueFunctionItShipsAndRunsTheSame() throws IOException, ClassNotFoundException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new CountSumAggregate<>(LENGTH));
        }
        final Object read;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            read = in.readObject();
        }
        @SuppressWarnings("unchecked")
        final CountSumAggregate<String> shipped = (CountSumAggregate<String>) read;
        final CountSum result = shipped.add("xyz", shipped.add("hello", shipped.createAccumulator()));
        assertEquals(List.of(2L, 8L), List.of(result.count(), result.sum()));
    }
}
