package dev.weir.runtime.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.chain.SinkOutput;
import dev.weir.runtime.channel.Channel;
import dev.weir.state.AggregateFunction;
import dev.weir.state.HeapStateBackend;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowOperatorBuilder;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The task's hot path stays allocation-free with metrics on: records and watermarks through a
 * channel, the valve (and its probe), a keyed window aggregate and the per-batch publication
 * of the operators' statistics allocate nothing once the windows exist (measured with the
 * thread's allocated-bytes counter; the test thread is producer and consumer).
 */
@Tag("allocation")
final class TaskAllocationTest {
    /** A pre-created record. */
    static final class Tick {
        final String symbol;

        Tick(final String symbol) {
            this.symbol = symbol;
        }
    }

    private static final AggregateFunction<Tick, long[], Long> COUNT = new AggregateFunction<>() {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(final Tick value, final long[] accumulator) {
            accumulator[0]++;
            return accumulator;
        }

        @Override
        public Long getResult(final long[] accumulator) {
            return accumulator[0];
        }

        @Override
        public long[] merge(final long[] a, final long[] b) {
            a[0] += b[0];
            return a;
        }
    };

    @Test
    void recordsAndWatermarksThroughATaskAllocateNothingOnceItsWindowsExist() throws Exception {
        final PipelineControl control = new PipelineControl();
        final VirtualClock clock = new VirtualClock(0);
        final SideOutputs sideOutputs = new SideOutputs();
        final Channel channel = new Channel("in", 1024, control);
        final long[] sunk = new long[1];
        final OperatorChain chain = new OperatorChain(List.of("window"),
                List.of(WindowOperatorBuilder.<Tick, String, TimeWindow>of(tick -> tick.symbol, TumblingEventTimeWindows.of(1_000_000))
                        .aggregate(COUNT)),
                new SinkOutput<Long>((count, ts) -> sunk[0]++, sideOutputs), sideOutputs, clock, 0, 1, 128, HeapStateBackend.INSTANCE);
        final Task task = new Task("task", new Channel[] {channel}, chain, clock, control);
        final Tick[] ticks = new Tick[100];
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = new Tick("SYM" + i);
        }
        final int records = 100_000;
        run(task, channel, ticks, 0, records);
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        run(task, channel, ticks, records, records);
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
        assertTrue(allocated < records, "allocated " + allocated + " bytes for " + records + " records");
        assertEquals(2L * records, chain.recordsIn());
        assertEquals(ticks.length, chain.operatorMetrics(0).get(0).stateEntries());
        assertEquals(0, sunk[0]);
    }

    private static void run(final Task task, final Channel channel, final Tick[] ticks, final int from, final int count) throws Exception {
        for (int i = from; i < from + count; i++) {
            channel.writeRecord(ticks[i % ticks.length], i);
            if (i % 64 == 0) {
                channel.publishWatermark(i);
            }
            if (i % 8 == 0) {
                channel.flush();
                task.doWork();
            }
        }
        channel.flush();
        task.doWork();
    }
}
