package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weir.testing.CollidingKey;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The flat (key, namespace) table behaves as a map of pairs through growth and removals: a
 * removal in the middle of a probe run moves the run back instead of leaving a tombstone, so
 * every entry after it stays reachable; a null namespace is an entry like any other.
 */
final class HeapStateTableTest {
    private final HeapKeyedStateBackend<Object> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);
    private final HeapStateTable table = new HeapStateTable(backend);

    @Test
    void randomPutsAndRemovesAgreeWithAMapOfPairs() {
        final Map<List<Object>, Object> model = new HashMap<>();
        final Random random = new Random(42);
        for (int step = 0; step < 200_000; step++) {
            final Object key = random.nextInt(10) == 0 ? new CollidingKey(random.nextInt(20)) : "k" + random.nextInt(2_000);
            final Object namespace = random.nextInt(50) == 0 ? null : random.nextInt(4);
            backend.setCurrentKey(key);
            final List<Object> pair = Arrays.asList(key, namespace);
            switch (random.nextInt(3)) {
                case 0:
                    table.put(namespace, step);
                    model.put(pair, step);
                    break;
                case 1:
                    assertEquals(model.remove(pair), table.remove(namespace), "remove " + pair);
                    break;
                default:
                    assertEquals(model.get(pair), table.get(namespace), "get " + pair);
                    break;
            }
            assertEquals(model.size(), table.size());
        }
        for (final Map.Entry<List<Object>, Object> entry : model.entrySet()) {
            backend.setCurrentKey(entry.getKey().get(0));
            assertEquals(entry.getValue(), table.get(entry.getKey().get(1)));
        }
    }

    @Test
    void puttingNullRemovesTheEntry() {
        backend.setCurrentKey("a");
        table.put("w", 1);
        table.put("w", null);
        assertNull(table.get("w"));
        assertEquals(0, table.size());
    }
}
