package dev.weir.api;

import dev.weir.checkpoint.CheckpointBufferAccess;
import dev.weir.checkpoint.CheckpointCoordinator;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.checkpoint.CheckpointException;
import dev.weir.checkpoint.CheckpointFile;
import dev.weir.checkpoint.Manifest;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OutputTag;
import dev.weir.plan.LogicalPlan;
import dev.weir.plan.PipelineSettings;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SideOutputStep;
import dev.weir.plan.SinkStep;
import dev.weir.plan.SourceStep;
import dev.weir.runtime.ChainCheckpointer;
import dev.weir.runtime.ChainEnd;
import dev.weir.runtime.Channel;
import dev.weir.runtime.ChannelOutput;
import dev.weir.runtime.CompiledPipeline;
import dev.weir.runtime.CpuAssignment;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.InlineEdge;
import dev.weir.runtime.OperatorChain;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PlannedTask;
import dev.weir.runtime.SideOutputs;
import dev.weir.runtime.Sink;
import dev.weir.runtime.SinkCheckpointListener;
import dev.weir.runtime.SinkInstances;
import dev.weir.runtime.SinkOutput;
import dev.weir.runtime.Task;
import dev.weir.runtime.TaskMonitor;
import dev.weir.source.Publisher;
import dev.weir.source.PublishedSourceTask;
import dev.weir.source.Source;
import dev.weir.source.SourceAlignment;
import dev.weir.source.SourceCheckpointer;
import dev.weir.source.SourceEmitter;
import dev.weir.source.SourceReader;
import dev.weir.source.SourceTask;
import dev.weir.state.StateBackend;
import dev.weir.time.Clock;
import dev.weir.time.WatermarkAlignment;
import dev.weir.time.WatermarkAlignmentGroups;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The plan step of a pipeline: stages become tasks (one per instance, each with its fused
 * operator chain), the edges between stages become channels (one ring per upstream x downstream
 * instance), an inline stage's chain becomes the end of the chain feeding it (an
 * {@link InlineEdge}: no task, no ring), the first stage's instances become source tasks or
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
    private final List<Publisher<?>> publishers;
    private final Source<?> source;
    private final WatermarkStrategy<?> strategy;
    private final Sink<?> sink;
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
        this.stages = plan.steps().isEmpty() ? List.of() : PlanStages.of(name, plan, placements);
        this.control = control;
        this.maxParallelism = settings.maxParallelism();
        this.channelCapacity = channelCapacity;
        this.idleStrategy = idleStrategy;
        this.placement = placement;
        this.alignmentGroups = settings.alignmentGroups();
        final SourceStep sourceStep = plan.steps().isEmpty() ? null : (SourceStep) plan.steps().get(0);
        this.publishers = sourceStep == null || !sourceStep.published() ? null : sourceStep.publishers();
        this.source = sourceStep == null ? null : sourceStep.source();
        this.strategy = sourceStep == null ? null : sourceStep.watermarks();
        Sink<?> sinkGiven = null;
        for (final PlanStep step : plan.steps()) {
            if (step instanceof SinkStep sinkStep) {
                sinkGiven = sinkStep.sink();
            } else if (step instanceof SideOutputStep sideOutput) {
                sideOutputs.register((OutputTag) sideOutput.tag(), (Sink) sideOutput.sink());
            }
        }
        this.sink = sinkGiven;
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
        for (int i = 1; i < stages.size(); i++) {
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
                        participants(), clock.millis(), restored == null ? 0 : restored.checkpointId(), new SinkCheckpointListener(sink,
                                sideOutputs.sinks()));
        final Channel[][][] channels = channels();
        final SinkInstances sinkInstances = new SinkInstances(sink, stages.get(stages.size() - 1).parallelism);
        // last stage first: an inline stage's chain is the end of the chain feeding it
        final OperatorChain[][] chains = new OperatorChain[stages.size()][];
        final ChainCheckpointer[][] checkpointers = new ChainCheckpointer[stages.size()][];
        for (int i = stages.size() - 1; i >= 0; i--) {
            final Stage stage = stages.get(i);
            chains[i] = new OperatorChain[stage.parallelism];
            checkpointers[i] = new ChainCheckpointer[stage.parallelism];
            for (int instance = 0; instance < stage.parallelism; instance++) {
                final SideOutputs ownSideOutputs = sideOutputs.instance(instance, stage.parallelism);
                final ChainEnd<?> end;
                if (i + 1 == stages.size()) {
                    end = new SinkOutput<>(sink.instance(instance, stage.parallelism), ownSideOutputs, sinkInstances);
                } else if (inline(i + 1)) {
                    end = new InlineEdge<>(chains[i + 1][0], (KeySelector) stages.get(i + 1).inputKey, clock, ownSideOutputs,
                            checkpointers[i + 1][0]);
                } else {
                    end = new ChannelOutput<>(channels[i][instance], (KeySelector) stages.get(i + 1).inputKey, maxParallelism, ownSideOutputs);
                }
                chains[i][instance] = new OperatorChain(stage.operatorNames, stage.operators, end, ownSideOutputs, clock, instance,
                        stage.parallelism, maxParallelism, backend);
                checkpointers[i][instance] = checkpoints == null && restored == null ? null
                        : new ChainCheckpointer(checkpoints, chains[i][instance], operatorIds(stage), instance, stage.parallelism,
                                maxParallelism, clock);
            }
        }
        final List<PlannedTask> tasks = new ArrayList<>();
        final List<TaskMonitor> monitors = new ArrayList<>();
        int threaded = 0;
        // the threaded task index of the previous stage's instance 0: the thread an inline stage runs on
        int feedingTask = -1;
        for (int i = 0; i < stages.size(); i++) {
            final Stage stage = stages.get(i);
            final IdleStrategyKind idle = stage.idleStrategy != null ? stage.idleStrategy : idleStrategy;
            int firstTask = -1;
            for (int instance = 0; instance < stage.parallelism; instance++) {
                final OperatorChain chain = chains[i][instance];
                final String role = name + "-" + stage.name + "-" + instance;
                final ChainCheckpointer checkpointer = checkpointers[i][instance];
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
                } else if (i == 0) {
                    final SourceEmitter emitter = new SourceEmitter(strategy, clock, chain);
                    final ChainEnd<?> exit = exitOf(chain);
                    if (exit instanceof ChannelOutput) {
                        // time blocked on a full ring is not idle time (docs/semantics.md §1)
                        ((ChannelOutput<?>) exit).backPressureListener(emitter);
                    }
                    final SourceReader<?> reader = publishers != null ? null : source.createReader(instance, stage.parallelism);
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
                    final Channel[] inputs = new Channel[stages.get(i - 1).parallelism];
                    for (int up = 0; up < inputs.length; up++) {
                        inputs[up] = channels[i - 1][up][instance];
                    }
                    final Task task = checkpointer == null ? new Task(role, inputs, chain, clock, control)
                            : new Task(role, inputs, chain, clock, control, checkpointer);
                    if (restored != null) {
                        checkpointer.restore(restoreFrom, restored);
                    }
                    firstTask = instance == 0 ? threaded : firstTask;
                    monitors.add(TaskMonitor.of(task, stage.name, instance, threaded++));
                    tasks.add(new PlannedTask(task, i, instance, true, idle, cpu));
                }
            }
            feedingTask = firstTask;
        }
        return new CompiledPipeline(name, control, clock, tasks, monitors, checkpoints);
    }

    /** @return true if stage i runs on the thread of the instance feeding it (the source is never inline) */
    private boolean inline(final int i) {
        final Stage stage = stages.get(i);
        return i > 0 && (stage.placement != null ? stage.placement : placement) == StagePlacement.INLINE;
    }

    /** Refuses an inline stage that cannot run on one feeding thread, naming the first reason. */
    private void requireInlinePossible(final int i) {
        final Stage stage = stages.get(i);
        final Stage feeding = stages.get(i - 1);
        final String cannot = "pipeline '" + name + "': stage " + stage.name + " cannot run inline ("
                + (stage.placement != null ? "KeyedStream.placement" : "StreamPipeline.placement") + ")";
        final String feedingThread = "an inline stage runs on the thread of the one instance feeding it";
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

    /** @return the end of a chain past every inline stage behind it: downstream channels or a sink */
    private static ChainEnd<?> exitOf(final OperatorChain chain) {
        ChainEnd<?> end = chain.end();
        while (end instanceof InlineEdge) {
            end = ((InlineEdge<?>) end).stage().end();
        }
        return end;
    }

    /**
     * @return channels[i][up][down]: from stage i's instance 'up' to stage i+1's instance 'down';
     *     channels[i] is null when stage i+1 is inline (no ring)
     */
    private Channel[][][] channels() {
        final Channel[][][] channels = new Channel[stages.size() - 1][][];
        for (int i = 0; i + 1 < stages.size(); i++) {
            if (inline(i + 1)) {
                continue;
            }
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
        final String sourceId = checkpointName(stages.get(0).name);
        if (manifest.files(CheckpointFile.Kind.SOURCE_POSITIONS, sourceId).isEmpty()) {
            // every checkpoint lists its source's positions (a publisher's are empty): without them the source would read from its start again
            throw new CheckpointException("cannot restore checkpoint " + at + ": it holds no positions of source '" + sourceId
                    + "', which pipeline '" + name + "' reads");
        }
        for (final String owner : manifest.owners(CheckpointFile.Kind.SOURCE_POSITIONS)) {
            if (!owner.equals(sourceId)) {
                throw new CheckpointException("cannot restore checkpoint " + at + ": it holds positions of source '" + owner
                        + "', pipeline '" + name + "' reads source '" + sourceId + "'");
            }
        }
        return manifest;
    }
}
