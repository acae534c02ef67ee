package dev.weir.plan;

import dev.weir.source.Publisher;
import dev.weir.source.Source;
import dev.weir.time.WatermarkStrategy;
import java.util.List;
import java.util.Objects;

/**
 * Where records enter: a {@link Source} read by its own tasks, or publishers fed by the
 * application's threads (one per source instance). Exactly one of {@code source} and
 * {@code publishers} is given. Immutable.
 *
 * @param name the source's name (a publisher's name for publishers)
 * @param source the source, or null for publishers
 * @param publishers the publishers in instance order, or empty for a source
 * @param watermarks timestamps and watermarks of the source's records
 * @param parallelism source instances: the source's tasks, or the number of publishers
 */
public record SourceStep(String name, Source<?> source, List<Publisher<?>> publishers, WatermarkStrategy<?> watermarks, int parallelism)
        implements PlanStep {
    /** Checks that exactly one of source and publishers is given and copies the publisher list. */
    public SourceStep {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(watermarks, "watermarks");
        publishers = List.copyOf(publishers);
        if ((source == null) == publishers.isEmpty()) {
            throw new IllegalArgumentException("source '" + name + "' is either a Source or publishers");
        }
    }

    /** @return no edges: a source reads from no step */
    @Override
    public List<PlanEdge> inputs() {
        return List.of();
    }

    /** @return true when the application's threads publish the records ({@link #publishers()}) */
    public boolean published() {
        return source == null;
    }
}
