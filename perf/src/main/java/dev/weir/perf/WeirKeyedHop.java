package dev.weir.perf;

import dev.weir.api.StreamPipeline;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.RunningPipeline;
import dev.weir.runtime.Sink;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.List;

/**
 * The latency subject: publisher -> keyBy -> pass-through keyed process -> sink, with the
 * keyed stage on one busy-spinning task thread (2 threads in all: the publisher's and the
 * task's). Monotonous event time with Weir's default periodic watermarks, so watermarks
 * travel the ring beside the records as they would in production.
 */
public final class WeirKeyedHop implements LatencyTarget {
    private final StreamPipeline pipeline;
    private final Publisher<Tick> publisher;
    private final LatencyRecorder recorder;
    private RunningPipeline running;

    /**
     * @param capacity ring slots, a power of two
     * @param idleStrategy how the task thread waits
     * @param clock the clock latencies are measured on
     */
    public WeirKeyedHop(final int capacity, final IdleStrategyKind idleStrategy, final NanoClock clock) {
        this.recorder = new LatencyRecorder(clock);
        this.pipeline = StreamPipeline.named("latency").channelCapacity(capacity).idleStrategy(idleStrategy);
        this.publisher = pipeline.publisher("ticks");
        final KeyedProcessFunction<Integer, Tick, Tick> passThrough = (tick, context, out) -> out.collect(tick);
        final Sink<Tick> sink = (tick, timestamp) -> recorder.record(tick);
        pipeline.from(publisher, WatermarkStrategy.<Tick>forMonotonousTimestamps())
                .keyBy(Tick::key)
                .process(passThrough)
                .sink(sink);
    }

    @Override
    public String name() {
        return "Weir publisher->keyBy->process->sink";
    }

    @Override
    public void start() {
        running = pipeline.start();
    }

    @Override
    public void send(final Tick tick, final long eventTimeMillis) {
        publisher.publish(tick, eventTimeMillis);
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
    public List<Thread> consumerThreads() {
        return running.threads();
    }

    @Override
    public LatencyRecorder recorder() {
        return recorder;
    }
}
