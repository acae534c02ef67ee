package dev.weir.runtime.task;

import dev.weir.event.WatermarkStatus;
import dev.weir.metrics.ChannelMetrics;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.metrics.WatermarkLag;
import dev.weir.runtime.Gauge;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.channel.Channel;
import java.util.ArrayList;
import java.util.List;

/**
 * Watches one task from other threads: takes {@link TaskMetrics} snapshots of its chain, input
 * channels and valve, and tells whether it has caught up with its inputs. A source instance fed
 * by a publisher has a monitor too (no thread, no inputs), and so has an inline stage's instance
 * (the thread of the task feeding it, no inputs). Thread-safe.
 */
public final class TaskMonitor {
    private static final Channel[] NO_INPUTS = new Channel[0];

    private final String name;
    private final String stage;
    private final int instance;
    private final int taskIndex;
    private final Channel[] inputs;
    private final ValveProbe valve;
    private final OperatorChain chain;
    private final Task task;
    private final Gauge cpu = new Gauge(-1);
    private volatile Thread thread;
    private volatile IdleStrategyKind idleStrategy;

    private TaskMonitor(final String name, final String stage, final int instance, final int taskIndex, final Channel[] inputs,
            final ValveProbe valve, final OperatorChain chain, final Task task) {
        this.name = name;
        this.stage = stage;
        this.instance = instance;
        this.taskIndex = taskIndex;
        this.inputs = inputs;
        this.valve = valve;
        this.chain = chain;
        this.task = task;
    }

    /**
     * @param task a task reading channels
     * @param stage its stage's name
     * @param instance its instance index
     * @param taskIndex its index among the pipeline's threaded tasks
     * @return a monitor of the task
     */
    public static TaskMonitor of(final Task task, final String stage, final int instance, final int taskIndex) {
        return new TaskMonitor(task.roleName(), stage, instance, taskIndex, task.inputs(), task.valveProbe(), task.chain(), task);
    }

    /**
     * @param name the source instance's name
     * @param stage its stage's name
     * @param instance its instance index
     * @param taskIndex its index among the pipeline's threaded tasks, or -1 when a publisher feeds it
     * @param chain the operators fused behind the source
     * @return a monitor of a source instance (no input channels)
     */
    public static TaskMonitor ofSource(final String name, final String stage, final int instance, final int taskIndex,
            final OperatorChain chain) {
        return new TaskMonitor(name, stage, instance, taskIndex, NO_INPUTS, null, chain, null);
    }

    /**
     * @param name the inline stage instance's name
     * @param stage its stage's name
     * @param instance its instance index
     * @param taskIndex the index among the pipeline's threaded tasks of the task whose thread runs
     *     it, or -1 when a publisher feeds that thread
     * @param chain the stage's operators
     * @return a monitor of an inline stage's instance (no input channels, no thread of its own)
     */
    public static TaskMonitor ofInlineStage(final String name, final String stage, final int instance, final int taskIndex,
            final OperatorChain chain) {
        return new TaskMonitor(name, stage, instance, taskIndex, NO_INPUTS, null, chain, null);
    }

    /** @return the task's name */
    public String name() {
        return name;
    }

    /** @return the task's index among the pipeline's threaded tasks, or -1 when it has no thread of its own */
    public int taskIndex() {
        return taskIndex;
    }

    /** @return the gauge of the CPU the task's thread is pinned to (-1: not pinned); written by that thread */
    public Gauge cpu() {
        return cpu;
    }

    /** Several monitors bind the same thread when their tasks share it. */
    public void bind(final Thread taskThread, final IdleStrategyKind kind) {
        this.idleStrategy = kind;
        this.thread = taskThread;
    }

    /**
     * @return true while the task's thread is alive and, for a channel-reading task, its chain has
     *     not ended (its thread may go on running other tasks); false for a publisher-fed source
     */
    public boolean isRunning() {
        final Thread current = thread;
        return current != null && current.isAlive() && (task == null || !task.isFinished());
    }

    /** @return completed duty cycles of a channel-reading task, 0 for sources */
    public long dutyCycles() {
        return task == null ? 0 : task.dutyCycles();
    }

    /** @return true when every input channel is empty: everything published to the task was consumed */
    public boolean inputsEmpty() {
        for (final Channel input : inputs) {
            if (input.occupancy() > 0) {
                return false;
            }
        }
        return true;
    }

    /** @return when the task's next processing-time timer is due, as its thread last published it; MAX for sources */
    public long publishedNextTimerMillis() {
        return task == null ? Long.MAX_VALUE : task.publishedNextTimerMillis();
    }

    /** @return true for a task that reads channels */
    public boolean readsChannels() {
        return task != null;
    }

    /**
     * Takes a snapshot of every task of a pipeline. Allocates; not for a hot path.
     *
     * @param pipeline the pipeline's name
     * @param nowMillis processing time, for watermark lags
     * @param monitors the pipeline's monitors, in stage and instance order
     * @return the pipeline's metrics
     */
    public static PipelineMetrics pipelineMetrics(final String pipeline, final long nowMillis, final List<TaskMonitor> monitors) {
        final List<TaskMetrics> tasks = new ArrayList<>(monitors.size());
        for (final TaskMonitor monitor : monitors) {
            tasks.add(monitor.snapshot(nowMillis));
        }
        return new PipelineMetrics(pipeline, nowMillis, tasks);
    }

    /**
     * @param nowMillis processing time, for watermark lags
     * @return the task's metrics as last published by its thread
     */
    public TaskMetrics snapshot(final long nowMillis) {
        final List<ChannelMetrics> channels = new ArrayList<>(inputs.length);
        if (valve != null) {
            for (int i = 0; i < inputs.length; i++) {
                final Channel input = inputs[i];
                final int inputNumber = task.inputOf(i);
                final ValveProbe probe = task.valveProbe(inputNumber);
                final int slot = task.channelInInput(i);
                final int holder = probe.minimumChannel();
                channels.add(new ChannelMetrics(slot, input.name(), input.capacity(), input.occupancy(), input.producerWaits(),
                        probe.watermark(slot), probe.isIdle(slot) ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE, probe.isAligned(slot),
                        slot == holder, slot == holder ? probe.minimumSinceMillis() : Long.MIN_VALUE, inputNumber));
            }
        }
        final Thread current = thread;
        final IdleStrategyKind kind = idleStrategy;
        final long inputWatermark = chain.inputWatermark();
        return new TaskMetrics(name, stage, instance, current == null ? null : current.getName(), current != null && current.isAlive(),
                kind == null ? null : kind.name(), (int) cpu.get(), dutyCycles(), chain.recordsIn(), chain.recordsOut(), inputWatermark,
                chain.outputWatermark(), WatermarkLag.millis(nowMillis, inputWatermark), channels, chain.operatorMetrics(nowMillis),
                task == null || task.twoInputProbe() == null ? List.of() : task.twoInputProbe().snapshot());
    }
}
