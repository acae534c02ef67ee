package dev.weir.pipelines.replay;

import dev.weir.pipelines.tca.TcaJob;
import dev.weir.pipelines.telemetry.MetricRecords;
import dev.weir.pipelines.telemetry.SilentHostsJob;
import dev.weir.pipelines.telemetry.StatsdCountersJob;
import dev.weir.pipelines.telemetry.StatsdPercentilesJob;
import dev.weir.pipelines.trades.OhlcvJob;
import dev.weir.pipelines.trades.TradeRecords;
import dev.weir.pipelines.trades.VwapJob;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The reference pipelines {@code weir replay --pipeline NAME} runs, by name, in the order the help lists them, and
 * the decoders whose events {@code weir replay --job} can window. Thread-safe; each lookup makes a new instance.
 */
public final class ReplayJobs {
    private static final List<Supplier<ReplayJob<?>>> JOBS = List.of(OhlcvJob::new, VwapJob::new, StatsdPercentilesJob::new,
            StatsdCountersJob::new, SilentHostsJob::new, TcaJob::new);
    private static final List<Supplier<EventRecords<?>>> RECORDS = List.of(TradeRecords::new, MetricRecords::new);

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

    /**
     * @param name a decoder's name, e.g. {@code itch}
     * @return how its events become job-file records
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static EventRecords<?> records(final String name) {
        final List<String> names = new ArrayList<>();
        for (final Supplier<EventRecords<?>> supplier : RECORDS) {
            final EventRecords<?> records = supplier.get();
            if (records.name().equals(name)) {
                return records;
            }
            names.add(records.name());
        }
        throw new IllegalArgumentException("unknown decoder '" + name + "' (" + String.join(", ", names) + ")");
    }
}
