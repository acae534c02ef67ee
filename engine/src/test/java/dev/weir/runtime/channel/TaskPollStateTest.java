package dev.weir.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import dev.weir.clock.VirtualClock;
import dev.weir.event.StreamEvent;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.chain.SinkOutput;
import dev.weir.runtime.task.Task;
import dev.weir.state.HeapStateBackend;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a task's {@code doWork()} counts for each state its channels' pollers report, driven by
 * hand on the test's thread: PROCESSING counts the events handled, GATING (a slot claimed and
 * not yet published) counts as work so that the runner does not back off, IDLE counts nothing.
 */
final class TaskPollStateTest {
    private final PipelineControl control = new PipelineControl();
    private final List<Object> sunk = new ArrayList<>();

    private Task taskOver(final Channel... inputs) {
        final VirtualClock clock = new VirtualClock(0);
        final SideOutputs sideOutputs = new SideOutputs();
        final OperatorChain chain = new OperatorChain(List.of(), List.of(), new SinkOutput<>((value, ts) -> sunk.add(value), sideOutputs),
                sideOutputs, clock, 0, 1, 128, HeapStateBackend.INSTANCE);
        return new Task("polling", inputs, chain, clock, control);
    }

    /** A ring whose poller sees claims: multi-producer, so a claimed slot makes it report GATING. */
    private static RingBuffer<StreamEvent> claimingRing() {
        return RingBuffer.createMultiProducer(StreamEvent::new, 8, new BusySpinWaitStrategy());
    }

    @Test
    void anEmptyChannelAndRecordsWrittenButNotFlushedCountNothing() throws Exception {
        final Channel channel = new Channel("in", 16, 8, control);
        final Task task = taskOver(channel);
        assertEquals(0, task.doWork(), "an empty ring polls IDLE");

        channel.writeRecord("a", 1);
        channel.writeRecord("b", 2);
        assertEquals(0, task.doWork(), "a single-producer ring keeps written, unflushed slots to its producer: IDLE");
        assertEquals(List.of(), sunk);

        channel.flush();
        assertEquals(2, task.doWork(), "PROCESSING counts the events handled");
        assertEquals(List.of("a", "b"), sunk);
        assertEquals(0, task.doWork());
    }

    @Test
    void aClaimedSlotCountsAsWorkUntilItIsPublished() throws Exception {
        final RingBuffer<StreamEvent> ring = claimingRing();
        final Task task = taskOver(new Channel("claims", ring, 1, control));
        final long first = ring.next(2) - 1;
        assertEquals(1, task.doWork(), "GATING: an event is on its way");
        assertEquals(1, task.doWork(), "GATING holds while the slots are claimed");
        assertEquals(List.of(), sunk, "nothing claimed is read");

        ring.get(first).record("a", 1);
        ring.get(first + 1).record("b", 2);
        ring.publish(first, first + 1);
        assertEquals(2, task.doWork(), "PROCESSING: both published events");
        assertEquals(List.of("a", "b"), sunk);
        assertEquals(0, task.doWork(), "IDLE once consumed");
    }

    @Test
    void eachChannelCountsByItsOwnState() throws Exception {
        final RingBuffer<StreamEvent> claiming = claimingRing();
        final Channel idle = new Channel("idle", 16, 1, control);
        final Channel processing = new Channel("processing", 16, 1, control);
        final Task task = taskOver(idle, new Channel("gating", claiming, 1, control), processing);
        claiming.next();
        processing.writeRecord("x", 1);
        processing.writeRecord("y", 2);
        processing.writeRecord("z", 3);
        assertEquals(0 + 1 + 3, task.doWork(), "IDLE + GATING + PROCESSING of three events");
        assertEquals(List.of("x", "y", "z"), sunk);
        assertEquals(1, task.doWork(), "only the claim is left");
    }

    @Test
    void aPollStoppedAtTheBatchLimitLeavesTheRestForTheNextCycle() throws Exception {
        final Channel channel = new Channel("full", 512, 512, control);
        final Task task = taskOver(channel);
        for (int i = 0; i < 300; i++) {
            channel.writeRecord(i, i);
        }
        channel.flush();
        assertEquals(256, task.doWork(), "a poll hands over at most 256 events");
        assertEquals(256, sunk.size());
        assertEquals(44, task.doWork());
        assertEquals(300, sunk.size());
        assertEquals(299, sunk.get(299));
        assertEquals(0, task.doWork());
    }
}
