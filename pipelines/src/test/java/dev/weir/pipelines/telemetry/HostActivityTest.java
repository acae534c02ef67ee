package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The waiting packet times of a host: sorted, each millisecond once, taken in order, through growth and reuse. */
class HostActivityTest {
    @Test
    void waitingTimesComeOutSortedAndOnceEachWhateverTheArrivalOrder() {
        final Random random = new Random(7);
        final HostActivity activity = new HostActivity();
        final TreeSet<Long> expected = new TreeSet<>();
        final List<Long> taken = new ArrayList<>();
        final List<Long> expectedTaken = new ArrayList<>();
        long base = 1_000;
        for (int round = 0; round < 200; round++) {
            for (int i = random.nextInt(40); i >= 0; i--) {
                final long time = base + random.nextInt(100);
                activity.addPending(time);
                expected.add(time);
            }
            for (int i = random.nextInt(45); i >= 0 && activity.hasPending(); i--) {
                assertEquals(expected.first(), activity.firstPending());
                expectedTaken.add(expected.pollFirst());
                taken.add(activity.takePending());
                assertEquals(taken.get(taken.size() - 1), activity.lastSeen());
            }
            base += 50; // new times overlap the waiting ones, never fall behind the taken ones
            if (!expected.isEmpty()) {
                base = Math.max(base, expected.first());
            }
            if (!taken.isEmpty()) {
                base = Math.max(base, taken.get(taken.size() - 1) + 1);
            }
        }
        while (activity.hasPending()) {
            expectedTaken.add(expected.pollFirst());
            taken.add(activity.takePending());
        }
        assertEquals(expectedTaken, taken);
        assertFalse(expected.iterator().hasNext());
        assertTrue(taken.size() > 1_000, taken.size() + " times");
    }

    @Test
    void takingAPacketOpensItsSilence() {
        final HostActivity activity = new HostActivity();
        assertEquals(HostActivity.NONE, activity.lastSeen());
        activity.addPending(5);
        activity.silenceReported(true);
        assertEquals(5, activity.takePending());
        assertFalse(activity.silenceReported());
        assertFalse(activity.hasPending());
    }
}
