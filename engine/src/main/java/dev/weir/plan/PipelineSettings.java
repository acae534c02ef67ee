package dev.weir.plan;

import dev.weir.clock.Clock;
import dev.weir.state.StateBackend;
import dev.weir.time.WatermarkAlignmentGroups;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings of a whole pipeline that bear on its results, as given when the plan was taken.
 * Thread and CPU settings of the pipeline belong to Weir's threaded runtime and are not here.
 * Immutable.
 *
 * @param name the pipeline's name
 * @param maxParallelism the number of key groups
 * @param stateBackend the state backend given, or null for the default backend
 * @param checkpointDir where checkpoints go, or null without checkpointing
 * @param checkpointInterval the time between checkpoints, or null without checkpointing
 * @param restoreDir the checkpoint directory to restore from, or null
 * @param alignmentGroups the registry of watermark alignment groups (docs/semantics.md §5)
 * @param clock the processing-time clock
 */
public record PipelineSettings(
        String name,
        int maxParallelism,
        StateBackend stateBackend,
        Path checkpointDir,
        Duration checkpointInterval,
        Path restoreDir,
        WatermarkAlignmentGroups alignmentGroups,
        Clock clock) {
    /** Checks the settings every pipeline has. */
    public PipelineSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(alignmentGroups, "alignmentGroups");
        Objects.requireNonNull(clock, "clock");
    }

    /** @return true when the pipeline takes checkpoints */
    public boolean checkpointing() {
        return checkpointDir != null;
    }
}
