package dev.weir.runtime.task;

import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.PipelineTask;

/**
 * One task of a {@link CompiledPipeline} with where it sits: its stage and instance, and what the
 * threaded scheduler needs to place it (idle strategy, the CPU its stage names). A publisher-fed
 * source instance is a task without a thread of its own: the application's thread feeds it and
 * runs its duty cycle (through the deterministic scheduler, or {@link dev.weir.runtime.threaded.RunningPipeline#advanceTo}).
 * Immutable.
 *
 * @param task the task
 * @param stage its stage's index, 0 for the source
 * @param instance its instance index within the stage
 * @param threaded false for a publisher-fed source instance
 * @param idleStrategy how its thread waits when idle (threaded scheduler)
 * @param cpu the CPU its stage pins it to, or {@link dev.weir.runtime.pinning.CpuAssignment#UNPINNED}
 */
public record PlannedTask(PipelineTask task, int stage, int instance, boolean threaded, IdleStrategyKind idleStrategy, int cpu) {
}
