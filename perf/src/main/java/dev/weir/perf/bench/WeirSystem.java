package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.time.WatermarkStrategy;

/**
 * A {@link NamedPipeline} on Weir: the harness's thread publishes each event into the pipeline (a
 * {@link Publisher}), the pipeline's operators run on Weir's task threads. Every run builds a new pipeline with the
 * settings' idle strategy, ring size, state backend, CPUs, watermark interval and keyed parallelism; events go in one
 * record per hand-off ({@link Publisher#publish}), or with {@link Publisher#publishBatched} and a flush every
 * {@link BenchSettings#batchSize()} records. Called on the harness's thread.
 *
 * @param <E> the event type
 */
public final class WeirSystem<E> implements PipelineFactory<E> {
    private final NamedPipeline<E> pipeline;
    private final BenchSettings settings;

    /**
     * @param pipeline what to run
     * @param settings how
     */
    public WeirSystem(final NamedPipeline<E> pipeline, final BenchSettings settings) {
        this.pipeline = pipeline;
        this.settings = settings;
    }

    /**
     * @param settings the ring size and parallelism
     * @return events a Weir run can hold in flight: every ring full (the source's to each keyed instance, each
     *     instance's to the sink), so a pool must be larger than this
     */
    public static int eventsInFlight(final BenchSettings settings) {
        return settings.ringSize() * (settings.parallelism() * 2 + 1);
    }

    @Override
    public BenchmarkedPipeline<E> create(final Arrivals arrivals) {
        final StreamPipeline weir = StreamPipeline.named("bench-" + pipeline.name())
                .idleStrategy(settings.idleStrategy())
                .channelCapacity(settings.ringSize())
                .stateBackend(stateBackend());
        if (settings.cpus().length > 0) {
            weir.cpus(settings.cpus());
        }
        final Publisher<E> publisher = weir.publisher(pipeline.name());
        final WatermarkStrategy<E> watermarks = pipeline.windowed()
                ? arrivals.attributed(pipeline.watermarks(settings), pipeline.intendedNanos())
                : pipeline.watermarks(settings);
        final DataStream<E> source = weir.from(publisher, watermarks);
        pipeline.applyTo(source, settings, arrivals);
        return new WeirRun<>(weir, publisher, pipeline, settings.batched() ? settings.batchSize() : 0);
    }

    private StateBackend stateBackend() {
        return settings.state() == StateChoice.CHRONICLE
                ? new ChronicleStateBackend(ChronicleStateConfig.fromSystemProperties())
                : HeapStateBackend.INSTANCE;
    }
}
