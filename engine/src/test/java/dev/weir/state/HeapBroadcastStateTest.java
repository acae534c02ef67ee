package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7 "Broadcast state": a broadcast state keeps its keys in the order they were
 * first put; its read-only view reads the same map and refuses every write, also after a cast.
 */
final class HeapBroadcastStateTest {
    private static final MapStateDescriptor<String, Integer> RULES = new MapStateDescriptor<>("rules", String.class, Integer.class);

    private static List<String> entries(final Iterable<Map.Entry<String, Integer>> entries) {
        final List<String> text = new ArrayList<>();
        for (final Map.Entry<String, Integer> entry : entries) {
            text.add(entry.getKey() + "=" + entry.getValue());
        }
        return text;
    }

    @Test
    void theStateKeepsTheOrderKeysWereFirstPutAndTheViewReadsTheSameMap() {
        final BroadcastStates states = new BroadcastStates("op", List.of(RULES));
        final BroadcastState<String, Integer> state = states.state(RULES);
        final ReadOnlyBroadcastState<String, Integer> view = states.readOnly(RULES);
        state.put("b", 1);
        state.put("a", 2);
        state.put("b", 3);
        state.putAll(Map.of("c", 4));
        assertEquals(List.of("b=3", "a=2", "c=4"), entries(state.entries()));
        assertEquals(List.of("b=3", "a=2", "c=4"), entries(view.immutableEntries()));
        assertEquals(2, view.get("a"));
        assertTrue(view.contains("c"));
        state.remove("a");
        assertFalse(view.contains("a"));
        assertEquals(2, view.size());
        assertEquals(2, states.entryCount());
    }

    @Test
    void theReadOnlyViewRefusesEveryWriteEvenAfterACast() {
        final BroadcastStates states = new BroadcastStates("op", List.of(RULES));
        states.state(RULES).put("a", 1);
        @SuppressWarnings("unchecked")
        final BroadcastState<String, Integer> cast = (BroadcastState<String, Integer>) states.readOnly(RULES);
        final UnsupportedOperationException put = assertThrows(UnsupportedOperationException.class, () -> cast.put("b", 2));
        assertEquals("broadcast state 'rules' is read-only on the non-broadcast side: put() is refused; only processBroadcastElement may "
                + "write it (use immutableEntries() to read all entries)", put.getMessage());
        assertThrows(UnsupportedOperationException.class, () -> cast.remove("a"));
        assertThrows(UnsupportedOperationException.class, () -> cast.putAll(Map.of("c", 3)));
        assertThrows(UnsupportedOperationException.class, cast::clear);
        assertThrows(UnsupportedOperationException.class, cast::iterator);
        assertThrows(UnsupportedOperationException.class, cast::entries);
        final Map.Entry<String, Integer> entry = cast.immutableEntries().iterator().next();
        assertThrows(UnsupportedOperationException.class, () -> entry.setValue(9));
        assertThrows(UnsupportedOperationException.class, () -> {
            final var iterator = cast.immutableEntries().iterator();
            iterator.next();
            iterator.remove();
        });
        assertEquals(List.of("a=1"), entries(states.state(RULES).entries()));
    }

    @Test
    void anUndeclaredDescriptorAndATwiceDeclaredNameAreRefused() {
        final BroadcastStates states = new BroadcastStates("co-broadcast", List.of(RULES));
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> states.state(new MapStateDescriptor<>("rulez", String.class, Integer.class)));
        assertEquals("co-broadcast: no broadcast state 'rulez'; its MapStateDescriptor must be one of those the broadcast stream was made "
                + "with [rules]", unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> states.readOnly(new MapStateDescriptor<>("x", String.class, Integer.class)));
        final IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> new BroadcastStates("co-broadcast", List.of(RULES, new MapStateDescriptor<>("rules", Long.class, String.class))));
        assertEquals("co-broadcast: two broadcast state descriptors are named 'rules'", twice.getMessage());
        final IllegalStateException restore = assertThrows(IllegalStateException.class, () -> states.restoreEntry("other", "k", 1));
        assertEquals("co-broadcast: the checkpoint has broadcast state 'other', which this operator does not declare (it has [rules])",
                restore.getMessage());
    }
}
