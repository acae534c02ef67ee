package dev.weir.runtime.chain;

import dev.weir.operator.OutputTag;
import dev.weir.runtime.sink.Sink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where side-output records go (e.g. late data): one {@link Sink} per tag; records of a tag
 * nobody consumes are dropped, as in Flink. A side output is the pipeline's: any operator of any
 * stage may emit its tag, so every task instance of every stage has its own side outputs
 * ({@link #instance}), each with its instance of every sink ({@link Sink#instance}; a sink given
 * for two tags is one instance per task), and tells them of its lifecycle as a task tells its
 * main sink: {@link Sink#checkpoint} at each barrier, after the side-output records before it;
 * {@link Sink#finish} when its input ends; {@link Sink#close} when it closes; and, on the sinks
 * the pipeline was given, {@link Sink#allFinished} once after every instance finished, and
 * {@link Sink#checkpointCompleted} and {@link Sink#checkpointAbandoned}. A side-output sink gets
 * no watermarks. Read-only once the pipeline runs; an instance is used by its task's thread only.
 */
public final class SideOutputs {
    private final Map<OutputTag<?>, Sink<?>> sinks = new HashMap<>();
    /** The root's: the instances of each sink the pipeline was given, counted as tasks take theirs. */
    private final Map<Sink<?>, SinkInstances> instancesOf = new IdentityHashMap<>();
    /** An instance's: each sink of its own once (a sink given for two tags is here once), for its lifecycle. */
    private final Sink<?>[] lifecycle;
    /** An instance's: the instances each entry of {@link #lifecycle} counts in. */
    private final SinkInstances[] counted;

    /** Side outputs without sinks yet; register them, then take each task's {@link #instance}. */
    public SideOutputs() {
        this(new Sink<?>[0], new SinkInstances[0]);
    }

    private SideOutputs(final Sink<?>[] lifecycle, final SinkInstances[] counted) {
        this.lifecycle = lifecycle;
        this.counted = counted;
    }

    /**
     * @param tag the side output
     * @param sink receives its records (from the producing task's thread)
     * @param <X> the record type
     */
    public <X> void register(final OutputTag<X> tag, final Sink<? super X> sink) {
        sinks.put(tag, sink);
    }

    /**
     * The side outputs of one task: each sink's {@link Sink#instance} for it. Called once per
     * task instance of every stage, when the pipeline is compiled, before any task runs.
     *
     * @param instance the index of a task among its stage's instances
     * @param parallelism the stage's number of instances
     * @return the side outputs that task emits into
     */
    public SideOutputs instance(final int instance, final int parallelism) {
        final Map<Sink<?>, Sink<?>> own = new IdentityHashMap<>();
        final Map<Sink<?>, SinkInstances> counters = new LinkedHashMap<>();
        final Map<OutputTag<?>, Sink<?>> routes = new HashMap<>();
        for (final Map.Entry<OutputTag<?>, Sink<?>> entry : sinks.entrySet()) {
            final Sink<?> root = entry.getValue();
            final Sink<?> sink = own.computeIfAbsent(root, given -> {
                final SinkInstances count = instancesOf.computeIfAbsent(given, SinkInstances::new);
                count.instanceAdded();
                counters.put(given, count);
                return given.instance(instance, parallelism);
            });
            routes.put(entry.getKey(), sink);
        }
        final List<Sink<?>> lifecycle = new ArrayList<>();
        final List<SinkInstances> counted = new ArrayList<>();
        counters.forEach((root, count) -> {
            lifecycle.add(own.get(root));
            counted.add(count);
        });
        final SideOutputs outputs = new SideOutputs(lifecycle.toArray(new Sink<?>[0]), counted.toArray(new SinkInstances[0]));
        outputs.sinks.putAll(routes);
        return outputs;
    }

    /**
     * The side outputs of a forward branch of a task ({@link BranchEnd}): the task's own sink
     * instances, routed the same, whose checkpoints, finish and close stay the task's (its chain
     * tells them once).
     *
     * @return the same routes without a lifecycle of their own
     */
    public SideOutputs routesOnly() {
        final SideOutputs outputs = new SideOutputs(new Sink<?>[0], new SinkInstances[0]);
        outputs.sinks.putAll(sinks);
        return outputs;
    }

    /** @return the sinks the pipeline was given, each once, for checkpoint completion and abandonment */
    public List<Sink<?>> sinks() {
        final Map<Sink<?>, Boolean> distinct = new IdentityHashMap<>();
        final List<Sink<?>> given = new ArrayList<>();
        for (final Sink<?> sink : sinks.values()) {
            if (distinct.put(sink, Boolean.TRUE) == null) {
                given.add(sink);
            }
        }
        return given;
    }

    @SuppressWarnings("unchecked")
    <X> void emit(final OutputTag<X> tag, final X value, final long timestamp) {
        final Sink<X> sink = (Sink<X>) sinks.get(tag);
        if (sink != null) {
            sink.accept(value, timestamp);
        }
    }

    /**
     * A checkpoint barrier passed the task: every side-output record before it has been handed
     * over; tells each sink ({@link Sink#checkpoint}).
     *
     * @param checkpointId the checkpoint
     */
    void checkpoint(final long checkpointId) {
        for (final Sink<?> sink : lifecycle) {
            sink.checkpoint(checkpointId);
        }
    }

    /** The task's input ended: finishes each sink, and the last instance of a sink to finish calls its {@link Sink#allFinished}. */
    void finish() {
        for (int i = 0; i < lifecycle.length; i++) {
            lifecycle[i].finish();
            counted[i].instanceFinished();
        }
    }

    /** The task closes: closes each sink; every sink is closed even if one throws, and the first failure is rethrown. */
    void close() {
        CloseEach.of(lifecycle, Sink::close);
    }

    /**
     * Receives side-output records: a {@link Sink} whose {@link #instance} is a side-output
     * sink again. Any {@code Sink} can be a side output's sink ({@code DataStream.sideOutput});
     * this interface remains for sinks written against it.
     *
     * @param <X> the record type
     */
    @FunctionalInterface
    public interface SideOutputSink<X> extends Sink<X> {
        /**
         * The sink one task instance emits into; called once per instance when the pipeline
         * starts. By default this sink, shared by every instance (so thread-safe).
         *
         * @param instance the index of the task among its stage's instances
         * @param parallelism the stage's number of instances
         * @return the sink of that instance
         */
        @Override
        default SideOutputSink<X> instance(final int instance, final int parallelism) {
            return this;
        }
    }
}
