package dev.weir.perf;

import dev.weir.api.StreamPipeline;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.List;

/**
 * The latency subject: publisher -> keyBy -> pass-through keyed process -> sink, with the
 * keyed stage on one busy-spinning task thread (2 threads in all: the publisher's and the
 * task's). Monotonous event time with Weir's default periodic watermarks, so watermarks
 * travel the ring beside the records as they would in production. The sink reports each
 * tick's arrival. One instance runs once.
 */
public final class WeirKeyedHop implements BenchmarkedPipeline<Tick> {
    private final StreamPipeline pipeline;
    private final Publisher<Tick> publisher;
    private RunningPipeline running;

    /**
     * @param capacity ring slots, a power of two
     * @param idleStrategy how the task thread waits
     * @param arrivals receives each tick's arrival, on the task thread
     */
    public WeirKeyedHop(final int capacity, final IdleStrategyKind idleStrategy, final Arrivals arrivals) {
        this.pipeline = StreamPipeline.named("latency").channelCapacity(capacity).idleStrategy(idleStrategy);
        this.publisher = pipeline.publisher("ticks");
        final KeyedProcessFunction<Integer, Tick, Tick> passThrough = (tick, context, out) -> out.collect(tick);
        final Sink<Tick> sink = (tick, timestamp) -> arrivals.record(tick.intendedNanos());
        pipeline.from(publisher, WatermarkStrategy.<Tick>forMonotonousTimestamps())
                .keyBy(Tick::key)
                .process(passThrough)
                .sink(sink);
    }

    @Override
    public void start() {
        running = pipeline.start();
    }

    @Override
    public void send(final Tick tick) {
        publisher.publish(tick, tick.eventTimeMillis());
    }

    @Override
    public void finish() throws InterruptedException {
        publisher.end();
        if (!running.awaitTermination(Duration.ofMinutes(1))) {
            running.close();
            throw new IllegalStateException("the latency pipeline did not end within a minute");
        }
        running.close();
    }

    @Override
    public List<Thread> threads() {
        return running.threads();
    }
}
