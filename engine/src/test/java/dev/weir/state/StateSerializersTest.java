package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.window.GlobalWindow;
import dev.weir.window.TimeWindow;
import dev.weir.window.TimestampedValue;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateSerializersTest {
    private final StateOutput out = new StateOutput(8);
    private final StateInput in = new StateInput();

    record Trade(String symbol, long price, double quantity) {
    }

    enum Side { BUY, SELL }

    static final class Accumulator {
        long count;
        double sum;
        String last;
    }

    private Object roundTrip(final Object value, final Object reuse) {
        out.clear();
        StateSerializers.any().write(value, out);
        in.wrap(out.buffer(), 0, out.length());
        final Object read = StateSerializers.any().read(in, reuse);
        assertEquals(0, in.remaining(), "every written byte is read");
        return read;
    }

    @Test
    void boxedPrimitivesAndStringsRoundTrip() {
        for (final Object value : new Object[] {null, 42L, -7, 2.5d, 1.5f, true, (short) 3, (byte) -1, 'x', "",
                "EURUSD", "größe ünd 東京"}) {
            assertEquals(value, roundTrip(value, null));
        }
    }

    @Test
    void aStringEqualToTheReusedOneIsTheReusedOne() {
        final String reuse = new String("EURUSD");
        assertSame(reuse, roundTrip("EURUSD", reuse));
    }

    @Test
    void windowsRoundTripAndTheGlobalWindowStaysTheSingleton() {
        assertEquals(new TimeWindow(1000, 2000), roundTrip(new TimeWindow(1000, 2000), null));
        assertSame(GlobalWindow.INSTANCE, roundTrip(GlobalWindow.INSTANCE, null));
    }

    @Test
    void recordsEnumsListsMapsAndArraysRoundTrip() {
        assertEquals(new Trade("AAPL", 101, 2.5), roundTrip(new Trade("AAPL", 101, 2.5), null));
        assertSame(Side.SELL, roundTrip(Side.SELL, null));
        assertEquals(List.of(1L, "b", new TimeWindow(0, 5)), roundTrip(new ArrayList<>(List.of(1L, "b", new TimeWindow(0, 5))), null));
        final Map<Object, Object> map = new LinkedHashMap<>();
        map.put("a", 1L);
        map.put("b", List.of(2L));
        assertEquals(map, roundTrip(map, null));
        final Object[] pair = (Object[]) roundTrip(new Object[] {new TimeWindow(0, 10), new TimeWindow(0, 5)}, null);
        assertArrayEquals(new Object[] {new TimeWindow(0, 10), new TimeWindow(0, 5)}, pair);
        assertArrayEquals(new long[] {1, 2, 3}, (long[]) roundTrip(new long[] {1, 2, 3}, null));
        final TimestampedValue<?> timestamped = (TimestampedValue<?>) roundTrip(new TimestampedValue<>("x", 17L), null);
        assertEquals("x", timestamped.value());
        assertEquals(17L, timestamped.timestamp());
    }

    @Test
    void aMutableAccumulatorIsReadIntoTheReusedObjectWithoutAllocating() {
        final Accumulator written = new Accumulator();
        written.count = 3;
        written.sum = 4.5;
        written.last = "EURUSD";
        final Accumulator reuse = new Accumulator();
        reuse.last = "EURUSD";
        for (int i = 0; i < 20_000; i++) {
            roundTrip(written, reuse); // warm up
        }
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long before = threads.getCurrentThreadAllocatedBytes();
        Object read = null;
        for (int i = 0; i < 10_000; i++) {
            read = roundTrip(written, reuse);
        }
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertSame(reuse, read);
        assertEquals(3, reuse.count);
        assertEquals(4.5, reuse.sum);
        assertTrue(allocated < 10_000, "allocated " + allocated + " bytes for 10,000 round trips");
    }

    @Test
    void typeIdsResolveBackToTheirClasses() {
        final int id = StateSerializers.typeId(Trade.class);
        assertSame(Trade.class, StateSerializers.typeOf(id));
        assertEquals(id, StateSerializers.learn(Trade.class.getName()));
    }

    @Test
    void unsupportedTypesGetAMessageThatSaysWhatToDo() {
        final Runnable lambda = () -> { };
        final UnsupportedStateTypeException e = assertThrows(UnsupportedStateTypeException.class,
                () -> roundTrip(lambda, null));
        assertTrue(e.getMessage().contains("StateSerializers.register"), e.getMessage());
        assertThrows(UnsupportedStateTypeException.class, () -> roundTrip(new java.util.concurrent.atomic.AtomicLong(), null));
        assertThrows(UnsupportedStateTypeException.class, () -> StateSerializers.typeOf(123456789));
    }

    @Test
    void aRegisteredSerializerIsUsedForItsType() {
        final class Price {
            final long ticks;

            Price(final long ticks) {
                this.ticks = ticks;
            }
        }
        StateSerializers.register(Price.class, new StateSerializer<>() {
            @Override
            public void write(final Price value, final StateOutput output) {
                output.writeLong(value.ticks * 10);
            }

            @Override
            public Price read(final StateInput input, final Price reuse) {
                return new Price(input.readLong() / 10);
            }
        });
        assertEquals(12, ((Price) roundTrip(new Price(12), null)).ticks);
        assertEquals(Arrays.asList(1, 2), roundTrip(Arrays.asList(1, 2), null));
    }
}
