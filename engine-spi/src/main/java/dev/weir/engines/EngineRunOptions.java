package dev.weir.engines;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How {@code weir run --engine NAME} runs a job on an {@link ExecutionEngine}: the options of {@code weir run} that it hands over.
 *
 * @param address the engine's cluster as {@code host:port}, or null to run in this JVM
 * @param parallelism the window's parallelism, or 0 for the job file's
 * @param checkpointDir where the engine's checkpoints go, or null without checkpoints
 * @param checkpointInterval the time between checkpoints; positive
 * @param maxLineBytes the longest line a record file may have
 */
public record EngineRunOptions(String address, int parallelism, Path checkpointDir, Duration checkpointInterval, int maxLineBytes) {
}
