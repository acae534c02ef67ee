package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §5: the group coordinator keeps each member's last report and answers the minimum;
 * members that have not reported do not count, ended members leave, no report means MAX; the
 * maximum allowed watermark saturates instead of overflowing.
 */
class WatermarkAlignmentGroupTest {
    private final WatermarkAlignmentGroup group = new WatermarkAlignmentGroup("g");

    @Test
    void theMinimumIsOverEachMembersLastReport() {
        final int a = group.join();
        final int b = group.join();
        final int c = group.join();
        assertEquals(Long.MAX_VALUE, group.minimum()); // nobody reported: nothing constrains anyone
        assertEquals(5000, group.report(a, 5000)); // b and c have not reported: they do not count
        assertEquals(1000, group.report(b, 1000));
        assertEquals(1000, group.report(a, 7000));
        assertEquals(3000, group.report(b, 3000)); // a later, higher report replaces the earlier one
        assertEquals(3000, group.report(c, Long.MAX_VALUE)); // an idle member reports MAX
        assertEquals(3, group.members());
    }

    @Test
    void aMemberThatLeftNoLongerCountsAndItsSlotIsReused() {
        final int a = group.join();
        final int b = group.join();
        group.report(a, 100);
        group.report(b, 900);
        group.leave(a);
        group.leave(a);
        assertEquals(900, group.minimum());
        assertEquals(1, group.members());
        final int c = group.join();
        assertEquals(a, c);
        assertEquals(900, group.minimum()); // the new member has not reported yet
        group.leave(b);
        assertEquals(Long.MAX_VALUE, group.minimum());
        assertThrows(IllegalArgumentException.class, () -> group.report(7, 1));
    }

    @Test
    void membersReportFromTheirOwnThreads() throws InterruptedException {
        final int threads = 4;
        final int[] members = new int[threads];
        for (int i = 0; i < threads; i++) {
            members[i] = group.join();
        }
        final CountDownLatch done = new CountDownLatch(threads);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int i = 0; i < threads; i++) {
            final int member = members[i];
            final long base = 1000L * i;
            new Thread(() -> {
                try {
                    for (long w = 0; w < 10_000; w++) {
                        final long min = group.report(member, base + w);
                        if (min > base + w) {
                            throw new AssertionError("minimum " + min + " above my own report " + (base + w));
                        }
                    }
                } catch (Throwable t) {
                    failure.set(t);
                } finally {
                    done.countDown();
                }
            }).start();
        }
        assertEquals(true, done.await(30, TimeUnit.SECONDS));
        assertEquals(null, failure.get());
        assertEquals(9_999, group.minimum());
    }

    @Test
    void theMaximumAllowedWatermarkIsTheMinimumPlusTheDriftSaturated() {
        final WatermarkAlignment alignment = WatermarkAlignment.of("g", 500);
        assertEquals(1500, alignment.maxAllowedWatermark(1000));
        assertEquals(Long.MIN_VALUE + 500, alignment.maxAllowedWatermark(Long.MIN_VALUE));
        assertEquals(Long.MAX_VALUE, alignment.maxAllowedWatermark(Long.MAX_VALUE));
        assertEquals(Long.MAX_VALUE, alignment.maxAllowedWatermark(Long.MAX_VALUE - 10));
        assertEquals(WatermarkAlignment.DEFAULT_UPDATE_INTERVAL_MILLIS, alignment.updateIntervalMillis());
        assertEquals(250, alignment.withUpdateInterval(250).updateIntervalMillis());
    }

    @Test
    void badAlignmentsAreRejectedAndStrategiesKeepTheirAlignment() {
        assertThrows(IllegalArgumentException.class, () -> WatermarkAlignment.of("", 1));
        assertThrows(IllegalArgumentException.class, () -> WatermarkAlignment.of("g", -1));
        assertThrows(IllegalArgumentException.class, () -> WatermarkAlignment.of("g", 1).withUpdateInterval(0));
        final WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forMonotonousTimestamps().withWatermarkAlignment("g", 20)
                .withIdleness(5).withPeriodicInterval(50).withTimestampAssigner((s, ts) -> ts);
        assertEquals("g", strategy.alignment().group());
        assertEquals(20, strategy.alignment().maxDriftMillis());
        assertEquals(null, WatermarkStrategy.forMonotonousTimestamps().alignment());
        final WatermarkAlignmentGroups groups = new WatermarkAlignmentGroups();
        assertSame(groups.group("g"), groups.group("g"));
    }
}
