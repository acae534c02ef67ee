package dev.weir.api;

import dev.weir.clock.Clock;
import dev.weir.clock.SystemClock;
import dev.weir.clock.VirtualClock;
import dev.weir.plan.LogicalPlan;
import dev.weir.plan.PipelineSettings;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SourceStep;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.pinning.CpuBinder;
import dev.weir.runtime.pinning.OpenHftCpuBinder;
import dev.weir.runtime.pinning.TaskThreadFactory;
import dev.weir.runtime.task.CompiledPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.runtime.threaded.ThreadedScheduler;
import dev.weir.source.Publisher;
import dev.weir.source.PublisherPosition;
import dev.weir.source.Source;
import dev.weir.state.KeyGroups;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;
import dev.weir.time.WatermarkAlignmentGroups;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Builds a pipeline and starts it on the threaded scheduler ({@link #start()}) or the
 * deterministic one ({@link #startDeterministic}), the way Flink's DataStream API reads:
 * <pre>{@code
 * StreamPipeline pipeline = StreamPipeline.named("bars");
 * Publisher<Trade> trades = pipeline.publisher("trades");
 * pipeline.from(trades, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(100).withTimestampAssigner((t, ts) -> t.time()))
 *         .keyBy(Trade::symbol)
 *         .window(TumblingEventTimeWindows.of(1000))
 *         .aggregate(new Bar())
 *         .sink((bar, ts) -> System.out.println(bar));
 * try (RunningPipeline running = pipeline.start()) { trades.publish(...); trades.end(); running.awaitTermination(); }
 * }</pre>
 * Every stage boundary ({@code keyBy}) is a set of single-producer ring buffers, one per
 * upstream x downstream instance, unless the keyed stage runs inline on the thread feeding it
 * ({@link #placement}); stateless steps are fused into the stage before them. Every call records
 * a step of the pipeline's {@link #logicalPlan() logical plan}, from which {@code start()}
 * compiles the tasks; a stream may feed several consumers (fan-out).
 * Threading, idle strategies, CPU pinning, back-pressure, lifecycle and metrics: docs/runtime.md.
 * Not thread-safe: build and start it from one thread.
 */
public final class StreamPipeline {
    private final String name;
    private final PipelineControl control = new PipelineControl();
    /** The logical plan's steps, recorded as the API is called: what start() compiles. */
    private final List<PlanStep> planSteps = new ArrayList<>();
    /** The placement of each keyed stage that sets its own, by the index of its {@link dev.weir.plan.KeyByStep}. */
    private final Map<Integer, StagePlacement> placements = new HashMap<>();
    private int maxParallelism = KeyGroups.DEFAULT_MAX_PARALLELISM;
    private int channelCapacity = 1024;
    private Clock clock = SystemClock.INSTANCE;
    /**
     * Null until set: start() then takes StateBackends' default (the off-heap backend when its module
     * is on the class path, else the heap). Not made here, since making the off-heap backend checks
     * the JVM's flags and a pipeline given the heap backend must not need them.
     */
    private StateBackend stateBackend;
    private IdleStrategyKind idleStrategy = IdleStrategyKind.BACKOFF;
    private StagePlacement placement = StagePlacement.HOP;
    private TaskThreadFactory threadFactory = TaskThreadFactory.DEFAULT;
    private WatermarkAlignmentGroups alignmentGroups = new WatermarkAlignmentGroups();
    private int[] cpus = new int[0];
    private CpuBinder cpuBinder = OpenHftCpuBinder.INSTANCE;
    private int availableProcessors = Runtime.getRuntime().availableProcessors();
    private Path checkpointDir;
    private Duration checkpointInterval;
    private Path restoreDir;
    /** True after {@link #resumeOrStart}: the restore happens only if {@link #restoreDir} holds a complete checkpoint. */
    private boolean restoreIfComplete;
    private boolean started;

    private StreamPipeline(final String name) {
        this.name = name;
    }

    /**
     * @param name the pipeline's name, for threads, metrics and errors
     * @return a new, empty pipeline
     */
    public static StreamPipeline named(final String name) {
        return new StreamPipeline(Objects.requireNonNull(name, "name"));
    }

    /**
     * @param keyGroups the number of key groups (Flink's maxParallelism), default 128
     * @return this pipeline
     */
    public StreamPipeline maxParallelism(final int keyGroups) {
        if (keyGroups < 1) {
            throw new IllegalArgumentException("maxParallelism must be at least 1: " + keyGroups);
        }
        this.maxParallelism = keyGroups;
        return this;
    }

    /**
     * @param slots ring-buffer slots per edge, a power of two; default 1024
     * @return this pipeline
     */
    public StreamPipeline channelCapacity(final int slots) {
        if (slots < 1 || Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("channelCapacity must be a power of two: " + slots);
        }
        this.channelCapacity = slots;
        return this;
    }

    /**
     * @param processingTime the clock of watermark emission and processing-time timers
     * @return this pipeline
     */
    public StreamPipeline clock(final Clock processingTime) {
        this.clock = Objects.requireNonNull(processingTime, "processingTime");
        return this;
    }

    /**
     * @param backend keyed state of every keyed operator
     * @return this pipeline
     */
    public StreamPipeline stateBackend(final StateBackend backend) {
        this.stateBackend = Objects.requireNonNull(backend, "backend");
        return this;
    }

    /**
     * @param kind how task threads wait when idle, unless a stage sets its own; default back-off
     * @return this pipeline
     */
    public StreamPipeline idleStrategy(final IdleStrategyKind kind) {
        this.idleStrategy = Objects.requireNonNull(kind, "kind");
        return this;
    }

    /**
     * Sets where keyed stages run unless a stage sets its own ({@link KeyedStream#placement}).
     * With {@link StagePlacement#INLINE} every keyed stage runs on the thread of the one instance
     * feeding it, so each must qualify (parallelism 1, fed by one instance, no CPUs or idle
     * strategy of its own), or {@link #start()} refuses the pipeline. See docs/runtime.md, "Stage
     * placement".
     *
     * @param where the keyed stages' placement; default {@link StagePlacement#HOP}
     * @return this pipeline
     */
    public StreamPipeline placement(final StagePlacement where) {
        this.placement = Objects.requireNonNull(where, "where");
        return this;
    }

    /**
     * Sets the processors the busy-spin budget counts (default
     * {@code Runtime.availableProcessors()}): with {@code n} of them at most {@code n - 1}
     * threads busy-spin, and busy-spinning tasks beyond that share those threads (see
     * {@code BusySpinBudget.plan}). Lower it to leave cores to other processes.
     *
     * @param processors at least 1
     * @return this pipeline
     */
    public StreamPipeline availableProcessors(final int processors) {
        if (processors < 1) {
            throw new IllegalArgumentException("available processors must be at least 1: " + processors);
        }
        this.availableProcessors = processors;
        return this;
    }

    /**
     * @param factory makes (and may pin) task threads
     * @return this pipeline
     */
    public StreamPipeline threadFactory(final TaskThreadFactory factory) {
        this.threadFactory = Objects.requireNonNull(factory, "factory");
        return this;
    }

    /**
     * Shares watermark alignment groups with other pipelines: sources whose strategies name the
     * same group (docs/semantics.md §5) align across every pipeline given this registry. By default a
     * pipeline has its own registry, so only its source's instances align with each other.
     *
     * @param groups the shared alignment groups
     * @return this pipeline
     */
    public StreamPipeline alignmentGroups(final WatermarkAlignmentGroups groups) {
        this.alignmentGroups = Objects.requireNonNull(groups, "groups");
        return this;
    }

    /**
     * Pins task threads to CPUs: the i-th task (in stage and instance order; publisher-fed
     * sources have no thread and take no CPU) runs on {@code cpuIds[i]}; tasks beyond the list
     * run unpinned. When busy-spinning tasks share threads (see {@link #availableProcessors}),
     * the i-th thread, in the order of its first task, runs on {@code cpuIds[i]}. Stage lists
     * ({@link KeyedStream#cpus}) win for the instances they name: those threads take nothing from
     * this list, this list skips the CPUs stages pin, and the other threads, in order, take its
     * remaining CPUs in order, so no two threads are pinned to one CPU. A thread that cannot be
     * pinned runs unpinned with one warning: pinning never fails a pipeline. On a 2-core machine
     * only CPU 1 can be reserved.
     *
     * @param cpuIds one CPU per task, distinct, each at least 0
     * @return this pipeline
     */
    public StreamPipeline cpus(final int... cpuIds) {
        this.cpus = cpuList(cpuIds);
        return this;
    }

    /** @return a copy of a CPU list, checked: each id at least 0, none twice */
    static int[] cpuList(final int... cpuIds) {
        final int[] copy = cpuIds.clone();
        for (final int cpu : copy) {
            if (cpu < 0) {
                throw new IllegalArgumentException("a CPU id is at least 0: " + Arrays.toString(copy));
            }
        }
        if (Arrays.stream(copy).distinct().count() != copy.length) {
            throw new IllegalArgumentException("each task needs a CPU of its own: " + Arrays.toString(copy));
        }
        return copy;
    }

    /**
     * @param binder how task threads are pinned to the CPUs of {@link #cpus}; default OpenHFT affinity
     * @return this pipeline
     */
    public StreamPipeline cpuBinder(final CpuBinder binder) {
        this.cpuBinder = Objects.requireNonNull(binder, "binder");
        return this;
    }

    /**
     * Takes a checkpoint every {@code interval} of processing time (the pipeline's clock, counted
     * from the completion of the previous one): barriers flow from the sources with the records,
     * every task snapshots its keyed state and timers, sources their read positions, into
     * {@code dir/chk-<id>/}; the checkpoint is complete once its {@code MANIFEST} is written. The
     * last two complete checkpoints are kept. A publisher injects its barrier at its next
     * {@code publish} or {@code tick}. See docs/checkpoints.md.
     *
     * @param dir the checkpoint directory, created if need be
     * @param interval the time between checkpoints, at least 1 ms
     * @return this pipeline
     */
    public StreamPipeline checkpointing(final Path dir, final Duration interval) {
        if (Objects.requireNonNull(interval, "interval").toMillis() < 1) {
            throw new IllegalArgumentException("checkpoint interval must be at least 1 ms: " + interval);
        }
        this.checkpointDir = Objects.requireNonNull(dir, "dir");
        this.checkpointInterval = interval;
        return this;
    }

    /**
     * Starts from the latest complete checkpoint in {@code dir} (a directory written by
     * {@link #checkpointing}): keyed state and timers are restored into the instances that own
     * their key groups (the parallelism may differ from the checkpoint's), sources resume from
     * their recorded positions, watermarks start again from MIN, and checkpoint ids continue
     * after the restored one. Results after the checkpoint are emitted again. A publisher
     * resumes from its checkpointed position ({@link #restoredPosition}). {@code start()} fails
     * if {@code dir} holds no complete checkpoint.
     *
     * @param dir the checkpoint directory to restore from
     * @return this pipeline
     */
    public StreamPipeline restoreFrom(final Path dir) {
        this.restoreDir = Objects.requireNonNull(dir, "dir");
        this.restoreIfComplete = false;
        return this;
    }

    /**
     * The call of a service that runs until it is stopped or killed and is started again:
     * takes checkpoints into {@code dir} every {@code interval} ({@link #checkpointing}) and, if
     * {@code dir} holds a complete checkpoint, starts from the latest one ({@link #restoreFrom});
     * otherwise (no directory, an empty one, or only incomplete checkpoints of a run that never
     * completed one) it starts from the beginning. The application asks
     * {@link #restoredPosition} where each publisher resumes after {@code start()}; a fresh start
     * answers {@link PublisherPosition#START}. A complete checkpoint that cannot be restored
     * (damaged, of another job) fails {@code start()} as with {@code restoreFrom}: it is never
     * skipped silently. See docs/checkpoints.md, "Applications with publishers".
     *
     * @param dir the checkpoint directory, created if need be
     * @param interval the time between checkpoints, at least 1 ms
     * @return this pipeline
     */
    public StreamPipeline resumeOrStart(final Path dir, final Duration interval) {
        checkpointing(dir, interval);
        this.restoreDir = dir;
        this.restoreIfComplete = true;
        return this;
    }

    /**
     * Where a publisher of this pipeline resumes: the position its checkpoint recorded (the
     * records it had accepted before the barrier, and the offset of the latest one published
     * with an offset), so that the application publishes its input from record
     * {@code records() + 1} on, or from after {@code offset()}, and every record counts once.
     *
     * @param publisher a publisher of this pipeline
     * @return its restored position; {@link PublisherPosition#START} when the pipeline started
     *     without a restore
     * @throws IllegalStateException before {@link #start()} or {@link #startDeterministic}, which restore it
     * @throws IllegalArgumentException if the publisher feeds another pipeline
     */
    public PublisherPosition restoredPosition(final Publisher<?> publisher) {
        Objects.requireNonNull(publisher, "publisher");
        final boolean own = planSteps.stream().anyMatch(step -> step instanceof SourceStep source
                && source.publishers().stream().anyMatch(given -> given == publisher));
        if (!own) {
            throw new IllegalArgumentException("publisher '" + publisher.name() + "' does not feed pipeline '" + name + "'");
        }
        if (!started) {
            throw new IllegalStateException("pipeline '" + name + "' has not started: a publisher's position is restored by start()");
        }
        return publisher.restoredPosition();
    }

    /**
     * @param sourceName the source's name
     * @param <T> the record type
     * @return a publisher for the application's thread; connect it with {@link #from(Publisher, WatermarkStrategy)}
     */
    public <T> Publisher<T> publisher(final String sourceName) {
        return new Publisher<>(sourceName, control);
    }

    /**
     * @param input the application's publisher
     * @param watermarks timestamps and watermarks of the published records
     * @param <T> the record type
     * @return the stream of published records
     */
    public <T> DataStream<T> from(final Publisher<T> input, final WatermarkStrategy<T> watermarks) {
        return from(List.of(Objects.requireNonNull(input, "input")), watermarks);
    }

    /**
     * @param sourceName the source's name
     * @param instances the number of source instances, at least 1
     * @param <T> the record type
     * @return one publisher per source instance, in instance order; connect them with
     *     {@link #from(List, WatermarkStrategy)}. Each has its own watermark generator and its own
     *     rings, so each may be fed by its own thread, or all by one.
     */
    public <T> List<Publisher<T>> publishers(final String sourceName, final int instances) {
        if (instances < 1) {
            throw new IllegalArgumentException("a source has at least one instance: " + instances);
        }
        final List<Publisher<T>> created = new ArrayList<>(instances);
        for (int i = 0; i < instances; i++) {
            created.add(new Publisher<>(sourceName, control));
        }
        return created;
    }

    /**
     * @param inputs the application's publishers, one per source instance (from {@link #publishers})
     * @param watermarks timestamps and watermarks, one generator per publisher
     * @param <T> the record type
     * @return the stream of published records
     */
    public <T> DataStream<T> from(final List<Publisher<T>> inputs, final WatermarkStrategy<T> watermarks) {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("a source needs at least one publisher");
        }
        if (Objects.requireNonNull(watermarks, "watermarks").alignment() != null) {
            throw new IllegalArgumentException("publisher '" + inputs.get(0).name() + "' cannot pause its application's thread: "
                    + "watermark alignment needs a Source");
        }
        return new DataStream<>(this, record(new SourceStep(inputs.get(0).name(), null, List.copyOf(inputs), watermarks, inputs.size())));
    }

    /**
     * Adds a source read by its own tasks. A pipeline may have several sources: each call (and
     * each publisher {@code from}) starts one, with its own watermark strategy and parallelism;
     * merge them with {@link DataStream#union} or {@link DataStream#connect}.
     *
     * @param sourceName the source's name
     * @param input the source
     * @param watermarks timestamps and watermarks, one generator per source instance (or per
     *     split, for readers of several splits), with the watermark alignment group if any
     * @param parallelism source instances (tasks)
     * @param <T> the record type
     * @return the stream of the source's records
     */
    public <T> DataStream<T> from(final String sourceName, final Source<T> input, final WatermarkStrategy<T> watermarks, final int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("source parallelism must be at least 1: " + parallelism);
        }
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(watermarks, "watermarks");
        return new DataStream<>(this, record(new SourceStep(sourceName, input, List.of(), watermarks, parallelism)));
    }

    /**
     * Records a step of the logical plan.
     *
     * @return the step's index in the plan
     */
    int record(final PlanStep step) {
        planSteps.add(step);
        return planSteps.size() - 1;
    }

    /** @return the recorded step at an index of the plan */
    PlanStep recorded(final int index) {
        return planSteps.get(index);
    }

    /** Replaces a recorded step with its newer settings (a keyed stage's parallelism, idle strategy, CPUs). */
    void rerecord(final int index, final PlanStep step) {
        planSteps.set(index, step);
    }

    /**
     * The logical plan of this pipeline: the steps recorded so far, in the order of the API
     * calls, with the very objects given, and the pipeline's settings as they are now. Recording
     * changes nothing the pipeline compiles or runs. Each call returns a new, immutable plan;
     * later API calls do not change a plan already returned. See docs/architecture.md, "The
     * logical plan".
     *
     * @return the plan
     */
    public LogicalPlan logicalPlan() {
        return new LogicalPlan(new PipelineSettings(name, maxParallelism, stateBackend, checkpointDir, checkpointInterval, restoreDir,
                alignmentGroups, clock), planSteps);
    }

    /** Sets the placement of the keyed stage a {@link dev.weir.plan.KeyByStep} starts. */
    void placement(final int keyByStep, final StagePlacement where) {
        placements.put(keyByStep, where);
    }

    /**
     * Compiles the stages into tasks and channels and starts the task threads: one per task,
     * fewer when busy-spinning tasks beyond the free cores share threads; a publisher's stage
     * has none (it runs on the publishing thread), nor has an inline stage (it runs on the thread
     * feeding it). See docs/runtime.md.
     *
     * @return the running pipeline
     * @throws IllegalArgumentException if a stage's parallelism is above the max parallelism,
     *     two stages pin tasks to the same CPU ({@link KeyedStream#cpus}), or a stage placed
     *     inline cannot run on one feeding thread ({@link #placement})
     */
    public RunningPipeline start() {
        final CompiledPipeline plan = compile(clock);
        return new ThreadedScheduler(availableProcessors, cpus, cpuBinder, threadFactory).start(plan);
    }

    /**
     * Compiles the pipeline into the same tasks and channels as {@link #start()} and hands them
     * to the deterministic scheduler: the calling thread runs every task in a fixed order on
     * {@code processingTime} (which replaces the pipeline's {@link #clock}), so the same input
     * gives byte-identical output on every run. Drive it with publisher calls,
     * {@link DeterministicPipeline#advanceTo} and {@link DeterministicPipeline#runToEnd()}; thread
     * and CPU settings do not apply. See docs/runtime.md, "The deterministic scheduler".
     *
     * @param processingTime the pipeline's virtual processing time
     * @return the pipeline, not yet run
     * @throws IllegalArgumentException if a stage's parallelism is above the max parallelism, or a
     *     stage placed inline cannot run on one feeding thread ({@link #placement})
     */
    public DeterministicPipeline startDeterministic(final VirtualClock processingTime) {
        final VirtualClock virtual = Objects.requireNonNull(processingTime, "processingTime");
        return new DeterministicPipeline(compile(virtual), virtual);
    }

    /** The plan step, the same for both schedulers: checks, then compiles once. */
    private CompiledPipeline compile(final Clock processingTime) {
        if (started) {
            throw new IllegalStateException("pipeline '" + name + "' was started already");
        }
        final PipelineCompiler compiler = new PipelineCompiler(logicalPlan(), placements, control, channelCapacity, idleStrategy, placement,
                restoreIfComplete);
        compiler.check();
        final StateBackend backend = stateBackend != null ? stateBackend : StateBackends.defaultBackend();
        started = true;
        return compiler.compile(processingTime, backend);
    }
}
