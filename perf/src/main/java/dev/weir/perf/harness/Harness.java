package dev.weir.perf.harness;

import dev.weir.perf.FixedRateSchedule;
import dev.weir.perf.JvmDescription;
import dev.weir.perf.NanoClock;
import dev.weir.perf.ThreadAllocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Benchmarks pipelines: drives each named system with events from an {@link EventFactory}, at each rate of a
 * {@link BenchmarkPlan}, and measures latency (coordinated-omission-correct, see {@link Arrivals}), throughput,
 * allocation per event ({@code ThreadMXBean}) and collections. Each run builds a fresh pipeline, warms it up with the
 * plan's warm-up events and then measures; rounds interleave the systems (register the baseline first), and each
 * system's rounds at a rate are combined into one {@link SystemResult}.
 *
 * <p>At a fixed rate, event {@code i} is due at {@code start + i / rate} and is sent when due, or at once if the
 * pipeline held the generator up; its latency still counts from when it was due. Flat out, events are sent back to
 * back and each one's intended time is when it was sent. The calling thread is the generator: it busy-spins, so give
 * it a free core. Not thread-safe; run one benchmark at a time.
 *
 * @param <E> the event type
 */
public final class Harness<E> {
    /** Room between setting a run up and its first due event, so set-up does not make the first events late. */
    private static final long START_DELAY_NANOS = 1_000_000;
    private static final double NANOS_PER_SECOND = 1e9;

    private final NanoClock clock;
    private final EventFactory<E> events;
    private final Map<String, PipelineFactory<E>> systems = new LinkedHashMap<>();

    /**
     * @param clock where intended send times and arrivals are read (the system clock outside tests)
     * @param events makes the input, refilled in place
     */
    public Harness(final NanoClock clock, final EventFactory<E> events) {
        this.clock = clock;
        this.events = events;
    }

    /**
     * Adds a system; systems run in the order added within each round and rate.
     *
     * @param name the system's name in results and file names' content, unique
     * @param factory builds the system for each run
     * @return this harness
     */
    public Harness<E> system(final String name, final PipelineFactory<E> factory) {
        if (systems.putIfAbsent(name, factory) != null) {
            throw new IllegalArgumentException("a system named '" + name + "' was already added");
        }
        return this;
    }

    /**
     * Runs the plan.
     *
     * @param plan rates, warm-up, measured events and rounds
     * @return one result per rate and system: rates in the plan's order, systems in the order added within a rate
     * @throws InterruptedException if interrupted while a pipeline finishes
     * @throws IllegalStateException if no measured result of a run reached its sink
     */
    public List<SystemResult> run(final BenchmarkPlan plan) throws InterruptedException {
        if (systems.isEmpty()) {
            throw new IllegalStateException("no system to benchmark: add one with system(name, factory)");
        }
        final long[] rates = plan.rates();
        final Map<String, Totals> totals = new LinkedHashMap<>();
        for (int round = 0; round < plan.rounds(); round++) {
            for (final long rate : rates) {
                for (final Map.Entry<String, PipelineFactory<E>> system : systems.entrySet()) {
                    final Totals run = runOnce(system.getKey(), system.getValue(), rate, plan);
                    totals.merge(system.getKey() + '\n' + rate, run, Totals::add);
                }
            }
        }
        final List<SystemResult> results = new ArrayList<>();
        for (final long rate : rates) {
            for (final String name : systems.keySet()) {
                final Totals total = totals.get(name + '\n' + rate);
                results.add(new SystemResult(name, rate, total.histogram, total.events * NANOS_PER_SECOND / Math.max(1, total.nanos),
                        (double) total.bytes / total.events, total.gcs, total.unattributed));
            }
        }
        return results;
    }

    private Totals runOnce(final String name, final PipelineFactory<E> factory, final long rate, final BenchmarkPlan plan)
            throws InterruptedException {
        final Arrivals arrivals = new Arrivals(clock);
        final BenchmarkedPipeline<E> pipeline = factory.create(arrivals);
        pipeline.start();
        final long warmUp = plan.warmUpEvents();
        final long total = warmUp + plan.measuredEvents();
        final FixedRateSchedule schedule = rate == BenchmarkPlan.FLAT_OUT ? null
                : new FixedRateSchedule(clock, clock.nanoTime() + START_DELAY_NANOS, rate);
        long measuredFromNanos = 0;
        long bytesBefore = 0;
        long gcsBefore = 0;
        for (long i = 0; i < total; i++) {
            if (i == warmUp) {
                bytesBefore = allocatedBytes(pipeline);
                gcsBefore = JvmDescription.gcCount();
                measuredFromNanos = schedule == null ? clock.nanoTime() : schedule.intendedNanos(i);
                arrivals.measureFrom(measuredFromNanos);
            }
            final long intended = schedule == null ? clock.nanoTime() : schedule.awaitIntended(i);
            pipeline.send(events.next(i, intended));
        }
        // the pipeline's threads end in finish(), and a dead thread's allocation can no longer be read
        final long bytes = allocatedBytes(pipeline) - bytesBefore;
        pipeline.finish();
        final long nanos = clock.nanoTime() - measuredFromNanos;
        final long gcs = JvmDescription.gcCount() - gcsBefore;
        if (arrivals.histogram().getTotalCount() == 0) {
            throw new IllegalStateException(name + " at rate " + BenchmarkPlan.label(rate) + ": none of " + arrivals.received()
                    + " results reaching the sink was measured; does the sink report to Arrivals, and is the measured part long enough?");
        }
        return new Totals(arrivals.histogram().copy(), plan.measuredEvents(), nanos, bytes, gcs, arrivals.unattributed());
    }

    private static long allocatedBytes(final BenchmarkedPipeline<?> pipeline) {
        return ThreadAllocation.currentThreadAllocatedBytes() + ThreadAllocation.allocatedBytes(pipeline.threads());
    }

    /** One system's sums over its runs at one rate. */
    private static final class Totals {
        private final Histogram histogram;
        private final long events;
        private final long nanos;
        private final long bytes;
        private final long gcs;
        private final long unattributed;

        Totals(final Histogram histogram, final long events, final long nanos, final long bytes, final long gcs, final long unattributed) {
            this.histogram = histogram;
            this.events = events;
            this.nanos = nanos;
            this.bytes = bytes;
            this.gcs = gcs;
            this.unattributed = unattributed;
        }

        Totals add(final Totals other) {
            histogram.add(other.histogram);
            return new Totals(histogram, events + other.events, nanos + other.nanos, bytes + other.bytes, gcs + other.gcs,
                    unattributed + other.unattributed);
        }
    }
}
