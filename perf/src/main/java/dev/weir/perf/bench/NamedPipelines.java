package dev.weir.perf.bench;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The pipelines {@code weir bench} knows by name, in the order it lists them. Each pipeline registers here with one
 * line. Immutable and thread-safe.
 */
public final class NamedPipelines {
    private static final List<NamedPipeline<?>> ALL = List.of(
            new PassThroughPipeline(),
            new TumblingPipeline(),
            new SlidingPipeline(),
            new SessionPipeline(),
            new OhlcvPipeline(),
            new UnionPipeline(),
            new IntervalJoinPipeline());

    private NamedPipelines() {
    }

    /** @return every named pipeline, in listing order */
    public static List<NamedPipeline<?>> all() {
        return ALL;
    }

    /**
     * @param name a pipeline's name as typed
     * @return that pipeline, or empty if there is none of that name
     */
    public static Optional<NamedPipeline<?>> find(final String name) {
        return ALL.stream().filter(pipeline -> pipeline.name().equals(name)).findFirst();
    }

    /** @return the names, comma-separated, for messages */
    public static String names() {
        return ALL.stream().map(NamedPipeline::name).collect(Collectors.joining(", "));
    }
}
