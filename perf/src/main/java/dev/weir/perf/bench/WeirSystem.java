package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.api.StagePlacement;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A {@link NamedPipeline} on Weir: the harness's thread publishes each event into the pipeline (a
 * {@link Publisher}), the keyed stage runs on Weir's task threads behind a ring ({@link StagePlacement#HOP}) or on
 * the publishing thread itself ({@link StagePlacement#INLINE}); see {@link #name()}.
 * Every run builds a new pipeline with the settings' idle strategy, ring size, state backend, CPUs, watermark interval
 * and keyed parallelism, and the system's placement; events go in one
 * record per hand-off ({@link Publisher#publish}), or with {@link Publisher#publishBatched} and a flush every
 * {@link BenchSettings#batchSize()} records. Called on the harness's thread.
 *
 * @param <E> the event type
 */
public final class WeirSystem<E> implements PipelineFactory<E> {
    private final NamedPipeline<E> pipeline;
    private final BenchSettings settings;
    private final StagePlacement placement;

    /**
     * @param pipeline what to run
     * @param settings how; the keyed stage in the first of its {@link BenchSettings#placements()}
     */
    public WeirSystem(final NamedPipeline<E> pipeline, final BenchSettings settings) {
        this(pipeline, settings, settings.placements().get(0));
    }

    /**
     * @param pipeline what to run
     * @param settings how
     * @param placement where the keyed stage runs
     */
    public WeirSystem(final NamedPipeline<E> pipeline, final BenchSettings settings, final StagePlacement placement) {
        this.pipeline = pipeline;
        this.settings = settings;
        this.placement = placement;
    }

    /**
     * @param pipeline what to run
     * @param settings how, with the placements to compare
     * @param <E> the event type
     * @return one system per placement of the settings, in their order
     */
    public static <E> List<WeirSystem<E>> perPlacement(final NamedPipeline<E> pipeline, final BenchSettings settings) {
        final List<WeirSystem<E>> systems = new ArrayList<>();
        for (final StagePlacement each : settings.placements()) {
            systems.add(new WeirSystem<>(pipeline, settings, each));
        }
        return systems;
    }

    /**
     * @return the system's name in results, plots and the summary: {@value BenchRun#WEIR} when the settings keep the
     *     default placement only, else {@code weir-hop} or {@code weir-inline}
     */
    public String name() {
        return settings.placements().equals(List.of(StagePlacement.HOP)) ? BenchRun.WEIR : BenchRun.WEIR + "-" + label(placement);
    }

    /**
     * @param text a placement's name as typed on the command line: {@code hop} or {@code inline}
     * @return that placement
     * @throws IllegalArgumentException naming the valid values if there is none of that name
     */
    public static StagePlacement placementOf(final String text) {
        for (final StagePlacement each : StagePlacement.values()) {
            if (label(each).equals(text)) {
                return each;
            }
        }
        throw new IllegalArgumentException("unknown placement '" + text + "' (valid values: "
                + Arrays.stream(StagePlacement.values()).map(WeirSystem::label).collect(Collectors.joining(", ")) + ")");
    }

    private static String label(final StagePlacement placement) {
        return placement.name().toLowerCase(Locale.ROOT);
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
                .stateBackend(stateBackend())
                .placement(placement);
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
