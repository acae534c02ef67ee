package dev.weir.api;

import dev.weir.checkpoint.CheckpointBufferAccess;
import dev.weir.checkpoint.CheckpointCoordinator;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.checkpoint.CheckpointException;
import dev.weir.checkpoint.CheckpointFile;
import dev.weir.checkpoint.Manifest;
import dev.weir.clock.Clock;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OutputTag;
import dev.weir.plan.EdgeKind;
import dev.weir.plan.LogicalPlan;
import dev.weir.plan.PipelineSettings;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SideOutputStep;
import dev.weir.plan.SinkStep;
import dev.weir.plan.SourceStep;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.BranchEnd;
import dev.weir.runtime.chain.ChainCheckpointer;
import dev.weir.runtime.chain.ChainEnd;
import dev.weir.runtime.chain.ChannelOutput;
import dev.weir.runtime.chain.ForkEnd;
import dev.weir.runtime.chain.InlineEdge;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.chain.SinkInstances;
import dev.weir.runtime.chain.SinkOutput;
import dev.weir.runtime.channel.BackPressureListener;
import dev.weir.runtime.channel.Channel;
import dev.weir.runtime.channel.SharedBackPressure;
import dev.weir.runtime.pinning.CpuAssignment;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.sink.SinkCheckpointListener;
import dev.weir.runtime.task.CompiledPipeline;
import dev.weir.runtime.task.PlannedTask;
import dev.weir.runtime.task.Task;
import dev.weir.runtime.task.TaskMonitor;
import dev.weir.source.PublishedSourceTask;
import dev.weir.source.Publisher;
import dev.weir.source.SourceAlignment;
import dev.weir.source.SourceCheckpointer;
import dev.weir.source.SourceEmitter;
import dev.weir.source.SourceReader;
import dev.weir.source.SourceTask;
import dev.weir.state.StateBackend;
import dev.weir.time.WatermarkAlignment;
import dev.weir.time.WatermarkAlignmentGroups;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The plan step of a pipeline: the logical plan is cut into stages ({@link PlanStages}), stages
 * become tasks (one per instance, each with its fused operator chain, forking where a stream has
 * several consumers: {@link ForkEnd}, {@link BranchEnd}), each edge into a stage becomes channels (one ring per upstream x downstream
 * instance; one per instance pair i -> i on a forward edge between stages of one parallelism), an inline stage's chain becomes the end of the chain feeding it (an
 * {@link InlineEdge}: no task, no ring), each source stage's instances become source tasks or
 * publisher-fed sources, and a checkpoint to resume from is restored into them. What it makes is the same whichever scheduler
 * runs it (docs/runtime.md, "One plan, two schedulers"). One use per pipeline.
 */
final class PipelineCompiler {
    private final String name;
    /** The stages cut from the logical plan, in plan order: what is compiled. */
    private final List<Stage> stages;
    private final PipelineControl control;
    private final SideOutputs sideOutputs = new SideOutputs();
    private final int maxParallelism;
    private final int channelCapacity;
    private final IdleStrategyKind idleStrategy;
    private final StagePlacement placement;
    private final WatermarkAlignmentGroups alignmentGroups;
    /** True when the plan has a source step. */
    private final boolean hasSource;
    /** The sinks of the plan's sink steps, in plan order. */
    private final List<Sink<?>> sinks;
    private final Path checkpointDir;
    private final Duration checkpointInterval;
    /** Where to restore from: the configured directory, or null (also when it is optional and holds no complete checkpoint). */
    private final Path restoreDir;
    /** True for {@code resumeOrStart}: the checkpointing directory may hold earlier checkpoints without one to restore. */
    private final boolean restoreIfComplete;

    /**
     * Takes everything it compiles from the plan: the stages from its steps and edges, the source
     * from its source step, the sink from its sink step, the side outputs' sinks from its side
     * output steps (a tag declared twice goes to the later sink), and the settings from its
     * {@link dev.weir.plan.PipelineSettings}. The rest belongs to the runtime alone.
     *
     * @param plan the pipeline's logical plan
     * @param placements the placement of each keyed stage that sets its own, by the index of its KeyByStep
     * @param control the pipeline's lifecycle, shared with its publishers
     * @param channelCapacity ring slots per channel
     * @param idleStrategy how task threads wait, unless a stage sets its own
     * @param placement where keyed stages run, unless a stage sets its own
     * @param restoreIfComplete true for {@code resumeOrStart}
     * @throws UnsupportedOperationException if the plan needs what the runtime does not compile yet (see {@link PlanStages})
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    PipelineCompiler(final LogicalPlan plan, final Map<Integer, StagePlacement> placements, final PipelineControl control,
            final int channelCapacity, final IdleStrategyKind idleStrategy, final StagePlacement placement, final boolean restoreIfComplete) {
        final PipelineSettings settings = plan.settings();
        this.name = settings.name();
        this.control = control;
        this.maxParallelism = settings.maxParallelism();
        this.channelCapacity = channelCapacity;
        this.idleStrategy = idleStrategy;
        this.placement = placement;
        this.alignmentGroups = settings.alignmentGroups();
        this.hasSource = !plan.steps().isEmpty() && plan.steps().get(0) instanceof SourceStep;
        final List<Sink<?>> sinksGiven = new ArrayList<>();
        for (final PlanStep step : plan.steps()) {
            if (step instanceof SinkStep sinkStep) {
                sinksGiven.add(sinkStep.sink());
            } else if (step instanceof SideOutputStep sideOutput) {
                sideOutputs.register((OutputTag) sideOutput.tag(), (Sink) sideOutput.sink());
            }
        }
        this.sinks = List.copyOf(sinksGiven);
        // without a source or a sink there is nothing to cut: check() says which is missing
        this.stages = !hasSource || sinks.isEmpty() ? List.of() : PlanStages.of(name, plan, placements);
        this.checkpointDir = settings.checkpointDir();
        this.checkpointInterval = settings.checkpointInterval();
        final Path restoreDir = settings.restoreDir();
        // resumeOrStart without a complete checkpoint starts fresh; incomplete leftovers are skipped by id and pruned
        this.restoreDir = restoreIfComplete && restoreDir != null && new CheckpointDirectory(restoreDir).latestCompleteId() == 0
                ? null : restoreDir;
        this.restoreIfComplete = restoreIfComplete;
    }

    /**
     * Checks the stages and the checkpoint directories; nothing is created before all checks passed.
     *
     * @throws IllegalArgumentException if a stage's parallelism is above the max parallelism, or a
     *     stage placed inline cannot run on one feeding thread
     * @throws IllegalStateException if the pipeline has no source or no sink, or the checkpoint
     *     directory holds an earlier run's checkpoints
     */
    void check() {
        if (!hasSource) {
            throw new IllegalStateException("pipeline '" + name + "' has no source");
        }
        if (sinks.isEmpty()) {
            throw new IllegalStateException("pipeline '" + name + "' has no sink: end it with .sink(...)");
        }
        for (final Stage stage : stages) {
            if (stage.parallelism > maxParallelism) {
                throw new IllegalArgumentException("stage " + stage.name + " has parallelism " + stage.parallelism
                        + " above maxParallelism " + maxParallelism);
            }
        }
        for (final Stage stage : stages) {
            if (stage.source != null && stage.source.published() && stage.parallelism != stage.source.publishers().size()) {
                throw new IllegalStateException("source '" + stage.source.name() + "': a publisher is one source instance");
            }
        }
        for (int i = 0; i < stages.size(); i++) {
            if (inline(i)) {
                requireInlinePossible(i);
            }
        }
        if (checkpointDir != null || restoreDir != null) {
            CheckpointBufferAccess.require(checkpointDir != null ? "checkpoints" : "the restore");
        }
        if (checkpointDir != null && restoreDir == null && !restoreIfComplete) {
            requireNoEarlierCheckpoints(new CheckpointDirectory(checkpointDir));
        }
        requireOneStagePerCpu();
    }

    /** Stage lists never pin two tasks to one CPU (entries beyond a stage's parallelism pin nothing). */
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

    /**
     * Compiles the checked pipeline: opens every operator, wires the channels, restores the
     * checkpoint to resume from (if any), and joins the sources to their alignment groups.
     *
     * @param clock processing time of every task
     * @param backend keyed state of every keyed operator
     * @return the compiled pipeline, not yet running
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    CompiledPipeline compile(final Clock clock, final StateBackend backend) {
        final CheckpointDirectory restoreFrom = restoreDir == null ? null : new CheckpointDirectory(restoreDir);
        final Manifest restored = restoreFrom == null ? null : restorableCheckpoint(restoreFrom);
        final CheckpointCoordinator checkpoints = checkpointDir == null ? null
                : new CheckpointCoordinator(new CheckpointDirectory(checkpointDir), checkpointInterval.toMillis(), maxParallelism,
                        participants(), clock.millis(), restored == null ? 0 : restored.checkpointId(), new SinkCheckpointListener(sinks,
                                sideOutputs.sinks()));
        final Wiring wiring = new Wiring(clock, backend, checkpoints, restoreFrom, restored);
        // last stage first: an inline stage's chain is the end of the chain feeding it, and every stage feeds a later one
        for (int i = stages.size() - 1; i >= 0; i--) {
            final Stage stage = stages.get(i);
            final List<List<String>> ids = segmentIds(stage);
            wiring.chains[i] = new OperatorChain[stage.parallelism];
            wiring.checkpointers[i] = new ChainCheckpointer[stage.parallelism];
            for (int instance = 0; instance < stage.parallelism; instance++) {
                final SideOutputs ownSideOutputs = sideOutputs.instance(instance, stage.parallelism);
                final ChainEnd<?> end = wiring.endOf(stage.chain, stage, instance, ownSideOutputs, ids.subList(1, ids.size()).iterator());
                wiring.chains[i][instance] = new OperatorChain(stage.operatorNames, stage.operators, end, ownSideOutputs, clock, instance,
                        stage.parallelism, maxParallelism, backend);
                wiring.checkpointers[i][instance] = checkpoints == null && restored == null ? null
                        : new ChainCheckpointer(checkpoints, wiring.chains[i][instance], ids.get(0), instance, stage.parallelism,
                                maxParallelism, clock);
            }
        }
        final List<PlannedTask> tasks = new ArrayList<>();
        final List<TaskMonitor> monitors = new ArrayList<>();
        int threaded = 0;
        // the threaded task index of each stage's instance 0: the thread an inline stage behind it runs on
        final int[] firstTasks = new int[stages.size()];
        for (int i = 0; i < stages.size(); i++) {
            final Stage stage = stages.get(i);
            final IdleStrategyKind idle = stage.idleStrategy != null ? stage.idleStrategy : idleStrategy;
            final int feedingTask = stage.input < 0 ? -1 : firstTasks[stage.input];
            int firstTask = -1;
            for (int instance = 0; instance < stage.parallelism; instance++) {
                final OperatorChain chain = wiring.chains[i][instance];
                final String role = name + "-" + stage.name + "-" + instance;
                final ChainCheckpointer checkpointer = wiring.checkpointers[i][instance];
                if (checkpoints != null && instance == 0) {
                    checkpointer.fingerprint().forEach(checkpoints::describe);
                }
                final int cpu = instance < stage.cpus.length ? stage.cpus[instance] : CpuAssignment.UNPINNED;
                if (inline(i)) {
                    if (restored != null) {
                        checkpointer.restore(restoreFrom, restored);
                    }
                    monitors.add(TaskMonitor.ofInlineStage(role, stage.name, instance, feedingTask, chain));
                    firstTask = feedingTask;
                } else if (stage.source != null) {
                    final List<Publisher<?>> publishers = stage.source.published() ? stage.source.publishers() : null;
                    final WatermarkStrategy<?> strategy = stage.source.watermarks();
                    final SourceEmitter emitter = new SourceEmitter(strategy, clock, chain);
                    // time blocked on a full ring is not idle time (docs/semantics.md §1)
                    listenForBackPressure(chain, emitter);
                    final SourceReader<?> reader = publishers != null ? null : stage.source.source().createReader(instance, stage.parallelism);
                    if (checkpointer != null) {
                        final SourceCheckpointer sourceCheckpointer = publishers != null
                                ? new SourceCheckpointer(checkpoints, checkpointer, checkpointName(stage.name), instance, stage.parallelism,
                                        publishers.get(instance))
                                : new SourceCheckpointer(checkpoints, checkpointer, checkpointName(stage.name), instance, stage.parallelism,
                                        reader);
                        if (restored != null) {
                            sourceCheckpointer.restore(restoreFrom, restored);
                        }
                        emitter.checkpointer(sourceCheckpointer);
                    }
                    if (publishers != null) {
                        monitors.add(TaskMonitor.ofSource(role, stage.name, instance, -1, chain));
                        tasks.add(new PlannedTask(new PublishedSourceTask(role, publishers.get(instance), emitter, control), i, instance, false,
                                idle, cpu));
                        continue;
                    }
                    final WatermarkAlignment alignment = strategy.alignment();
                    final SourceAlignment sourceAlignment = alignment == null
                            ? null
                            : new SourceAlignment(alignment, alignmentGroups.group(alignment.group()), clock);
                    firstTask = instance == 0 ? threaded : firstTask;
                    monitors.add(TaskMonitor.ofSource(role, stage.name, instance, threaded++, chain));
                    tasks.add(new PlannedTask(new SourceTask(role, reader, emitter, control, sourceAlignment), i, instance, true, idle, cpu));
                } else {
                    final List<Channel> inputs = new ArrayList<>();
                    final List<Integer> inputOf = new ArrayList<>();
                    for (int e = 0; e < stage.inputs.size(); e++) {
                        for (final Channel[] fromInstance : wiring.channels[i][e]) {
                            if (fromInstance[instance] != null) {
                                inputs.add(fromInstance[instance]);
                                inputOf.add(stage.inputs.get(e).inputNumber());
                            }
                        }
                    }
                    final Task task = new Task(role, inputs.toArray(new Channel[0]),
                            stage.twoInput ? inputOf.stream().mapToInt(Integer::intValue).toArray() : null, chain, clock, control,
                            checkpointer);
                    if (restored != null) {
                        checkpointer.restore(restoreFrom, restored);
                    }
                    firstTask = instance == 0 ? threaded : firstTask;
                    monitors.add(TaskMonitor.of(task, stage.name, instance, threaded++));
                    tasks.add(new PlannedTask(task, i, instance, true, idle, cpu));
                }
            }
            firstTasks[i] = firstTask;
        }
        return new CompiledPipeline(name, control, clock, tasks, monitors, checkpoints);
    }

    /**
     * What the chains of one compile are wired with: the channels into each stage, the chains and
     * checkpointers made so far (later stages first), the instances of each sink.
     */
    private final class Wiring {
        private final Clock clock;
        private final StateBackend backend;
        private final CheckpointCoordinator checkpoints;
        private final CheckpointDirectory restoreFrom;
        private final Manifest restored;
        /**
         * channels[i][e][up][down]: over edge e into stage i, from instance 'up' of the stage it
         * reads to stage i's instance 'down'; null for sources and inline stages, and off the
         * diagonal of a pointwise edge.
         */
        private final Channel[][][][] channels = channels();
        private final OperatorChain[][] chains = new OperatorChain[stages.size()][];
        private final ChainCheckpointer[][] checkpointers = new ChainCheckpointer[stages.size()][];
        private final Map<Sink<?>, SinkInstances> sinkInstances = sinkInstances();

        Wiring(final Clock clock, final StateBackend backend, final CheckpointCoordinator checkpoints, final CheckpointDirectory restoreFrom,
                final Manifest restored) {
            this.clock = clock;
            this.backend = backend;
            this.checkpoints = checkpoints;
            this.restoreFrom = restoreFrom;
            this.restored = restored;
        }

        /**
         * @param segment a segment of a stage
         * @param branchIds the checkpoint names of the operators of the segment's forward branches, depth first
         * @return the end of the segment's chain in one instance: its one consumer's, or a fork into all of them
         */
        @SuppressWarnings({"unchecked", "rawtypes"})
        ChainEnd<?> endOf(final Segment segment, final Stage stage, final int instance, final SideOutputs own,
                final Iterator<List<String>> branchIds) {
            final List<ChainEnd<?>> ends = new ArrayList<>();
            for (final Segment.Consumer consumer : segment.consumers) {
                if (consumer.sink() != null) {
                    ends.add(new SinkOutput<>(consumer.sink().instance(instance, stage.parallelism), own,
                            sinkInstances.get(consumer.sink())));
                } else if (consumer.keyed() != null) {
                    final Stage to = consumer.keyed();
                    final Stage.Edge edge = to.inputs.get(consumer.edge());
                    final Channel[] row = inline(to.index) ? null : channels[to.index][consumer.edge()][instance];
                    if (inline(to.index)) {
                        ends.add(new InlineEdge<>(chains[to.index][0], (KeySelector) edge.key(), clock, own, checkpointers[to.index][0]));
                    } else if (edge.pointwise(to)) {
                        ends.add(new ChannelOutput<>(new Channel[] {row[instance]}, null, maxParallelism, own));
                    } else if (edge.kind() == EdgeKind.BROADCAST) {
                        ends.add(ChannelOutput.broadcast(row, own));
                    } else {
                        ends.add(new ChannelOutput<>(row, (KeySelector) edge.key(), maxParallelism, own));
                    }
                } else {
                    final Segment branch = consumer.branch();
                    final List<String> ids = branchIds.next();
                    final ChainEnd<?> branchEnd = endOf(branch, stage, instance, own, branchIds);
                    final OperatorChain chain = new OperatorChain(branch.operatorNames, branch.operators, branchEnd, own.routesOnly(), clock,
                            instance, stage.parallelism, maxParallelism, backend);
                    final ChainCheckpointer checkpointer = checkpoints == null && restored == null ? null
                            : new ChainCheckpointer(checkpoints, chain, ids, instance, stage.parallelism, maxParallelism, clock);
                    if (checkpoints != null && instance == 0) {
                        checkpointer.fingerprint().forEach(checkpoints::describe);
                    }
                    if (restored != null) {
                        checkpointer.restore(restoreFrom, restored);
                    }
                    ends.add(new BranchEnd(chain, checkpointer));
                }
            }
            return ends.size() == 1 ? ends.get(0) : new ForkEnd(ends);
        }
    }

    /** @return the instances of each sink: one per instance of every stage it ends, told of the end of each */
    private Map<Sink<?>, SinkInstances> sinkInstances() {
        final Map<Sink<?>, Integer> count = new IdentityHashMap<>();
        for (final Stage stage : stages) {
            for (final Segment segment : stage.chain.withBranches()) {
                for (final Segment.Consumer consumer : segment.consumers) {
                    if (consumer.sink() != null) {
                        count.merge(consumer.sink(), stage.parallelism, Integer::sum);
                    }
                }
            }
        }
        final Map<Sink<?>, SinkInstances> instances = new IdentityHashMap<>();
        count.forEach((given, total) -> instances.put(given, new SinkInstances(given, total)));
        return instances;
    }

    /**
     * A source's emitter learns when its chain's output rings hold events back: those of the
     * chain, of the inline stages and of the forward branches behind it, counted as one output.
     */
    private static void listenForBackPressure(final OperatorChain chain, final SourceEmitter emitter) {
        final List<ChannelOutput<?>> outputs = new ArrayList<>();
        collectChannelOutputs(chain.end(), outputs);
        final BackPressureListener listener = outputs.size() == 1 ? emitter : new SharedBackPressure(emitter);
        for (final ChannelOutput<?> output : outputs) {
            output.backPressureListener(listener);
        }
    }

    private static void collectChannelOutputs(final ChainEnd<?> end, final List<ChannelOutput<?>> outputs) {
        if (end instanceof ChannelOutput<?> channelOutput) {
            outputs.add(channelOutput);
        } else if (end instanceof InlineEdge<?> inline) {
            collectChannelOutputs(inline.stage().end(), outputs);
        } else if (end instanceof BranchEnd branch) {
            collectChannelOutputs(branch.chain().end(), outputs);
        } else if (end instanceof ForkEnd fork) {
            for (final ChainEnd<?> branch : fork.branches()) {
                collectChannelOutputs(branch, outputs);
            }
        }
    }

    /** @return true if stage i (a keyed stage) runs on the thread of the instance feeding it (sources, union and two-input stages never do) */
    private boolean inline(final int i) {
        final Stage stage = stages.get(i);
        return stage.source == null && !stage.twoInput && stage.inputKey != null
                && (stage.placement != null ? stage.placement : placement) == StagePlacement.INLINE;
    }

    /** Refuses an inline stage that cannot run on one feeding thread, naming the first reason. */
    private void requireInlinePossible(final int i) {
        final Stage stage = stages.get(i);
        final Stage feeding = stages.get(stage.input);
        final String cannot = "pipeline '" + name + "': stage " + stage.name + " cannot run inline ("
                + (stage.placement != null ? "KeyedStream.placement" : "StreamPipeline.placement") + ")";
        final String feedingThread = "an inline stage runs on the thread of the one instance feeding it";
        if (stage.inputs.size() != 1) {
            throw new IllegalArgumentException(cannot + ": it reads " + stage.inputs.size() + " streams (a union); " + feedingThread);
        }
        if (stage.parallelism != 1) {
            throw new IllegalArgumentException(cannot + ": its parallelism is " + stage.parallelism + "; " + feedingThread
                    + ", so its parallelism is 1");
        }
        if (feeding.parallelism != 1) {
            throw new IllegalArgumentException(cannot + ": the " + feeding.parallelism + " instances of stage " + feeding.name + " feed it; "
                    + feedingThread);
        }
        if (stage.cpus.length > 0) {
            throw new IllegalArgumentException(cannot + ": it names CPUs of its own; it runs on the thread of stage " + feeding.name);
        }
        if (stage.idleStrategy != null) {
            throw new IllegalArgumentException(cannot + ": it has an idle strategy of its own; it runs on the thread of stage "
                    + feeding.name);
        }
    }

    /**
     * @return channels[i][e][up][down]: over edge e into stage i, from instance 'up' of the stage
     *     it reads to stage i's instance 'down'; null for sources and inline stages (no ring), and
     *     off the diagonal of a pointwise edge. Channels are named
     *     {@code <from>[up]-><to>[down]}, with {@code #<e>} after the target when a stage reads
     *     one stage over several edges (a union of two branches of one stage).
     */
    private Channel[][][][] channels() {
        final Channel[][][][] channels = new Channel[stages.size()][][][];
        for (int i = 0; i < stages.size(); i++) {
            final Stage fed = stages.get(i);
            if (fed.source != null || inline(i)) {
                continue;
            }
            channels[i] = new Channel[fed.inputs.size()][][];
            for (int e = 0; e < fed.inputs.size(); e++) {
                final Stage.Edge edge = fed.inputs.get(e);
                final Stage feeding = edge.from();
                final boolean repeated = fed.inputs.stream().filter(other -> other.from() == feeding).count() > 1;
                channels[i][e] = new Channel[feeding.parallelism][fed.parallelism];
                for (int up = 0; up < feeding.parallelism; up++) {
                    for (int down = 0; down < fed.parallelism; down++) {
                        if (!edge.pointwise(fed) || up == down) {
                            channels[i][e][up][down] = new Channel(feeding.name + "[" + up + "]->" + fed.name + "[" + down + "]"
                                    + (repeated ? "#" + e : ""), channelCapacity, control);
                        }
                    }
                }
            }
        }
        return channels;
    }

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

    private int participants() {
        int participants = 0;
        for (final Stage stage : stages) {
            // each instance's chain, and each forward branch of it, acknowledges every checkpoint
            participants += stage.parallelism * stage.chain.withBranches().size();
        }
        return participants;
    }

    /**
     * The checkpoint name of each operator of a stage, unique in the pipeline and the same in every
     * run of it: {@code <stage>.<operator>}, with {@code -<n>} after an operator name the stage
     * had already, n counting the stage's operators in chain order, its forward branches' after
     * its chain's, depth first.
     *
     * @return the names of each segment's operators, the stage's chain first, then its branches depth first
     */
    private static List<List<String>> segmentIds(final Stage stage) {
        final List<String> ids = new ArrayList<>();
        final List<List<String>> bySegment = new ArrayList<>();
        for (final Segment segment : stage.chain.withBranches()) {
            final int first = ids.size();
            for (final String operatorName : segment.operatorNames) {
                final String id = checkpointName(stage.name + "." + operatorName);
                ids.add(ids.contains(id) ? id + "-" + ids.size() : id);
            }
            bySegment.add(List.copyOf(ids.subList(first, ids.size())));
        }
        return bySegment;
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
            segmentIds(stage).forEach(operators::addAll);
        }
        for (final String owner : manifest.owners(CheckpointFile.Kind.OPERATOR_STATE)) {
            if (!operators.contains(owner)) {
                throw new CheckpointException("cannot restore checkpoint " + at + ": it holds state of operator '" + owner
                        + "', which pipeline '" + name + "' does not have (its operators: " + operators + ")");
            }
        }
        final List<String> sourceIds = new ArrayList<>();
        for (final Stage stage : stages) {
            if (stage.source != null) {
                sourceIds.add(checkpointName(stage.name));
            }
        }
        for (final String sourceId : sourceIds) {
            if (manifest.files(CheckpointFile.Kind.SOURCE_POSITIONS, sourceId).isEmpty()) {
                // every checkpoint lists its sources' positions (a publisher's are empty): without them a source would read from its start again
                throw new CheckpointException("cannot restore checkpoint " + at + ": it holds no positions of source '" + sourceId
                        + "', which pipeline '" + name + "' reads");
            }
        }
        for (final String owner : manifest.owners(CheckpointFile.Kind.SOURCE_POSITIONS)) {
            if (!sourceIds.contains(owner)) {
                throw new CheckpointException("cannot restore checkpoint " + at + ": it holds positions of source '" + owner
                        + "', pipeline '" + name + "' reads " + (sourceIds.size() == 1 ? "source '" + sourceIds.get(0) + "'"
                        : "sources " + sourceIds));
            }
        }
        return manifest;
    }
}
