package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The current key's key group is Flink's, whether the instance owns all key groups (computed when asked) or a part. */
final class CurrentKeyTest {
    @Test
    void anInstanceOwningEveryKeyGroupReportsFlinksKeyGroup() {
        final CurrentKey<Object> current = new CurrentKey<>(KeyGroups.rangeFor(128, 1, 0), 128);
        for (int i = 0; i < 1_000; i++) {
            current.set("key" + i);
            assertEquals(KeyGroups.keyGroupOf("key" + i, 128), current.keyGroup());
            assertEquals(KeyGroups.keyGroupOf("key" + i, 128), current.keyGroup());
        }
        assertThrows(NullPointerException.class, () -> current.set(null));
    }

    @Test
    void anInstanceOwningPartOfTheKeyGroupsReportsFlinksKeyGroupAndRejectsOthers() {
        final KeyGroupRange range = KeyGroups.rangeFor(128, 2, 1);
        final CurrentKey<Object> current = new CurrentKey<>(range, 128);
        for (int i = 0; i < 1_000; i++) {
            final int group = KeyGroups.keyGroupOf(i, 128);
            if (range.contains(group)) {
                current.set(i);
                assertEquals(group, current.keyGroup());
            } else {
                final int key = i;
                assertThrows(IllegalArgumentException.class, () -> current.set(key));
            }
        }
        assertThrows(NullPointerException.class, () -> current.set(null));
    }
}
