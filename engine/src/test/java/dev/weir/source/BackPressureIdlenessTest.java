package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.lmax.disruptor.EventPoller;
import dev.weir.event.StreamEvent;
import dev.weir.event.Watermarks;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.chain.ChannelOutput;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.channel.BackPressureListener;
import dev.weir.runtime.channel.Channel;
import dev.weir.time.WatermarkGenerator;
import dev.weir.time.WatermarkOutput;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.agrona.concurrent.AgentTerminationException;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1, "time spent back-pressured does not count as idle": a source task on its own
 * thread writes into a 4-slot channel that the test thread drains only when it chooses, on a
 * virtual clock the test moves only after it has seen the source react. The source's generator
 * emits a higher watermark at every periodic emission (200 ms) and sees no records; idleness is
 * 1000 ms. The fifth watermark finds the ring full at 1000; the test moves the clock 10 s while
 * the source waits, then drains. With the channel's back-pressure hook wired to the emitter, those
 * 10 s do not count: IDLE comes at 11400, exactly 1200 ms of activity after the idle timer
 * started at 200. Without the hook the source declares IDLE at once after the wait.
 */
class BackPressureIdlenessTest {
    private static final long TIMEOUT_SECONDS = 30;

    /** A generator driven by processing time only: each periodic emission is one higher. */
    private static final class Heartbeat implements WatermarkGenerator<String> {
        private long next;

        @Override
        public void onEvent(final String event, final long timestamp, final WatermarkOutput output) {
        }

        @Override
        public void onPeriodicEmit(final WatermarkOutput output) {
            output.emitWatermark(++next);
        }
    }

    private final ManualClock clock = new ManualClock();
    private final PipelineControl control = new PipelineControl();
    private final Channel channel = new Channel("source->test", 4, control);
    private final CountDownLatch blocked = new CountDownLatch(1);
    private final AtomicReference<Throwable> sourceFailure = new AtomicReference<>();

    private SourceEmitter<String> startSource(final boolean hookWired) {
        final ChannelOutput<String> output = new ChannelOutput<>(new Channel[] {channel}, null, 128, new SideOutputs());
        final WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forGenerator(Heartbeat::new).withIdleness(1000);
        final SourceEmitter<String> emitter = SourceTasks.emitter(output, strategy, clock);
        output.backPressureListener(new BackPressureListener() {
            @Override
            public void onBackPressure() {
                if (hookWired) {
                    emitter.onBackPressure();
                }
                blocked.countDown();
            }

            @Override
            public void onBackPressureRelieved() {
                if (hookWired) {
                    emitter.onBackPressureRelieved();
                }
            }
        });
        final SourceTask<String> task = SourceTasks.task(out -> ReadStatus.NOTHING_AVAILABLE, emitter, control);
        final Thread thread = new Thread(() -> {
            try {
                while (true) {
                    if (task.doWork() == 0) {
                        Thread.yield();
                    }
                }
            } catch (AgentTerminationException | PipelineStoppedException stopped) {
                // the test stopped the pipeline
            } catch (Throwable t) {
                sourceFailure.set(t);
            }
        }, "test-source");
        thread.start();
        threadUnderTest = thread;
        return emitter;
    }

    private Thread threadUnderTest;

    private void stopSource() throws InterruptedException {
        control.stop();
        threadUnderTest.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        assertNull(sourceFailure.get());
    }

    /** Waits (without sleeping) until the source has published {@code count} unread events. */
    private void awaitOccupancy(final long count) {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (channel.occupancy() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the source published " + channel.occupancy() + " events, expected " + count);
            }
            Thread.yield();
        }
    }

    /**
     * Takes exactly {@code count} events from the channel, as "WM n" / "STATUS s". Polls until
     * they are published: a claimed slot counts in the occupancy before its publish.
     */
    private List<String> take(final int count) throws Exception {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        final List<String> events = new ArrayList<>();
        final EventPoller.Handler<StreamEvent> handler = (event, sequence, endOfBatch) -> {
            switch (event.kind()) {
                case WATERMARK:
                    events.add("WM " + Watermarks.format(event.timestamp()));
                    break;
                case STATUS:
                    events.add("STATUS " + event.watermarkStatus());
                    break;
                default:
                    events.add(event.kind().toString());
                    break;
            }
            return events.size() < count;
        };
        while (events.size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the source published " + events + ", expected " + count + " events");
            }
            channel.poll(handler);
            Thread.yield();
        }
        return events;
    }

    private void fillTheRingAndWaitTenSecondsBlocked() throws Exception {
        for (int i = 1; i <= 4; i++) {
            clock.advanceToMillis(200L * i);
            awaitOccupancy(i);
        }
        clock.advanceToMillis(1000); // the fifth watermark finds the ring full
        assertTrue(blocked.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the source never found the ring full");
        clock.advanceToMillis(11_000); // ten seconds pass while the source waits
        assertEquals(List.of("WM 1", "WM 2", "WM 3", "WM 4"), take(4));
    }

    @Test
    void timeBlockedOnAFullRingDoesNotCountAsIdle() throws Exception {
        final SourceEmitter<String> emitter = startSource(true);
        fillTheRingAndWaitTenSecondsBlocked();

        // the blocked watermark, then the overdue periodic emission at 11000: 800 ms of activity idle
        assertEquals(List.of("WM 5", "WM 6"), take(2));
        clock.advanceToMillis(11_200);
        assertEquals(List.of("WM 7"), take(1)); // 1000 ms: not more than the timeout
        clock.advanceToMillis(11_400);
        assertEquals(List.of("STATUS IDLE"), take(1)); // 1200 ms > 1000 ms

        stopSource();
        assertEquals(11_400 - 10_000, emitter.activityClock().millis());
    }

    @Test
    void withoutTheHookTheWaitWouldCountAsIdle() throws Exception {
        startSource(false);
        fillTheRingAndWaitTenSecondsBlocked();
        assertEquals(List.of("WM 5", "STATUS IDLE"), take(2));
        stopSource();
    }
}
