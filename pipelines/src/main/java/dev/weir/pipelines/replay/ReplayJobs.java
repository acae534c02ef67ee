package dev.weir.pipelines.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The reference pipelines {@code weir replay --pipeline NAME} runs, by name, in the order the help lists them: the
 * {@link ReplayJob}s found with {@link ServiceLoader} (a class with a public no-argument constructor, named in
 * {@code META-INF/services/dev.weir.pipelines.replay.ReplayJob}), sorted by {@link ReplayJob#order()}, then by
 * name. A job that needs more than its name to be built (statsd-alerts, with its thresholds) is not registered.
 * Thread-safe; each lookup makes a new instance.
 */
public final class ReplayJobs {
    private ReplayJobs() {
    }

    /** @return a new instance of every reference pipeline, in help order */
    @SuppressWarnings("rawtypes")
    public static List<ReplayJob<?>> all() {
        final List<ReplayJob<?>> jobs = new ArrayList<>();
        for (final ReplayJob job : ServiceLoader.load(ReplayJob.class, ServiceClassLoader.of(ReplayJob.class))) {
            jobs.add(job);
        }
        jobs.sort(Comparator.<ReplayJob<?>>comparingInt(ReplayJob::order).thenComparing(ReplayJob::name));
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
