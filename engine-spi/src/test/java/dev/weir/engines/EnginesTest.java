package dev.weir.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.weir.jobs.file.JobSpec;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayJob;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The engines of the class path, found by name with {@link java.util.ServiceLoader} (this module's tests register two in
 * {@code META-INF/services}), and their facets: an engine hands over the facets it knows, and nothing for any other type.
 */
class EnginesTest {
    /** A facet type of another module, which only {@link Lettered} knows. */
    interface Greeting {
        /** @return the greeting */
        String text();
    }

    /** An engine that runs nothing; named by its subclass. */
    abstract static class Idle implements ExecutionEngine {
        @Override
        public String refusal(final String option) {
            return "idle";
        }

        @Override
        public void scenario(final JobSpec job, final Path jobFile, final Path elementFile, final int maxLineBytes,
                final Consumer<String> lines) {
            throw new UnsupportedOperationException(name() + " runs no scenario");
        }

        @Override
        public long run(final JobSpec job, final Path jobFile, final List<Path> recordFiles, final EngineRunOptions options,
                final Consumer<String> lines) {
            throw new UnsupportedOperationException(name() + " runs no job");
        }

        @Override
        public String replay(final ReplayJob<?> pipeline, final List<Path> captures, final long outOfOrdernessMillis,
                final OutputFormat format, final Consumer<String> lines) {
            throw new UnsupportedOperationException(name() + " replays nothing");
        }
    }

    /** {@code zulu}: no facet. */
    public static final class Plain extends Idle {
        @Override
        public String name() {
            return "zulu";
        }
    }

    /** {@code alpha}: the {@link Greeting} facet. */
    public static final class Lettered extends Idle {
        static final Greeting GREETING = () -> "hello";

        @Override
        public String name() {
            return "alpha";
        }

        @Override
        public <T> Optional<T> facet(final Class<T> type) {
            return type == Greeting.class ? Optional.of(type.cast(GREETING)) : Optional.empty();
        }
    }

    @Test
    void theEnginesOnTheClassPathAreFoundInNameOrder() {
        assertEquals(List.of("alpha", "zulu"), Engines.all().stream().map(ExecutionEngine::name).toList());
        assertEquals(Optional.of("zulu"), Engines.named("zulu").map(ExecutionEngine::name));
        assertEquals(Optional.empty(), Engines.named("flink"));
    }

    @Test
    void anEngineHandsOverTheFacetsItKnowsAndNothingElse() {
        assertSame(Lettered.GREETING, Engines.named("alpha").orElseThrow().facet(Greeting.class).orElseThrow());
        assertEquals(Optional.empty(), Engines.named("alpha").orElseThrow().facet(Runnable.class));
        assertEquals(Optional.empty(), Engines.named("zulu").orElseThrow().facet(Greeting.class));
    }
}
