package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.clock.VirtualClock;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.ChannelOutput;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.channel.Channel;
import dev.weir.time.WatermarkStrategy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.AgentTerminationException;
import org.junit.jupiter.api.Test;

/**
 * A source task never waits for a full ring (docs/runtime.md, "Back-pressure"), driven by hand:
 * a reader batch larger than the ring waits in the overflow, the task drains it before it reads
 * again, and after end of input (or an abort after a read failure) it terminates only once the
 * output has drained, having delivered everything in order.
 */
final class SourceTaskBackPressureTest {
    private final PipelineControl control = new PipelineControl();
    private final Channel channel = new Channel("source->test", 4, 1, control);
    private final List<String> received = new ArrayList<>();

    /** Emits ten records per read, numbered on; after {@code batches} reads it ends, or fails after six more. */
    private static final class TenAtATime implements SourceReader<Long> {
        private final int batches;
        private final IOException failure;
        private long next;
        private int reads;

        TenAtATime(final int batches, final IOException failure) {
            this.batches = batches;
            this.failure = failure;
        }

        @Override
        public ReadStatus read(final SourceOutput<Long> output) throws IOException {
            reads++;
            if (reads > batches && failure != null) {
                for (int i = 0; i < 6; i++) {
                    output.emit(next, next++);
                }
                throw failure;
            }
            for (int i = 0; i < 10; i++) {
                output.emit(next, next++);
            }
            return reads == batches && failure == null ? ReadStatus.END : ReadStatus.MORE;
        }
    }

    private SourceTask<Long> task(final TenAtATime reader) {
        final SourceEmitter<Long> emitter = SourceTasks.emitter(new ChannelOutput<>(new Channel[] {channel}, null, 128, new SideOutputs()),
                WatermarkStrategy.<Long>forMonotonousTimestamps(), new VirtualClock(0));
        return SourceTasks.task(reader, emitter, control);
    }

    /** Reads the ring into {@link #received}: records as their value, watermarks as "WM n", the end as "END". */
    private void consume() throws Exception {
        channel.poll((event, sequence, endOfBatch) -> {
            switch (event.kind()) {
                case RECORD:
                    received.add(String.valueOf(event.value()));
                    event.release();
                    break;
                case WATERMARK:
                    received.add("WM " + (event.timestamp() == Long.MAX_VALUE ? "MAX" : event.timestamp()));
                    break;
                default:
                    received.add(event.kind().name());
                    break;
            }
            return true;
        });
    }

    private static List<String> numbers(final int count) {
        final List<String> numbers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            numbers.add(String.valueOf(i));
        }
        return numbers;
    }

    @Test
    void aBatchLargerThanTheRingWaitsInTheOverflowAndTheNextReadWaitsForTheDrain() throws Exception {
        final TenAtATime reader = new TenAtATime(2, null);
        final SourceTask<Long> task = task(reader);
        assertEquals(10, task.doWork(), "ten records emitted: four in the ring, six held back");
        assertEquals(0, task.doWork(), "nothing moved, nothing read");
        assertEquals(1, reader.reads);
        consume();
        assertEquals(4, task.doWork(), "four drained, two still held: no read");
        assertEquals(1, reader.reads);
        consume();
        task.doWork();
        assertEquals(2, reader.reads, "drained, so it read the last batch (and ended)");
        int cycles = 0;
        while (true) {
            consume();
            try {
                task.doWork();
            } catch (AgentTerminationException terminated) {
                break;
            }
            assertEquals(2, reader.reads);
            cycles++;
        }
        consume();
        assertEquals(2, cycles, "10 events held back (8 records, MAX, END) leave 4 at a time: the third drain empties it and terminates");
        final List<String> expected = numbers(20);
        expected.add("WM MAX");
        expected.add("END");
        assertEquals(expected, received);
    }

    @Test
    void anAbortedSourceTerminatesOnlyOnceItsOutputHasDrained() throws Exception {
        final IOException broken = new IOException("disk gone");
        final TenAtATime reader = new TenAtATime(1, broken);
        final SourceTask<Long> task = task(reader);
        task.doWork();
        consume();
        task.doWork();
        consume();
        assertEquals(3, task.doWork(), "two drained, six read before the failure, the input aborted with its end held back: no termination yet");
        assertSame(broken, control.failure());
        consume();
        assertEquals(4, task.doWork());
        consume();
        assertThrows(AgentTerminationException.class, task::doWork, "the end drained: the task terminates");
        consume();
        final List<String> expected = numbers(16);
        expected.add("END");
        assertEquals(expected, received, "no MAX after a failure, nothing accepted lost");
    }
}
