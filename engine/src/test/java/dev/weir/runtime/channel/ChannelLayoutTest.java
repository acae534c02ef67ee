package dev.weir.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The fields a channel's producer writes on every record sit on cache lines of their own
 * (docs/runtime.md, "Batched publication"): at least {@value #PAD} bytes from every field the
 * consumer reads, from the object's header and from the object's end (beyond which the heap
 * may place the consumer's poller), as the JVM really lays the object out.
 */
final class ChannelLayoutTest {
    /** Two cache lines: CPUs that fetch adjacent lines in pairs would otherwise still share one. */
    private static final int PAD = 128;
    private static final Set<String> PRODUCER_FIELDS = Set.of("written", "published", "backPressured");

    private static boolean isPadding(final FieldLayout field) {
        return field.name().matches("[pq]\\d{3}");
    }

    @Test
    void theProducersCursorIsPaddedFromEverythingElse() {
        final ClassLayout layout = ClassLayout.parseClass(Channel.class);
        final List<FieldLayout> producer = new ArrayList<>();
        final List<FieldLayout> others = new ArrayList<>();
        for (final FieldLayout field : layout.fields()) {
            if (PRODUCER_FIELDS.contains(field.name())) {
                producer.add(field);
            } else if (!isPadding(field)) {
                others.add(field);
            }
        }
        final String printable = layout.toPrintable();
        assertEquals(PRODUCER_FIELDS.size(), producer.size(), printable);
        assertTrue(others.stream().anyMatch(field -> field.name().equals("poller")), printable);
        for (final FieldLayout mine : producer) {
            assertTrue(mine.offset() >= PAD, mine.name() + " is within " + PAD + " bytes of the header:\n" + printable);
            assertTrue(layout.instanceSize() - (mine.offset() + mine.size()) >= PAD,
                    mine.name() + " is within " + PAD + " bytes of the object's end:\n" + printable);
            for (final FieldLayout other : others) {
                final long gap = mine.offset() > other.offset()
                        ? mine.offset() - (other.offset() + other.size())
                        : other.offset() - (mine.offset() + mine.size());
                assertTrue(gap >= PAD, mine.name() + " and " + other.name() + " are " + gap + " bytes apart:\n" + printable);
            }
        }
    }
}
