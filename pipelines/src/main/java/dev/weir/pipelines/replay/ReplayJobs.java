package dev.weir.pipelines.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The reference pipelines {@code weir replay --pipeline NAME} runs, by name, in the order the help lists them.
 * Thread-safe; each lookup makes a new job.
 */
public final class ReplayJobs {
    private static final List<Supplier<ReplayJob<?>>> JOBS = List.of();

    private ReplayJobs() {
    }

    /** @return a new instance of every reference pipeline, in help order */
    public static List<ReplayJob<?>> all() {
        final List<ReplayJob<?>> jobs = new ArrayList<>();
        for (final Supplier<ReplayJob<?>> job : JOBS) {
            jobs.add(job.get());
        }
        return jobs;
    }

    /**
     * @param name a pipeline's name, e.g. {@code ohlcv}
     * @return a new instance of it
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static ReplayJob<?> named(final String name) {
        final List<String> names = new ArrayList<>();
        for (final ReplayJob<?> job : all()) {
            if (job.name().equals(name)) {
                return job;
            }
            names.add(job.name());
        }
        throw new IllegalArgumentException("unknown pipeline '" + name + "' (" + String.join(", ", names) + ")");
    }
}
