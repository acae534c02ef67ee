package dev.weir.runtime.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import dev.weir.operator.FlatMapOperator;
import dev.weir.operator.OperatorFactory;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.ChannelOutput;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.channel.Channel;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.ChannelLog;
import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.AgentTerminationException;
import org.junit.jupiter.api.Test;

/**
 * A task never waits for a full output ring (docs/runtime.md, "Back-pressure"), driven by hand on
 * the test's thread: it stops its batch at the event whose output overflowed, drains before it
 * reads more, reads nothing while the overflow holds events, ends its chain once and finishes
 * only after its output has drained.
 */
final class TaskBackPressureTest {
    private final PipelineControl control = new PipelineControl();
    private final Channel input = new Channel("in", 16, 1, control);
    private final Channel output = new Channel("out", 4, 1, control);
    private final ChannelLog consumer = new ChannelLog();

    private Task task(final List<String> names, final List<OperatorFactory<?, ?>> operators) {
        final VirtualClock clock = new VirtualClock(0);
        final SideOutputs sideOutputs = new SideOutputs();
        final OperatorChain chain = new OperatorChain(names, operators, new ChannelOutput<>(new Channel[] {output}, null, 128, sideOutputs),
                sideOutputs, clock, 0, 1, 128, HeapStateBackend.INSTANCE);
        return new Task("task", new Channel[] {input}, chain, clock, control);
    }

    private static List<String> records(final int from, final int to) {
        final List<String> records = new ArrayList<>();
        for (int i = from; i < to; i++) {
            records.add("R " + i + "@" + i);
        }
        return records;
    }

    @Test
    void aTaskStopsAtTheEventThatOverflowedAndResumesThereOnceItsOutputDrained() throws Exception {
        final Task task = task(List.of(), List.of());
        for (int i = 0; i < 11; i++) {
            input.writeRecord(i, i);
        }
        input.publishWatermark(10);
        input.publishEnd();

        assertEquals(5, task.doWork(), "four records fill the ring, the fifth overflows and ends the batch");
        assertEquals(5, task.recordsIn());
        assertEquals(1, task.chain().end().backlog());
        assertEquals(1, task.dutyCycles());
        assertEquals(0, task.doWork(), "a full ring and a non-empty overflow: nothing moved, nothing read");
        assertEquals(5, task.recordsIn());
        assertEquals(1, task.dutyCycles(), "a cycle that only tried to drain polled nothing: awaitQuiescent must not count it");

        assertEquals(records(0, 4), consumer.poll(output));
        assertEquals(5, task.doWork(), "one event drained, then four records read: the last overflows");
        assertEquals(9, task.recordsIn());
        assertEquals(2, task.dutyCycles());

        assertEquals(records(4, 8), consumer.poll(output));
        task.doWork();
        assertEquals(11, task.recordsIn());
        assertTrue(task.chain().outputBackPressured(), "end of input found the ring full");
        assertFalse(task.isFinished(), "ended, but its output still holds the end");
        assertEquals(0, task.doWork());
        assertFalse(task.isFinished());

        final List<String> rest = new ArrayList<>(records(8, 11));
        rest.add("WM 10");
        assertEquals(rest, consumer.poll(output));
        assertEquals(1, task.doWork(), "the end drained");
        assertTrue(task.isFinished());
        assertThrows(AgentTerminationException.class, task::doWork);
        assertEquals(List.of("END"), consumer.poll(output), "the chain ended once");
        assertEquals(3, output.producerWaits(), "the fifth record, the ninth and the end found the ring full");
    }

    @Test
    void anInputEventsOutputNeverWaitsBehindMoreInput() throws Exception {
        final Task task = task(List.of("explode"), List.of(() -> new FlatMapOperator<Object, Object>((value, out) -> {
            for (int i = 0; i < 10; i++) {
                out.collect(value + "." + i);
            }
        })));
        for (int i = 0; i < 3; i++) {
            input.writeRecord(i, 100 + i);
        }
        input.publishEnd();
        final List<String> received = new ArrayList<>();
        final List<Long> recordsIn = new ArrayList<>();
        task.doWork();
        recordsIn.add(task.recordsIn());
        while (!task.isFinished()) {
            received.addAll(consumer.poll(output));
            task.doWork();
            recordsIn.add(task.recordsIn());
        }
        received.addAll(consumer.poll(output));
        // 10 results per record, 4 slots: each record is read only once the previous one's results are all in the ring
        assertEquals(List.of(1L, 1L, 2L, 2L, 3L, 3L, 3L, 3L), recordsIn);
        final List<String> expected = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 10; j++) {
                expected.add("R " + i + "." + j + "@" + (100 + i));
            }
        }
        expected.add("END");
        assertEquals(expected, received);
    }

    @Test
    void timersAndTheEndWaitWhileTheOutputIsBackPressured() throws Exception {
        final Task task = task(List.of(), List.of());
        for (int i = 0; i < 5; i++) {
            input.writeRecord(i, i);
        }
        input.publishEnd();
        assertEquals(5, task.doWork());
        assertEquals(1, task.chain().end().backlog());
        assertEquals(0, task.doWork());
        assertFalse(task.isFinished(), "the end of input is not even read while the overflow holds a record");
        assertEquals(records(0, 4), consumer.poll(output));
        assertEquals(3, task.doWork(), "the record drained, then the end read and the chain ended");
        assertTrue(task.isFinished());
        assertEquals(List.of("R 4@4", "END"), consumer.poll(output));
    }
}
