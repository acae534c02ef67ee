package dev.weir.timer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.VirtualClock;
import dev.weir.event.Watermarks;
import dev.weir.state.HeapKeyedStateBackend;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §3: event-time timers fire only when a watermark arrives (one registered at or
 * below the current watermark fires on the next one), all timers at or below it in time order,
 * including those registered while firing; firing sets the current key; processing-time timers
 * fire when processing time reaches them and the earliest is reported for the physical timer.
 */
class TimerServiceTest {
    private final VirtualClock clock = new VirtualClock(0);
    private final HeapKeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);
    private final TimerService<String, String> timers = new TimerService<>(clock, backend);
    private final List<String> fired = new ArrayList<>();

    /** Records each firing with the current key and watermark seen inside the callback. */
    private class Recording implements Triggerable<String, String> {
        @Override
        public void onEventTime(final long timestamp, final String key, final String namespace) {
            fired.add("ET " + timestamp + " " + key + " " + namespace
                    + " current=" + backend.currentKey() + " wm=" + Watermarks.format(timers.currentWatermark()));
        }

        @Override
        public void onProcessingTime(final long timestamp, final String key, final String namespace) {
            fired.add("PT " + timestamp + " " + key + " " + namespace + " current=" + backend.currentKey());
        }
    }

    private void register(final String key, final String namespace, final long timestamp) {
        backend.setCurrentKey(key);
        timers.registerEventTimeTimer(namespace, timestamp);
    }

    @Test
    void eventTimeTimersFireInTimeOrderWithTheirKeySetAndTheNewWatermarkVisible() {
        timers.setTarget(new Recording());
        register("a", "w1", 30);
        register("b", "w1", 10);
        register("c", "w2", 20);
        register("a", "w2", 10);
        register("b", "w1", 40);
        backend.setCurrentKey("z");
        assertEquals(Long.MIN_VALUE, timers.currentWatermark());

        timers.advanceWatermark(30);
        assertEquals(List.of(
                "ET 10 b w1 current=b wm=30",
                "ET 10 a w2 current=a wm=30",
                "ET 20 c w2 current=c wm=30",
                "ET 30 a w1 current=a wm=30"), fired);
        assertEquals(1, timers.eventTimeTimerCount());
        assertEquals(30, timers.currentWatermark());

        timers.advanceWatermark(Long.MAX_VALUE);
        assertEquals("ET 40 b w1 current=b wm=MAX", fired.get(4));
        assertEquals(0, timers.eventTimeTimerCount());
    }

    @Test
    void aTimerAtOrBelowTheCurrentWatermarkFiresOnTheNextWatermarkNotImmediately() {
        timers.setTarget(new Recording());
        timers.advanceWatermark(100);
        register("a", "w", 50);
        register("a", "w", 100);
        assertEquals(List.of(), fired);
        assertEquals(2, timers.eventTimeTimerCount());

        timers.advanceWatermark(150);
        assertEquals(List.of("ET 50 a w current=a wm=150", "ET 100 a w current=a wm=150"), fired);
    }

    @Test
    void aTimerRegisteredTwiceFiresOnce() {
        timers.setTarget(new Recording());
        register("a", "w", 10);
        register("a", "w", 10);
        register("a", "v", 10);

        timers.advanceWatermark(10);
        assertEquals(List.of("ET 10 a w current=a wm=10", "ET 10 a v current=a wm=10"), fired);
    }

    @Test
    void timersRegisteredWhileFiringAtOrBelowTheWatermarkFireInTheSameAdvance() {
        timers.setTarget(new Recording() {
            @Override
            public void onEventTime(final long timestamp, final String key, final String namespace) {
                super.onEventTime(timestamp, key, namespace);
                if (timestamp == 10) {
                    // registered for the current key, which firing has set to "a"
                    timers.registerEventTimeTimer("earlier", 5);
                    timers.registerEventTimeTimer("later", 15);
                    timers.registerEventTimeTimer("beyond", 500);
                }
            }
        });
        register("a", "w", 10);
        register("b", "w", 20);

        timers.advanceWatermark(100);
        assertEquals(List.of(
                "ET 10 a w current=a wm=100",
                "ET 5 a earlier current=a wm=100",
                "ET 15 a later current=a wm=100",
                "ET 20 b w current=b wm=100"), fired);
        assertEquals(1, timers.eventTimeTimerCount());
        assertEquals(500, timers.eventTimeTimers().peekTimestamp());
        assertEquals("a", timers.eventTimeTimers().peekKey());
    }

    @Test
    void deletingATimerAffectsOnlyTheCurrentKey() {
        timers.setTarget(new Recording());
        register("a", "w", 10);
        register("b", "w", 10);
        backend.setCurrentKey("b");
        timers.deleteEventTimeTimer("w", 10);
        timers.deleteEventTimeTimer("w", 11);

        timers.advanceWatermark(10);
        assertEquals(List.of("ET 10 a w current=a wm=10"), fired);
    }

    @Test
    void firingSetsTheCurrentKeySoStateAccessSeesThatKeysState() {
        final ValueState<String> state = backend.state(new ValueStateDescriptor<String>("value"));
        state.setNamespace("w");
        timers.setTarget(new Triggerable<>() {
            @Override
            public void onEventTime(final long timestamp, final String key, final String namespace) {
                fired.add(key + " sees " + state.value());
            }

            @Override
            public void onProcessingTime(final long timestamp, final String key, final String namespace) {
                fired.add(key + " sees " + state.value() + " at processing time");
            }
        });
        for (final String key : List.of("a", "b", "c")) {
            backend.setCurrentKey(key);
            state.update("state of " + key);
        }
        register("b", "w", 1);
        register("a", "w", 2);
        backend.setCurrentKey("a");
        timers.registerProcessingTimeTimer("w", 7);
        backend.setCurrentKey("c");

        timers.advanceWatermark(2);
        timers.advanceProcessingTime(7);
        assertEquals(List.of("b sees state of b", "a sees state of a", "a sees state of a at processing time"), fired);
    }

    @Test
    void processingTimeTimersFireWhenProcessingTimeReachesThem() {
        timers.setTarget(new Recording());
        backend.setCurrentKey("a");
        timers.registerProcessingTimeTimer("w", 100);
        timers.registerProcessingTimeTimer("w", 200);
        backend.setCurrentKey("b");
        timers.registerProcessingTimeTimer("w", 50);
        timers.registerProcessingTimeTimer("w", 50);
        assertEquals(3, timers.processingTimeTimerCount());
        assertEquals(50, timers.nextProcessingTime());

        timers.advanceWatermark(Long.MAX_VALUE); // watermarks do not fire processing-time timers
        timers.advanceProcessingTime(49);
        assertEquals(List.of(), fired);
        timers.advanceProcessingTime(99);
        assertEquals(List.of("PT 50 b w current=b"), fired);
        assertEquals(100, timers.nextProcessingTime());

        timers.advanceProcessingTime(200);
        assertEquals(List.of("PT 50 b w current=b", "PT 100 a w current=a", "PT 200 a w current=a"), fired);
        assertEquals(Long.MAX_VALUE, timers.nextProcessingTime());
    }

    @Test
    void anEarlierProcessingTimeTimerBecomesTheNextOneAndDeletedOnesDoNotFire() {
        timers.setTarget(new Recording());
        backend.setCurrentKey("a");
        timers.registerProcessingTimeTimer("w", 300);
        assertEquals(300, timers.nextProcessingTime());
        timers.registerProcessingTimeTimer("w", 120);
        assertEquals(120, timers.nextProcessingTime());
        timers.deleteProcessingTimeTimer("w", 120);
        assertEquals(300, timers.nextProcessingTime());

        clock.advanceTo(300);
        assertEquals(300, timers.currentProcessingTime());
        timers.advanceProcessingTime(timers.currentProcessingTime());
        assertEquals(List.of("PT 300 a w current=a"), fired);
    }

    @Test
    void eventTimeAndProcessingTimeTimersAreSeparate() {
        timers.setTarget(new Recording());
        backend.setCurrentKey("a");
        timers.registerEventTimeTimer("w", 10);
        timers.registerProcessingTimeTimer("w", 10);

        timers.advanceProcessingTime(10);
        timers.advanceWatermark(10);
        assertEquals(List.of("PT 10 a w current=a", "ET 10 a w current=a wm=10"), fired);
    }
}
