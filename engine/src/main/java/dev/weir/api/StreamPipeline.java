package dev.weir.api;

import dev.weir.checkpoint.CheckpointBufferAccess;
import dev.weir.checkpoint.CheckpointCoordinator;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.checkpoint.CheckpointException;
import dev.weir.checkpoint.CheckpointFile;
import dev.weir.checkpoint.Manifest;
import dev.weir.operator.KeySelector;
import dev.weir.runtime.ChainCheckpointer;
import dev.weir.runtime.Channel;
import dev.weir.runtime.ChainEnd;
import dev.weir.runtime.BusySpinBudget;
import dev.weir.runtime.ChannelOutput;
import dev.weir.runtime.CpuAssignment;
import dev.weir.runtime.CpuBinder;
import dev.weir.runtime.Gauge;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.OpenHftCpuBinder;
import dev.weir.runtime.OperatorChain;
import dev.weir.runtime.PinningThreadFactory;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.RunningPipeline;
import dev.weir.runtime.SideOutputs;
import dev.weir.runtime.Sink;
import dev.weir.runtime.SinkInstances;
import dev.weir.runtime.SinkCheckpointListener;
import dev.weir.runtime.SinkOutput;
import dev.weir.runtime.Task;
import dev.weir.runtime.TaskMonitor;
import dev.weir.runtime.TaskThreadFactory;
import dev.weir.runtime.ThreadPlan;
import dev.weir.source.Publisher;
import dev.weir.source.Source;
import dev.weir.source.SourceAlignment;
import dev.weir.source.SourceCheckpointer;
import dev.weir.source.SourceEmitter;
import dev.weir.source.SourceReader;
import dev.weir.source.SourceTask;
import dev.weir.state.KeyGroups;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;
import dev.weir.time.Clock;
import dev.weir.time.SystemClock;
import dev.weir.time.WatermarkAlignment;
import dev.weir.time.WatermarkAlignmentGroups;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Objects;
import org.agrona.concurrent.Agent;

/**
 * Builds and starts a pipeline on the threaded runtime, the way Flink's DataStream API reads:
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
 * upstream x downstream instance; stateless steps are fused into the stage before them.
 * Threading, idle strategies, CPU pinning, back-pressure, lifecycle and metrics: docs/runtime.md.
 * Not thread-safe: build and start it from one thread.
 */
public final class StreamPipeline {
    private final String name;
    private final PipelineControl control = new PipelineControl();
    private final SideOutputs sideOutputs = new SideOutputs();
    private final List<Stage> stages = new ArrayList<>();
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
    private TaskThreadFactory threadFactory = TaskThreadFactory.DEFAULT;
    private WatermarkAlignmentGroups alignmentGroups = new WatermarkAlignmentGroups();
    private int[] cpus = new int[0];
    private CpuBinder cpuBinder = OpenHftCpuBinder.INSTANCE;
    private int availableProcessors = Runtime.getRuntime().availableProcessors();
    private List<Publisher<?>> publishers;
    private Source<?> source;
    private WatermarkStrategy<?> strategy;
    private Sink<?> sink;
    private Path checkpointDir;
    private Duration checkpointInterval;
    private Path restoreDir;
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
     * after the restored one. Results after the checkpoint are emitted again.
     *
     * @param dir the checkpoint directory to restore from
     * @return this pipeline
     */
    public StreamPipeline restoreFrom(final Path dir) {
        this.restoreDir = Objects.requireNonNull(dir, "dir");
        return this;
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
        requireNoSource();
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("a source needs at least one publisher");
        }
        if (Objects.requireNonNull(watermarks, "watermarks").alignment() != null) {
            throw new IllegalArgumentException("publisher '" + inputs.get(0).name() + "' cannot pause its application's thread: "
                    + "watermark alignment needs a Source");
        }
        this.publishers = List.copyOf(inputs);
        this.strategy = watermarks;
        final Stage stage = addStage(inputs.get(0).name(), null);
        stage.parallelism = inputs.size();
        return new DataStream<>(this, stage);
    }

    /**
     * @param sourceName the source's name
     * @param input the source
     * @param watermarks timestamps and watermarks, one generator per source instance (or per
     *     split, for readers of several splits), with the watermark alignment group if any
     * @param parallelism source instances (tasks)
     * @param <T> the record type
     * @return the stream of the source's records
     */
    public <T> DataStream<T> from(final String sourceName, final Source<T> input, final WatermarkStrategy<T> watermarks, final int parallelism) {
        requireNoSource();
        if (parallelism < 1) {
            throw new IllegalArgumentException("source parallelism must be at least 1: " + parallelism);
        }
        this.source = Objects.requireNonNull(input, "input");
        this.strategy = Objects.requireNonNull(watermarks, "watermarks");
        final Stage stage = addStage(sourceName, null);
        stage.parallelism = parallelism;
        return new DataStream<>(this, stage);
    }

    private void requireNoSource() {
        if (!stages.isEmpty()) {
            throw new IllegalStateException("pipeline '" + name + "' already has a source: Weir pipelines are linear");
        }
    }

    Stage addStage(final String stageName, final KeySelector<?, ?> inputKey) {
        final Stage stage = new Stage(stageName + "-" + stages.size(), inputKey, 1);
        stages.add(stage);
        return stage;
    }

    SideOutputs sideOutputs() {
        return sideOutputs;
    }

    void setSink(final Sink<?> output) {
        this.sink = output;
    }

    /**
     * Compiles the stages into tasks and channels and starts the task threads: one per task,
     * fewer when busy-spinning tasks beyond the free cores share threads; a publisher's stage
     * has none (it runs on the publishing thread). See docs/runtime.md.
     *
     * @return the running pipeline
     * @throws IllegalArgumentException if a stage's parallelism is above the max parallelism, or
     *     two stages pin tasks to the same CPU ({@link KeyedStream#cpus})
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public RunningPipeline start() {
        if (started) {
            throw new IllegalStateException("pipeline '" + name + "' was started already");
        }
        if (stages.isEmpty()) {
            throw new IllegalStateException("pipeline '" + name + "' has no source");
        }
        if (sink == null) {
            throw new IllegalStateException("pipeline '" + name + "' has no sink: end it with .sink(...)");
        }
        for (final Stage stage : stages) {
            if (stage.parallelism > maxParallelism) {
                throw new IllegalArgumentException("stage " + stage.name + " has parallelism " + stage.parallelism
                        + " above maxParallelism " + maxParallelism);
            }
        }
        if (publishers != null && stages.get(0).parallelism != publishers.size()) {
            throw new IllegalStateException("a publisher is one source instance");
        }
        requireOneStagePerCpu();
        final StateBackend backend = stateBackend != null ? stateBackend : StateBackends.defaultBackend();
        if (checkpointDir != null || restoreDir != null) {
            CheckpointBufferAccess.require(checkpointDir != null ? "checkpoints" : "the restore");
        }
        if (checkpointDir != null && restoreDir == null) {
            requireNoEarlierCheckpoints(new CheckpointDirectory(checkpointDir));
        }
        started = true;
        final CheckpointDirectory restoreFrom = restoreDir == null ? null : new CheckpointDirectory(restoreDir);
        final Manifest restored = restoreFrom == null ? null : restorableCheckpoint(restoreFrom);
        final CheckpointCoordinator checkpoints = checkpointDir == null ? null
                : new CheckpointCoordinator(new CheckpointDirectory(checkpointDir), checkpointInterval.toMillis(), maxParallelism,
                        participants(), clock.millis(), restored == null ? 0 : restored.checkpointId(), new SinkCheckpointListener(sink));
        // channels[i][up][down]: from stage i's instance 'up' to stage i+1's instance 'down'
        final Channel[][][] channels = new Channel[stages.size() - 1][][];
        for (int i = 0; i + 1 < stages.size(); i++) {
            final int ups = stages.get(i).parallelism;
            final int downs = stages.get(i + 1).parallelism;
            channels[i] = new Channel[ups][downs];
            for (int up = 0; up < ups; up++) {
                for (int down = 0; down < downs; down++) {
                    channels[i][up][down] = new Channel(stages.get(i).name + "[" + up + "]->" + stages.get(i + 1).name + "[" + down + "]",
                            channelCapacity, control);
                }
            }
        }
        final SinkInstances sinkInstances = new SinkInstances(sink, stages.get(stages.size() - 1).parallelism);
        final List<Agent> tasks = new ArrayList<>();
        final List<IdleStrategyKind> idle = new ArrayList<>();
        final List<Integer> stageCpus = new ArrayList<>();
        final List<TaskMonitor> monitors = new ArrayList<>();
        for (int i = 0; i < stages.size(); i++) {
            final Stage stage = stages.get(i);
            for (int instance = 0; instance < stage.parallelism; instance++) {
                final SideOutputs ownSideOutputs = sideOutputs.instance(instance, stage.parallelism);
                final ChainEnd<?> end = i + 1 < stages.size()
                        ? new ChannelOutput<>(channels[i][instance], (KeySelector) stages.get(i + 1).inputKey, maxParallelism, ownSideOutputs)
                        : new SinkOutput<>(sink.instance(instance, stage.parallelism), ownSideOutputs, sinkInstances);
                final OperatorChain chain = new OperatorChain(stage.operatorNames, stage.operators, end, ownSideOutputs, clock, instance,
                        stage.parallelism, maxParallelism, backend);
                final String role = name + "-" + stage.name + "-" + instance;
                final ChainCheckpointer checkpointer = checkpoints == null && restored == null ? null
                        : new ChainCheckpointer(checkpoints, chain, operatorIds(stage), instance, stage.parallelism, maxParallelism, clock);
                if (checkpoints != null && instance == 0) {
                    checkpointer.fingerprint().forEach(checkpoints::describe);
                }
                if (i == 0) {
                    final SourceEmitter emitter = new SourceEmitter(strategy, clock, chain);
                    if (end instanceof ChannelOutput) {
                        // time blocked on a full ring is not idle time (docs/semantics.md §1)
                        ((ChannelOutput<?>) end).backPressureListener(emitter);
                    }
                    final SourceReader<?> reader = publishers != null ? null : source.createReader(instance, stage.parallelism);
                    if (checkpointer != null) {
                        final SourceCheckpointer sourceCheckpointer = new SourceCheckpointer(checkpoints, checkpointer, checkpointName(stage.name),
                                instance, stage.parallelism, reader);
                        if (restored != null) {
                            sourceCheckpointer.restore(restoreFrom, restored);
                        }
                        emitter.checkpointer(sourceCheckpointer);
                    }
                    if (publishers != null) {
                        ((Publisher) publishers.get(instance)).connect(emitter);
                        monitors.add(TaskMonitor.ofSource(role, stage.name, instance, -1, chain));
                        continue;
                    }
                    final WatermarkAlignment alignment = strategy.alignment();
                    final SourceAlignment sourceAlignment = alignment == null
                            ? null
                            : new SourceAlignment(alignment, alignmentGroups.group(alignment.group()), clock);
                    monitors.add(TaskMonitor.ofSource(role, stage.name, instance, tasks.size(), chain));
                    tasks.add(new SourceTask(role, reader, emitter, control, sourceAlignment));
                } else {
                    final Channel[] inputs = new Channel[stages.get(i - 1).parallelism];
                    for (int up = 0; up < inputs.length; up++) {
                        inputs[up] = channels[i - 1][up][instance];
                    }
                    final Task task = checkpointer == null ? new Task(role, inputs, chain, clock, control)
                            : new Task(role, inputs, chain, clock, control, checkpointer);
                    if (restored != null) {
                        checkpointer.restore(restoreFrom, restored);
                    }
                    monitors.add(TaskMonitor.of(task, stage.name, instance, tasks.size()));
                    tasks.add(task);
                }
                idle.add(stage.idleStrategy != null ? stage.idleStrategy : idleStrategy);
                stageCpus.add(instance < stage.cpus.length ? stage.cpus[instance] : CpuAssignment.UNPINNED);
            }
        }
        final List<String> roles = new ArrayList<>();
        for (final Agent task : tasks) {
            roles.add(task.roleName());
        }
        final ThreadPlan plan = BusySpinBudget.plan(name, roles, idle, availableProcessors);
        final List<List<Gauge>> pinned = new ArrayList<>();
        for (int thread = 0; thread < plan.threadCount(); thread++) {
            pinned.add(new ArrayList<>());
        }
        for (final TaskMonitor monitor : monitors) {
            if (monitor.taskIndex() >= 0) {
                pinned.get(plan.threadOf(monitor.taskIndex())).add(monitor.cpu());
            }
        }
        final int[] threadCpus = CpuAssignment.threadCpus(name, roles, stageCpus, cpus, plan);
        final TaskThreadFactory threads = Arrays.stream(threadCpus).allMatch(cpu -> cpu == CpuAssignment.UNPINNED) ? threadFactory
                : new PinningThreadFactory(name, threadFactory, threadCpus, cpuBinder, pinned);
        return new RunningPipeline(name, control, tasks, plan, threads, clock, monitors, checkpoints);
    }

    /** Stage lists never pin two tasks to one CPU (entries beyond a stage's parallelism pin nothing). */
    /**
     * A run that starts from the beginning numbers its checkpoints from 1: in a directory holding
     * an earlier run's checkpoints it would write over some, leave the others looking like the
     * latest (a later restore would resume the earlier run) and prune the rest.
     */
    private void requireNoEarlierCheckpoints(final CheckpointDirectory directory) {
        final List<Long> earlier = directory.checkpointIds();
        if (!earlier.isEmpty()) {
            throw new IllegalStateException("pipeline '" + name + "': checkpoint directory " + checkpointDir
                    + " holds checkpoints of an earlier run (latest: " + directory.checkpointDir(earlier.get(0))
                    + "); resume from them with restoreFrom, or delete them first (CheckpointDirectory.deleteAll())");
        }
    }

    private void requireOneStagePerCpu() {
        final Map<Integer, String> pinnedBy = new HashMap<>();
        for (final Stage stage : stages) {
            for (int instance = 0; instance < Math.min(stage.parallelism, stage.cpus.length); instance++) {
                final int cpu = stage.cpus[instance];
                final String task = "stage " + stage.name + " (task " + name + "-" + stage.name + "-" + instance + ")";
                final String other = pinnedBy.putIfAbsent(cpu, task);
                if (other != null) {
                    throw new IllegalArgumentException("pipeline '" + name + "': " + other + " and " + task + " both name CPU " + cpu
                            + ": each task needs a CPU of its own");
                }
            }
        }
    }

    private int participants() {
        int participants = 0;
        for (final Stage stage : stages) {
            participants += stage.parallelism;
        }
        return participants;
    }

    /** The checkpoint name of each operator of a stage: unique in the pipeline, the same in every run of it. */
    private static List<String> operatorIds(final Stage stage) {
        final List<String> ids = new ArrayList<>();
        for (int i = 0; i < stage.operators.size(); i++) {
            final String id = checkpointName(stage.name + "." + stage.operatorNames.get(i));
            ids.add(ids.contains(id) ? id + "-" + i : id);
        }
        return ids;
    }

    private static String checkpointName(final String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private Manifest restorableCheckpoint(final CheckpointDirectory directory) {
        final Manifest manifest = directory.latestComplete();
        directory.verify(manifest);
        final Path at = directory.checkpointDir(manifest.checkpointId());
        if (manifest.maxParallelism() != maxParallelism) {
            throw new CheckpointException("cannot restore checkpoint " + at + ": it has " + manifest.maxParallelism()
                    + " key groups, pipeline '" + name + "' has maxParallelism " + maxParallelism);
        }
        final Set<String> operators = new HashSet<>();
        for (final Stage stage : stages) {
            operators.addAll(operatorIds(stage));
        }
        for (final String owner : manifest.owners(CheckpointFile.Kind.OPERATOR_STATE)) {
            if (!operators.contains(owner)) {
                throw new CheckpointException("cannot restore checkpoint " + at + ": it holds state of operator '" + owner
                        + "', which pipeline '" + name + "' does not have (its operators: " + operators + ")");
            }
        }
        final String source = checkpointName(stages.get(0).name);
        if (manifest.files(CheckpointFile.Kind.SOURCE_POSITIONS, source).isEmpty()) {
            // every checkpoint lists its source's positions (a publisher's are empty): without them the source would read from its start again
            throw new CheckpointException("cannot restore checkpoint " + at + ": it holds no positions of source '" + source
                    + "', which pipeline '" + name + "' reads");
        }
        for (final String owner : manifest.owners(CheckpointFile.Kind.SOURCE_POSITIONS)) {
            if (!owner.equals(source)) {
                throw new CheckpointException("cannot restore checkpoint " + at + ": it holds positions of source '" + owner
                        + "', pipeline '" + name + "' reads source '" + checkpointName(stages.get(0).name) + "'");
            }
        }
        return manifest;
    }
}
