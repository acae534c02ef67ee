package dev.weir.perf.harness;

import dev.weir.clock.NanoClock;
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
 * back and each one's intended time is when it was sent, read once every 64 events
 * (and at the first measured one): the events in between count from that reading, so a flat-out latency may be
 * overstated by the time it takes to send that many events, and a clock reading (tens of nanoseconds) does not
 * weigh on the throughput of a system that takes only a few nanoseconds an event. Throughput runs from the first
 * measured event to the end of {@link BenchmarkedPipeline#finish()}. A run in which no measured result reached the
 * sink still counts: its result measured no latency ({@link SystemResult#measured()}), and the other runs go on. The plan's warm-up rounds run before its
 * measured rounds and are left out of the results. The calling thread is the generator: it busy-spins, so give
 * it a free core. Not thread-safe; run one benchmark at a time.
 *
 * @param <E> the event type
 */
public final class Harness<E> {
    /** Room between setting a run up and its first due event, so set-up does not make the first events late. */
    private static final long START_DELAY_NANOS = 1_000_000;
    private static final double NANOS_PER_SECOND = 1e9;
    /** Flat out, the clock is read once per this many events, and the events between count from that reading. */
    private static final int FLAT_OUT_CLOCK_STRIDE = 64;

    private final NanoClock clock;
    private final EventFactory<E> events;
    private final Map<String, PipelineFactory<E>> systems = new LinkedHashMap<>();
    private RunListener listener = (round, warmUp, run) -> { };

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
     * Tells a listener of every run as it ends.
     *
     * @param newListener told of each run, warm-up rounds included
     * @return this harness
     */
    public Harness<E> onRun(final RunListener newListener) {
        this.listener = newListener;
        return this;
    }

    /**
     * Runs the plan: its warm-up rounds, whose results are dropped, then its measured rounds.
     *
     * @param plan rates, warm-up, measured events and rounds
     * @return one result per rate and system, its measured rounds combined: rates in the plan's order, systems in the
     *     order added within a rate
     * @throws InterruptedException if interrupted while a pipeline finishes
     */
    public List<SystemResult> run(final BenchmarkPlan plan) throws InterruptedException {
        if (systems.isEmpty()) {
            throw new IllegalStateException("no system to benchmark: add one with system(name, factory)");
        }
        final long[] rates = plan.rates();
        final Map<String, List<Run>> runs = new LinkedHashMap<>();
        for (int round = 0; round < plan.warmUpRounds() + plan.rounds(); round++) {
            final boolean warmUp = round < plan.warmUpRounds();
            for (final long rate : rates) {
                for (final Map.Entry<String, PipelineFactory<E>> system : systems.entrySet()) {
                    final Run run = runOnce(system.getKey(), system.getValue(), rate, plan);
                    listener.ran(round, warmUp, run.result);
                    if (!warmUp) {
                        runs.computeIfAbsent(system.getKey() + '\n' + rate, key -> new ArrayList<>()).add(run);
                    }
                }
            }
        }
        final List<SystemResult> results = new ArrayList<>();
        for (final long rate : rates) {
            for (final String name : systems.keySet()) {
                results.add(combined(name, rate, runs.get(name + '\n' + rate)));
            }
        }
        return results;
    }

    private Run runOnce(final String name, final PipelineFactory<E> factory, final long rate, final BenchmarkPlan plan)
            throws InterruptedException {
        final Arrivals arrivals = new Arrivals(clock);
        final BenchmarkedPipeline<E> pipeline = factory.create(arrivals);
        pipeline.start();
        final long warmUp = plan.warmUpEvents();
        final long total = warmUp + plan.measuredEvents();
        final FixedRateSchedule schedule = rate == BenchmarkPlan.FLAT_OUT ? null
                : new FixedRateSchedule(clock, clock.nanos() + START_DELAY_NANOS, rate);
        long measuredFromNanos = 0;
        long generatorBytesBefore = 0;
        long pipelineBytesBefore = 0;
        long gcsBefore = 0;
        long intended = 0;
        for (long i = 0; i < total; i++) {
            if (i == warmUp) {
                generatorBytesBefore = ThreadAllocation.currentThreadAllocatedBytes();
                pipelineBytesBefore = ThreadAllocation.allocatedBytes(pipeline.threads());
                gcsBefore = JvmDescription.gcCount();
                measuredFromNanos = schedule == null ? clock.nanos() : schedule.intendedNanos(i);
                arrivals.measureFrom(measuredFromNanos);
            }
            if (schedule != null) {
                intended = schedule.awaitIntended(i);
            } else if (i == warmUp) {
                intended = measuredFromNanos;
            } else if (i % FLAT_OUT_CLOCK_STRIDE == 0) {
                // a clock reading per event would cost a cheap system a large share of its time
                intended = clock.nanos();
            }
            pipeline.send(events.next(i, intended));
        }
        // the pipeline's threads end in finish(), and a dead thread's allocation can no longer be read
        final long generatorBytes = ThreadAllocation.currentThreadAllocatedBytes() - generatorBytesBefore;
        final long pipelineBytes = ThreadAllocation.allocatedBytes(pipeline.threads()) - pipelineBytesBefore;
        pipeline.finish();
        final long nanos = clock.nanos() - measuredFromNanos;
        final long gcs = JvmDescription.gcCount() - gcsBefore;
        final long events = plan.measuredEvents();
        final SystemResult result = new SystemResult(name, rate, arrivals.histogram().copy(), perSecond(events, nanos),
                (double) generatorBytes / events, (double) pipelineBytes / events, gcs, arrivals.unattributed(), List.of());
        return new Run(result, events, nanos, generatorBytes, pipelineBytes);
    }

    /**
     * @return the runs of one system at one rate as one result: their histograms added (an empty one adds nothing, so
     *     the latencies are those of the runs that measured some), their totals summed
     */
    private static SystemResult combined(final String name, final long rate, final List<Run> runs) {
        final Histogram histogram = runs.get(0).result.histogram().copy();
        long events = 0;
        long nanos = 0;
        long generatorBytes = 0;
        long pipelineBytes = 0;
        long gcs = 0;
        long unattributed = 0;
        final List<SystemResult> results = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            final Run run = runs.get(i);
            if (i > 0) {
                histogram.add(run.result.histogram());
            }
            events += run.events;
            nanos += run.nanos;
            generatorBytes += run.generatorBytes;
            pipelineBytes += run.pipelineBytes;
            gcs += run.result.gcCount();
            unattributed += run.result.unattributed();
            results.add(run.result);
        }
        return new SystemResult(name, rate, histogram, perSecond(events, nanos), (double) generatorBytes / events,
                (double) pipelineBytes / events, gcs, unattributed, results);
    }

    private static double perSecond(final long events, final long nanos) {
        return events * NANOS_PER_SECOND / Math.max(1, nanos);
    }

    /** One run's result with the sums its combination needs. */
    private static final class Run {
        private final SystemResult result;
        private final long events;
        private final long nanos;
        private final long generatorBytes;
        private final long pipelineBytes;

        Run(final SystemResult result, final long events, final long nanos, final long generatorBytes, final long pipelineBytes) {
            this.result = result;
            this.events = events;
            this.nanos = nanos;
            this.generatorBytes = generatorBytes;
            this.pipelineBytes = pipelineBytes;
        }
    }
}
