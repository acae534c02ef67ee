package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link OpenOrders} against a plain map doing the same book keeping. */
class OpenOrdersTest {
    /** What the oracle keeps per order. */
    private record Order(int locate, long price, long shares) {
    }

    private static void assertSameBook(final Map<Long, Order> expected, final OpenOrders orders, final List<Long> references) {
        assertEquals(expected.size(), orders.size());
        for (final long reference : references) {
            final Order order = expected.get(reference);
            final int slot = orders.find(reference);
            if (order == null) {
                assertEquals(-1, slot, "order " + reference);
            } else {
                assertTrue(slot >= 0, "order " + reference);
                assertEquals(order, new Order(orders.locateAt(slot), orders.priceAt(slot), orders.sharesAt(slot)), "order " + reference);
            }
        }
    }

    @Test
    void theBookRules() {
        final OpenOrders orders = new OpenOrders(4);
        orders.add(1, 7, 1_000_000, 300);
        orders.add(2, 8, 2_000_000, 100);

        assertTrue(orders.reduce(1, 100));
        assertEquals(200, orders.sharesAt(orders.find(1)));
        assertTrue(orders.replace(1, 3, 1_010_000, 500));
        assertEquals(-1, orders.find(1));
        final int replaced = orders.find(3);
        assertEquals(7, orders.locateAt(replaced)); // the original's stock
        assertEquals(1_010_000, orders.priceAt(replaced));
        assertEquals(500, orders.sharesAt(replaced));
        assertTrue(orders.reduce(3, 500)); // to 0: gone
        assertEquals(-1, orders.find(3));
        assertTrue(orders.reduce(2, 150)); // more than was open: gone as well
        assertEquals(0, orders.size());
        assertFalse(orders.reduce(2, 1));
        assertFalse(orders.remove(2));
        assertFalse(orders.replace(2, 4, 1, 1));
        assertEquals(-1, orders.find(4));
    }

    @Test
    void anAddOfAnOpenReferenceReplacesIt() {
        final OpenOrders orders = new OpenOrders(4);
        orders.add(1, 7, 1_000_000, 300);
        orders.add(1, 9, 1_100_000, 50);

        assertEquals(1, orders.size());
        assertEquals(9, orders.locateAt(orders.find(1)));
        assertEquals(50, orders.sharesAt(orders.find(1)));
    }

    @Test
    void itGrowsOnlyWhenFull() {
        final OpenOrders orders = new OpenOrders(6);
        final int capacity = orders.capacity();
        assertTrue(capacity >= 6, "capacity " + capacity);
        for (int i = 0; i < capacity; i++) {
            orders.add(1_000 + i, i, i, i + 1);
        }
        assertEquals(capacity, orders.capacity());
        orders.add(1, 1, 1, 1);
        assertEquals(capacity * 2, orders.capacity());
        for (int i = 0; i < capacity; i++) {
            assertEquals(i + 1, orders.sharesAt(orders.find(1_000 + i)));
        }
        assertEquals(capacity + 1, orders.size());
    }

    @Test
    void deletesLeaveNoTombstones() {
        // a day of adds and deletes with few orders open at once never grows the table
        final OpenOrders orders = new OpenOrders(16);
        final int capacity = orders.capacity();
        for (long reference = 0; reference < 1_000_000; reference++) {
            orders.add(reference, 1, 1, 1);
            if (reference >= 10) {
                assertTrue(orders.remove(reference - 10));
            }
        }
        assertEquals(10, orders.size());
        assertEquals(capacity, orders.capacity());
        for (long reference = 999_990; reference < 1_000_000; reference++) {
            assertTrue(orders.find(reference) >= 0);
        }
    }

    @Test
    void randomOperationsKeepTheSameBookAsAMap() {
        for (final long seed : new long[] {1, 2, 3, 42}) {
            final SplittableRandom random = new SplittableRandom(seed);
            final OpenOrders orders = new OpenOrders(8);
            final Map<Long, Order> expected = new HashMap<>();
            final List<Long> references = new ArrayList<>();
            // references from a small range, with large and negative (unsigned above 2^63) ones, so probe runs collide and wrap
            for (int step = 0; step < 50_000; step++) {
                final long reference = random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(400) * 1_048_576L;
                references.add(reference);
                switch (random.nextInt(4)) {
                    case 0 -> {
                        final Order order = new Order(random.nextInt(65_536), random.nextInt(1_000_000), 1 + random.nextInt(1_000));
                        orders.add(reference, order.locate(), order.price(), order.shares());
                        expected.put(reference, order);
                    }
                    case 1 -> {
                        final long taken = 1 + random.nextInt(600);
                        final Order order = expected.get(reference);
                        assertEquals(order != null, orders.reduce(reference, taken));
                        if (order != null && order.shares() > taken) {
                            expected.put(reference, new Order(order.locate(), order.price(), order.shares() - taken));
                        } else {
                            expected.remove(reference);
                        }
                    }
                    case 2 -> assertEquals(expected.remove(reference) != null, orders.remove(reference));
                    default -> {
                        final long replacement = random.nextInt(400) * 1_048_576L + 1;
                        references.add(replacement);
                        final Order order = expected.remove(reference);
                        assertEquals(order != null, orders.replace(reference, replacement, 5, 6));
                        if (order != null) {
                            expected.put(replacement, new Order(order.locate(), 5, 6));
                        }
                    }
                }
                if (step % 1_000 == 0) {
                    assertSameBook(expected, orders, references);
                }
            }
            assertSameBook(expected, orders, references);
        }
    }
}
