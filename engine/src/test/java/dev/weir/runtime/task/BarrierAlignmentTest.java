package dev.weir.runtime.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.BarrierAligner;
import dev.weir.runtime.chain.ChainEnd;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.channel.Channel;
import dev.weir.state.HeapStateBackend;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A task aligns checkpoint barriers over its input channels, driven by hand on the test's thread. */
final class BarrierAlignmentTest {
    private final PipelineControl control = new PipelineControl();
    private final List<String> events = new ArrayList<>();
    private final Channel fast = new Channel("fast", 16, control);
    private final Channel slow = new Channel("slow", 16, control);

    private Task task() {
        final ChainEnd<Object> end = new ChainEnd<>() {
            @Override
            public void record(final Object value, final long timestamp) {
                events.add(String.valueOf(value));
            }

            @Override
            public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
            }

            @Override
            public void watermark(final long watermark) {
                events.add("WM " + watermark);
            }

            @Override
            public void status(final WatermarkStatus status) {
            }

            @Override
            public void barrier(final long checkpointId) {
                events.add("BARRIER " + checkpointId);
            }

            @Override
            public void flush() {
            }

            @Override
            public void end() {
                events.add("END");
            }
        };
        final VirtualClock clock = new VirtualClock(0);
        final OperatorChain chain = new OperatorChain(List.of(), List.of(), end, new SideOutputs(), clock, 0, 1, 128,
                HeapStateBackend.INSTANCE);
        return new Task("aligning", new Channel[] {fast, slow}, chain, clock, control, id -> {
            events.add("SNAPSHOT " + id);
            chain.end().barrier(id);
        });
    }

    @Test
    void recordsBehindTheBarrierOnTheFastChannelWaitUntilTheSnapshot() throws Exception {
        final Task task = task();
        fast.writeRecord("a1", 1);
        fast.flush();
        fast.publishWatermark(10);
        fast.publishBarrier(1);
        fast.writeRecord("a2", 2);
        fast.flush();
        fast.publishWatermark(30);
        slow.writeRecord("b1", 1);
        slow.flush();
        slow.publishWatermark(20);

        task.doWork();
        task.doWork();

        // a2 and the fast channel's watermark 30 wait behind the barrier; the slow channel's watermark passes the valve
        assertEquals(List.of("a1", "b1", "WM 10"), events);
        assertEquals(2, fast.occupancy());

        slow.writeRecord("b2", 2);
        slow.flush();
        slow.publishBarrier(1);
        slow.writeRecord("b3", 3);
        slow.flush();
        task.doWork();
        task.doWork();

        assertEquals(List.of("a1", "b1", "WM 10", "b2", "SNAPSHOT 1", "BARRIER 1", "a2", "WM 20", "b3"), events);
        assertEquals(0, fast.occupancy());
        assertEquals(0, slow.occupancy());
    }

    @Test
    void aChannelThatEndedNoLongerHoldsTheAlignmentBack() throws Exception {
        final Task task = task();
        fast.publishBarrier(1);
        fast.writeRecord("a1", 1);
        fast.flush();
        task.doWork();
        assertEquals(List.of(), events);

        slow.writeRecord("b1", 1);
        slow.flush();
        slow.publishEnd();
        task.doWork();
        task.doWork();

        assertEquals(List.of("b1", "SNAPSHOT 1", "BARRIER 1", "a1"), events);
        assertFalse(task.isFinished());
        fast.publishEnd();
        task.doWork();
        assertTrue(task.isFinished());
    }

    @Test
    void aSingleChannelSnapshotsAtOnce() {
        final List<Long> aligned = new ArrayList<>();
        final BarrierAligner aligner = new BarrierAligner(1, aligned::add);
        aligner.barrier(0, 7);
        assertEquals(List.of(7L), aligned);
        assertFalse(aligner.isBlocked(0));
        assertFalse(aligner.isAligning());
    }
}
