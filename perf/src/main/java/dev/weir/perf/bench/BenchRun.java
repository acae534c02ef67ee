package dev.weir.perf.bench;

import dev.weir.clock.NanoClock;
import dev.weir.engines.Engines;
import dev.weir.engines.ExecutionEngine;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.Harness;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.perf.harness.Ratio;
import dev.weir.perf.harness.ResultFiles;
import dev.weir.perf.harness.SystemResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * One {@code weir bench} run of a {@link NamedPipeline}: the harness runs the systems in this order in every round
 * and rate: {@value #CEILING} (the pipeline's single-thread loop), {@value #WEIR} (the pipeline on Weir with the
 * settings; one system per placement of the keyed stage, {@code weir-hop} and {@code weir-inline}, when the settings
 * ask for other placements than the default: {@link WeirSystem#name()}), then the systems of each
 * {@link ComparedEngine} asked for, in the order asked. It writes the result files
 * ({@link ResultFiles}, with the ratios of Weir to every other system in {@code summary.json}) and returns a
 * {@link BenchReport}; progress goes to a stream, one line per run. Built and run on one thread.
 *
 * @param <E> the event type
 */
public final class BenchRun<E> {
    /** The ceiling's system name. */
    public static final String CEILING = "ceiling";
    /** Weir's system name, with the keyed stage in the default placement (behind a ring). */
    public static final String WEIR = "weir";

    /** The smallest event pool: far more events than a compared engine's source is expected to hold unread. */
    private static final int MIN_POOL = 1 << 16;

    private final NamedPipeline<E> pipeline;
    private final BenchSettings settings;
    private final Map<String, PipelineFactory<E>> systems = new LinkedHashMap<>();
    private final List<String> weirSystems = new ArrayList<>();

    /**
     * Builds the systems; the compared engines are the engines on the class path ({@link Engines}) that have a
     * {@link ComparedEngine} facet.
     *
     * @param pipeline what to run
     * @param settings how
     * @param compare the names of the engines to compare with, in order; may be empty
     * @throws IllegalArgumentException naming the engines found if one asked for is not on the class path
     * @throws PipelineRefusedException if an engine cannot run the pipeline
     */
    public BenchRun(final NamedPipeline<E> pipeline, final BenchSettings settings, final List<String> compare) {
        this(pipeline, settings, compare, comparedEngines());
    }

    /**
     * @param pipeline what to run
     * @param settings how
     * @param compare the names of the engines to compare with, in order; may be empty
     * @param engines the engines available, by name
     * @throws IllegalArgumentException naming the engines available if one asked for is not among them
     * @throws PipelineRefusedException if an engine cannot run the pipeline
     */
    public BenchRun(final NamedPipeline<E> pipeline, final BenchSettings settings, final List<String> compare,
            final Map<String, ComparedEngine> engines) {
        this.pipeline = pipeline;
        this.settings = settings;
        systems.put(CEILING, pipeline.ceiling(settings));
        for (final WeirSystem<E> weir : WeirSystem.perPlacement(pipeline, settings)) {
            weir(weir.name(), weir);
        }
        for (final String name : compare) {
            final ComparedEngine engine = engines.get(name);
            if (engine == null) {
                throw new IllegalArgumentException("no engine named '" + name + "' to compare with; engines on the class path: "
                        + (engines.isEmpty() ? "none" : String.join(", ", engines.keySet()))
                        + " (./weir puts flink-runner on the class path only for --compare flink)");
            }
            for (final Map.Entry<String, PipelineFactory<E>> system : engine.systems(pipeline, settings).entrySet()) {
                if (systems.putIfAbsent(system.getKey(), system.getValue()) != null) {
                    throw new IllegalArgumentException("engine '" + name + "' names a system '" + system.getKey() + "', which is taken");
                }
            }
        }
    }

    /** @return the engines on the class path that have a {@link ComparedEngine} facet, by name, in name order */
    private static Map<String, ComparedEngine> comparedEngines() {
        final Map<String, ComparedEngine> engines = new TreeMap<>();
        for (final ExecutionEngine engine : Engines.all()) {
            engine.facet(ComparedEngine.class).ifPresent(facet -> engines.put(engine.name(), facet));
        }
        return engines;
    }

    private void weir(final String name, final PipelineFactory<E> factory) {
        systems.put(name, factory);
        weirSystems.add(name);
    }

    /** @return the systems' names, in the order they run */
    public List<String> systemNames() {
        return List.copyOf(systems.keySet());
    }

    /**
     * Runs every system at every rate in every round, then writes the result files.
     *
     * @param clock where intended send times and arrivals are read
     * @param out the directory for the result files; created if missing
     * @param progress receives one line (no line break) as each run starts
     * @return the results, ratios and files written
     * @throws IOException if a result file cannot be written
     * @throws InterruptedException if interrupted while a pipeline drains
     */
    public BenchReport run(final NanoClock clock, final Path out, final Consumer<String> progress) throws IOException, InterruptedException {
        final BenchmarkPlan plan = settings.plan();
        final int poolSize = (int) Math.min(1 << 30, Math.max(MIN_POOL, 2L * WeirSystem.eventsInFlight(settings) + 1));
        final EventFactory<E> events = pipeline.events(settings, poolSize);
        final Harness<E> harness = new Harness<>(clock, events);
        for (final Map.Entry<String, PipelineFactory<E>> system : systems.entrySet()) {
            harness.system(system.getKey(), new AnnouncedRuns<>(system.getKey(), system.getValue(), plan, progress));
        }
        final List<SystemResult> results = harness.run(plan);
        final List<Ratio> ratios = ratios(results);
        final List<Path> files = ResultFiles.write(out, results, ratios, plan);
        return new BenchReport(pipeline.name(), pipeline.windowed(), results, ratios, files);
    }

    /** Each Weir system against every system not Weir's, at each rate: the ceiling first, then the compared ones. */
    private List<Ratio> ratios(final List<SystemResult> results) {
        final List<Ratio> ratios = new ArrayList<>();
        for (final SystemResult weir : results) {
            if (weirSystems.contains(weir.system())) {
                for (final SystemResult other : results) {
                    if (other.rate() == weir.rate() && !weirSystems.contains(other.system())) {
                        ratios.add(Ratio.of(weir, other));
                    }
                }
            }
        }
        return ratios;
    }
}
