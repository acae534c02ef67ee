package dev.weir.perf;

import dev.weir.api.StreamPipeline;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.List;

/**
 * The throughput subject: publisher -> keyBy -> 1 s tumbling count+sum -> sink, the keyed
 * stage at a given parallelism, fed flat out by the calling thread (in batches, or one record
 * per hand-off) with monotonous event time and periodic watermarks (default interval 200 ms). One
 * instance runs once.
 */
public final class WeirWindowAggregation {
    private final StreamPipeline pipeline;
    private final Publisher<Tick> publisher;
    private final TickPool pool;
    private final long eventsPerMilli;
    private final TotalsSink sink;
    private final boolean batched;
    private RunningPipeline running;

    /**
     * @param pool the ticks to generate
     * @param recordsPerWindow records per window of event time
     * @param windowMillis the window size
     * @param parallelism instances of the keyed stage (task threads)
     * @param idleStrategy how the task threads wait
     * @param capacity ring slots per edge
     * @param batched publish with {@link Publisher#publishBatched} (else {@link Publisher#publish}, one hand-off per record)
     * @param totals receives every window result
     */
    public WeirWindowAggregation(final TickPool pool, final long recordsPerWindow, final long windowMillis, final int parallelism,
            final IdleStrategyKind idleStrategy, final int capacity, final boolean batched, final ResultTotals totals) {
        this(pool, recordsPerWindow, windowMillis, parallelism, idleStrategy, capacity, batched, WatermarkStrategy.DEFAULT_INTERVAL_MILLIS,
                totals, StateBackends.defaultBackend());
    }

    /**
     * @param pool the ticks to generate
     * @param recordsPerWindow records per window of event time
     * @param windowMillis the window size
     * @param parallelism instances of the keyed stage (task threads)
     * @param idleStrategy how the task threads wait
     * @param capacity ring slots per edge
     * @param batched publish in batches (publishBatched + flush) rather than record by record
     * @param watermarkIntervalMillis the periodic watermark interval, in processing time
     * @param totals receives every window result
     * @param stateBackend holds the window accumulators
     */
    public WeirWindowAggregation(final TickPool pool, final long recordsPerWindow, final long windowMillis, final int parallelism,
            final IdleStrategyKind idleStrategy, final int capacity, final boolean batched, final long watermarkIntervalMillis,
            final ResultTotals totals, final StateBackend stateBackend) {
        this.pool = pool;
        this.batched = batched;
        this.eventsPerMilli = recordsPerWindow / windowMillis;
        this.sink = new TotalsSink(totals);
        this.pipeline = StreamPipeline.named("throughput-p" + parallelism).idleStrategy(idleStrategy).channelCapacity(capacity)
                .stateBackend(stateBackend);
        this.publisher = pipeline.publisher("ticks");
        pipeline.from(publisher, WatermarkStrategy.<Tick>forMonotonousTimestamps().withPeriodicInterval(watermarkIntervalMillis))
                .keyBy(Tick::key)
                .parallelism(parallelism)
                .window(TumblingEventTimeWindows.of(windowMillis))
                .aggregate(new CountSumAggregate())
                .sink(sink);
    }

    /** Starts the task threads. */
    public void start() {
        running = pipeline.start();
    }

    /**
     * Publishes {@code records} ticks as fast as the pipeline takes them, ends the input and
     * waits until the last window has fired.
     *
     * @param records ticks to publish
     * @throws InterruptedException if interrupted while waiting
     */
    public void run(final long records) throws InterruptedException {
        if (batched) {
            for (long i = 0; i < records; i++) {
                publisher.publishBatched(pool.next(i, 0, true), i / eventsPerMilli);
            }
        } else {
            for (long i = 0; i < records; i++) {
                publisher.publish(pool.next(i, 0, true), i / eventsPerMilli);
            }
        }
        publisher.end();
        if (!running.awaitTermination(Duration.ofMinutes(5))) {
            running.close();
            throw new IllegalStateException("the throughput pipeline did not end within 5 minutes");
        }
        running.close();
    }

    /** @return the task threads (valid once started) */
    public List<Thread> taskThreads() {
        return running.threads();
    }

    /** @return the lifetime allocation of the task threads, sampled on each as its input ended */
    public long taskBytesAtFinish() {
        return sink.taskBytesAtFinish();
    }
}
