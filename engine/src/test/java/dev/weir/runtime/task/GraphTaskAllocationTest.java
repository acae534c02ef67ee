package dev.weir.runtime.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.Output;
import dev.weir.operator.TwoInputOperator;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.chain.SinkOutput;
import dev.weir.runtime.chain.TwoInputChainHead;
import dev.weir.runtime.channel.Channel;
import dev.weir.state.HeapStateBackend;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The task paths of a graph allocate nothing per record in steady state: a union task (one valve
 * over the channels of several streams) and a two-input task (each input's valve, their
 * combination, input 2's records through the chain head), with watermarks on every channel
 * (measured with the thread's allocated-bytes counter; the test thread is producer and consumer).
 */
@Tag("allocation")
final class GraphTaskAllocationTest {
    /** Counts the records of each input and forwards the watermark. */
    static final class Counting implements TwoInputOperator<Object, Object, Object> {
        long first;
        long second;
        private Output<Object> output;

        @Override
        public void open(final OperatorContext context, final Output<Object> out) {
            this.output = out;
        }

        @Override
        public void processRecord1(final Object value, final long timestamp) {
            first++;
        }

        @Override
        public void processRecord2(final Object value, final long timestamp) {
            second++;
        }

        @Override
        public void processWatermark(final long watermark) {
            output.watermark(watermark);
        }

        @Override
        public void processStatus(final WatermarkStatus status) {
            output.status(status);
        }

        @Override
        public void advanceProcessingTime(final long nowMillis) {
        }

        @Override
        public long nextProcessingTime() {
            return Long.MAX_VALUE;
        }
    }

    private static final Object RECORD = "r";

    @Test
    void aUnionTaskAllocatesNothingPerRecord() throws Exception {
        final Channel[] channels = channels();
        final long[] sunk = new long[1];
        final SideOutputs sideOutputs = new SideOutputs();
        final VirtualClock clock = new VirtualClock(0);
        final OperatorChain chain = new OperatorChain(List.of(), List.of(), new SinkOutput<Object>((value, ts) -> sunk[0]++, sideOutputs),
                sideOutputs, clock, 0, 1, 128, HeapStateBackend.INSTANCE);
        final Task task = new Task("union", channels, chain, clock, new PipelineControl());
        final int records = 60_000;
        run(task, channels, 0, records);
        final long allocated = measured(() -> run(task, channels, records, records));
        assertTrue(allocated < records, "allocated " + allocated + " bytes for " + records + " records");
        assertEquals(2L * records, sunk[0]);
        assertEquals(2L * records - 3, chain.inputWatermark());
    }

    @Test
    void aTwoInputTaskAllocatesNothingPerRecord() throws Exception {
        final Channel[] channels = channels();
        final SideOutputs sideOutputs = new SideOutputs();
        final VirtualClock clock = new VirtualClock(0);
        final Counting counting = new Counting();
        final OperatorFactory<?, ?> head = TwoInputChainHead.factory(() -> counting);
        final OperatorChain chain = new OperatorChain(List.of("counting"), List.of(head), new SinkOutput<Object>((value, ts) -> { },
                sideOutputs), sideOutputs, clock, 0, 1, 128, HeapStateBackend.INSTANCE);
        final Task task = new Task("two-input", channels, new int[] {1, 1, 2}, chain, clock, new PipelineControl(), null);
        final int records = 60_000;
        run(task, channels, 0, records);
        final long allocated = measured(() -> run(task, channels, records, records));
        assertTrue(allocated < records, "allocated " + allocated + " bytes for " + records + " records");
        assertEquals(2L * records * 2 / 3, counting.first, 1);
        assertEquals(2L * records / 3, counting.second, 1);
        assertEquals(2L * records - 3, chain.inputWatermark());
    }

    private static Channel[] channels() {
        final PipelineControl control = new PipelineControl();
        return new Channel[] {new Channel("a", 1024, control), new Channel("b", 1024, control), new Channel("c", 1024, control)};
    }

    /** A run of the test thread whose allocation is measured. */
    @FunctionalInterface
    private interface Work {
        void run() throws Exception;
    }

    private static long measured(final Work work) throws Exception {
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        work.run();
        return threads.getThreadAllocatedBytes(threadId) - before;
    }

    /** Records round-robin over the channels, the record index as timestamp; every channel gets a watermark every 48 records. */
    private static void run(final Task task, final Channel[] channels, final int from, final int count) throws Exception {
        for (int i = from; i < from + count; i++) {
            channels[i % channels.length].writeRecord(RECORD, i);
            if (i % 48 == 47) {
                for (final Channel channel : channels) {
                    channel.publishWatermark(i - 2);
                }
            }
            if (i % 8 == 0) {
                for (final Channel channel : channels) {
                    channel.flush();
                }
                task.doWork();
            }
        }
        for (final Channel channel : channels) {
            channel.flush();
        }
        task.doWork();
    }
}
