package dev.weir.jmh;

import com.lmax.disruptor.EventPoller;
import dev.weir.event.EventKind;
import dev.weir.event.StreamEvent;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.channel.Channel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One {@link Channel} (the Disruptor ring between two tasks, docs/runtime.md) written and polled by
 * the same thread: {@value #RECORDS} records written in publish batches of {@code publishBatch}, a flush,
 * then one poll that hands them all to the consumer's handler. Scores are per record. With producer and
 * consumer on one core this is the channel's own code path (slot claim, fill, publish, poll, dispatch)
 * without the cache-line transfers of a real hop, which the perf module's latency benchmark measures.
 * Not final: JMH subclasses its benchmark classes.
 */
public class ChannelHop extends Microbenchmark {
    /** Records written, then polled, per invocation: a quarter of the ring. */
    static final int RECORDS = 256;
    /** Ring slots. */
    static final int CAPACITY = 1024;

    /** Records written before the channel publishes them without a flush; 64 is the runtime's default at this capacity. */
    @Param({"1", "16", "64"})
    public int publishBatch;

    private final Object[] values = new Object[RECORDS];
    private final Consumer consumer = new Consumer();
    private Channel channel;
    private long timestamp;

    /** An empty channel and the records written into it, made once. */
    @Setup(Level.Trial)
    public void createChannel() {
        channel = new Channel("jmh", CAPACITY, publishBatch, new PipelineControl());
        for (int r = 0; r < RECORDS; r++) {
            values[r] = "record-" + r;
        }
        timestamp = 0;
        consumer.records = 0;
        consumer.timestamps = 0;
    }

    /**
     * @return the sum of the event times the consumer polled, over all invocations so far
     * @throws Exception as {@link Channel#poll} does
     */
    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public long publishThenPoll() throws Exception {
        for (int r = 0; r < RECORDS; r++) {
            channel.writeRecord(values[r], ++timestamp);
        }
        channel.flush();
        channel.poll(consumer);
        return consumer.timestamps;
    }

    /** @return records the consumer polled so far */
    long polledRecords() {
        return consumer.records;
    }

    /** The consumer's side: reads each record and releases its slot as a task does, and asks for the next. */
    private static final class Consumer implements EventPoller.Handler<StreamEvent> {
        private long records;
        private long timestamps;

        @Override
        public boolean onEvent(final StreamEvent event, final long sequence, final boolean endOfBatch) {
            if (event.kind() != EventKind.RECORD) {
                throw new IllegalStateException("only records were written, polled " + event.kind());
            }
            records++;
            timestamps += event.timestamp();
            // the task drops its reference to the record once it is handled, as here
            event.release();
            return true;
        }
    }
}
