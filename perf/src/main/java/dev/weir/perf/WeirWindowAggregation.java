package dev.weir.perf;

import dev.weir.api.StreamPipeline;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.CountSum;
import dev.weir.state.CountSumAggregate;
import dev.weir.state.StateBackend;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.List;

/**
 * The throughput subject: publisher -> keyBy -> tumbling count+sum -> sink, the keyed stage at a given parallelism,
 * fed by the generating thread (in batches, or one record per hand-off) with the ticks' event time and periodic
 * watermarks. Each window result is reported to {@link Arrivals} as the result of the watermark that fired it. One
 * instance runs once.
 */
public final class WeirWindowAggregation implements BenchmarkedPipeline<Tick> {
    private final StreamPipeline pipeline;
    private final Publisher<Tick> publisher;
    private final boolean batched;
    private RunningPipeline running;

    /**
     * @param windowMillis the window size
     * @param parallelism instances of the keyed stage (task threads)
     * @param idleStrategy how the task threads wait
     * @param capacity ring slots per edge
     * @param batched publish in batches ({@link Publisher#publishBatched}) rather than record by record
     * @param watermarkIntervalMillis the periodic watermark interval, in processing time
     * @param stateBackend holds the window accumulators
     * @param totals receives every window result
     * @param arrivals receives every window result's arrival
     */
    public WeirWindowAggregation(final long windowMillis, final int parallelism, final IdleStrategyKind idleStrategy, final int capacity,
            final boolean batched, final long watermarkIntervalMillis, final StateBackend stateBackend, final ResultTotals totals,
            final Arrivals arrivals) {
        this.batched = batched;
        this.pipeline = StreamPipeline.named("throughput-p" + parallelism).idleStrategy(idleStrategy).channelCapacity(capacity)
                .stateBackend(stateBackend);
        this.publisher = pipeline.publisher("ticks");
        // instances of a parallel stage may sink on different threads, and Arrivals takes one at a time
        final Sink<CountSum> sink = (result, windowMaxTimestamp) -> {
            totals.add(result);
            synchronized (arrivals) {
                arrivals.recordWindowResult(windowMaxTimestamp);
            }
        };
        pipeline.from(publisher, arrivals.attributed(WatermarkStrategy.<Tick>forMonotonousTimestamps()
                        .withPeriodicInterval(watermarkIntervalMillis), Tick::intendedNanos))
                .keyBy(Tick::key)
                .parallelism(parallelism)
                .window(TumblingEventTimeWindows.of(windowMillis))
                .aggregate(new CountSumAggregate<>(Tick::price))
                .sink(sink);
    }

    @Override
    public void start() {
        running = pipeline.start();
    }

    @Override
    public void send(final Tick tick) {
        if (batched) {
            publisher.publishBatched(tick, tick.eventTimeMillis());
        } else {
            publisher.publish(tick, tick.eventTimeMillis());
        }
    }

    @Override
    public void finish() throws InterruptedException {
        publisher.end();
        if (!running.awaitTermination(Duration.ofMinutes(5))) {
            running.close();
            throw new IllegalStateException("the throughput pipeline did not end within 5 minutes");
        }
        running.close();
    }

    @Override
    public List<Thread> threads() {
        return running.threads();
    }
}
