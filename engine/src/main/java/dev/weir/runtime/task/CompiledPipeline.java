package dev.weir.runtime.task;

import dev.weir.checkpoint.CheckpointCoordinator;
import dev.weir.clock.Clock;
import dev.weir.runtime.PipelineControl;
import java.util.List;

/**
 * A pipeline compiled once, before any scheduler runs it: its tasks (one per stage instance, with
 * their fused operator chains, valves and timer services), the channels between them, its
 * sources and publishers, the monitors of its metrics and its checkpoints, restored from a
 * checkpoint if asked. The threaded scheduler ({@link dev.weir.runtime.threaded.ThreadedScheduler}) runs the same tasks on
 * Agrona agent threads that the deterministic one ({@link dev.weir.runtime.deterministic.DeterministicPipeline}) runs on one
 * thread in a fixed order. See docs/runtime.md, "One plan, two schedulers". Run it once.
 *
 * @param name the pipeline's name
 * @param control the pipeline's shared stop/failure state
 * @param clock processing time of every task
 * @param tasks every task, in stage and instance order (publisher-fed source instances included)
 * @param monitors one per task, in the same order; {@link TaskMonitor#taskIndex()} counts threaded tasks only
 * @param checkpoints the pipeline's checkpoints, or null when it takes none
 */
public record CompiledPipeline(String name, PipelineControl control, Clock clock, List<PlannedTask> tasks, List<TaskMonitor> monitors,
        CheckpointCoordinator checkpoints) {
    /** Copies the lists. */
    public CompiledPipeline {
        tasks = List.copyOf(tasks);
        monitors = List.copyOf(monitors);
    }
}
