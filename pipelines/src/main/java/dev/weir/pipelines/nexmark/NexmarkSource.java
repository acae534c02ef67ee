package dev.weir.pipelines.nexmark;

import dev.weir.nexmark.GeneratorConfig;
import dev.weir.source.Source;
import dev.weir.source.SourceReader;
import java.util.Objects;

/**
 * The Nexmark events of a {@link GeneratorConfig} as a Weir source. Each of the configuration's
 * {@link GeneratorConfig#generators()} generators is a split: instance {@code i} of {@code p} reads the generators
 * {@code g} with {@code g % p == i}, each through its own split output, so that each runs its own watermark generator
 * and the instance's watermark is the minimum over its generators. Each event is emitted as an immutable
 * {@link EventRecord} with its time as the timestamp. An instance without a generator ends at once. Immutable and
 * thread-safe.
 */
public final class NexmarkSource implements Source<EventRecord> {
    /** Events emitted per read at most, over all of an instance's generators. */
    public static final int BATCH_SIZE = 256;

    private final GeneratorConfig config;

    /** @param config the generators' configuration */
    public NexmarkSource(final GeneratorConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public SourceReader<EventRecord> createReader(final int instance, final int parallelism) {
        if (parallelism < 1 || instance < 0 || instance >= parallelism) {
            throw new IllegalArgumentException("instance " + instance + " of parallelism " + parallelism);
        }
        return new NexmarkReader(config, instance, parallelism, BATCH_SIZE);
    }

    /** @return the generators' configuration */
    public GeneratorConfig config() {
        return config;
    }
}
