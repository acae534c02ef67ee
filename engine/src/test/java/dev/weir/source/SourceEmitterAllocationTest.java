package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.lmax.disruptor.EventPoller;
import dev.weir.clock.VirtualClock;
import dev.weir.event.StreamEvent;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.ChainEnd;
import dev.weir.runtime.chain.ChannelOutput;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.channel.Channel;
import dev.weir.time.WatermarkStrategy;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The code rules of docs/architecture.md (no allocation per record on hot paths) for the source's emission: once warm,
 * emitting a record on the single-stream path, on a split's output, and through a channel whose
 * ring has room (the back-pressure hook's non-blocked path), with periodic emission in between,
 * allocates less than one byte per record on average.
 */
@Tag("allocation")
class SourceEmitterAllocationTest {
    private static final int RECORDS = 200_000;
    private static final long SLACK_BYTES = 4096;

    private final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final long thread = Thread.currentThread().getId();
    private final VirtualClock clock = new VirtualClock(0);
    private final Long[] values = new Long[1024];
    private final WatermarkStrategy<Long> strategy = WatermarkStrategy.<Long>forBoundedOutOfOrderness(10).withIdleness(1000);

    /** Counts what reaches the end of the chain, keeping nothing. */
    private static final class CountingEnd implements ChainEnd<Object> {
        long records;
        long watermarks;

        @Override
        public void record(final Object value, final long timestamp) {
            records++;
        }

        @Override
        public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        }

        @Override
        public void watermark(final long watermark) {
            watermarks++;
        }

        @Override
        public void status(final WatermarkStatus status) {
        }

        @Override
        public void end() {
        }

        @Override
        public void flush() {
        }
    }

    private interface Emission {
        void emit(int i);
    }

    private long allocatedBy(final Emission emission, final SourceEmitter<Long> emitter) {
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) i;
        }
        threads.getThreadAllocatedBytes(thread);
        drive(emission, emitter, 0, RECORDS);
        final long before = threads.getThreadAllocatedBytes(thread);
        drive(emission, emitter, RECORDS, RECORDS);
        return threads.getThreadAllocatedBytes(thread) - before;
    }

    private void drive(final Emission emission, final SourceEmitter<Long> emitter, final int from, final int count) {
        for (int i = from; i < from + count; i++) {
            emission.emit(i);
            if ((i & 63) == 0) {
                clock.advanceTo(clock.millis() + 50);
                emitter.poll();
            }
        }
    }

    @Test
    void theSingleStreamPathAllocatesNothingPerRecord() {
        final CountingEnd end = new CountingEnd();
        final SourceEmitter<Long> emitter = SourceTasks.emitter(end, strategy, clock);
        final long allocated = allocatedBy(i -> emitter.emit(values[i & 1023], i), emitter);
        assertTrue(allocated < RECORDS + SLACK_BYTES, allocated + " bytes for " + RECORDS + " records");
        assertEquals(2L * RECORDS, end.records);
        assertTrue(end.watermarks > 0);
    }

    @Test
    void theSplitPathAllocatesNothingPerRecord() {
        final CountingEnd end = new CountingEnd();
        final SourceEmitter<Long> emitter = SourceTasks.emitter(end, strategy, clock);
        final SplitOutput<Long> first = emitter.split(0);
        emitter.split(1);
        emitter.split(2);
        final long allocated = allocatedBy(i -> {
            first.emit(values[i & 1023], i);
            emitter.split(1 + (i & 1)).emit(values[i & 1023], i - 5);
        }, emitter);
        assertTrue(allocated < 2 * RECORDS + SLACK_BYTES, allocated + " bytes for " + 2 * RECORDS + " records");
        assertEquals(4L * RECORDS, end.records);
        assertTrue(end.watermarks > 0);
    }

    @Test
    void aChannelWithRoomAllocatesNothingPerRecord() throws Exception {
        final Channel channel = new Channel("source->test", 1024, new PipelineControl());
        final ChannelOutput<Long> output = new ChannelOutput<>(new Channel[] {channel}, null, 128, new SideOutputs());
        final SourceEmitter<Long> emitter = SourceTasks.emitter(output, strategy, clock);
        output.backPressureListener(emitter);
        final long[] consumed = new long[1];
        final EventPoller.Handler<StreamEvent> handler = (event, sequence, endOfBatch) -> {
            consumed[0]++;
            return true;
        };
        final long allocated = allocatedBy(i -> {
            emitter.emit(values[i & 1023], i);
            if ((i & 255) == 255) {
                try {
                    channel.poll(handler);
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }
        }, emitter);
        assertTrue(allocated < RECORDS + SLACK_BYTES, allocated + " bytes for " + RECORDS + " records");
        assertEquals(0, channel.producerWaits());
        assertTrue(consumed[0] >= 2L * RECORDS - 256);
    }
}
