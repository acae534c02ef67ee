package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.VirtualClock;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A straight-line pipeline compiled from its logical plan names its stages, operators and
 * source as the stage-building API did, so the job fingerprint and the owners in a checkpoint's
 * manifest are those of checkpoints taken before (docs/architecture.md, "The logical plan"):
 * existing checkpoints stay restorable.
 */
final class StraightLineFingerprintTest {
    @TempDir
    Path dir;

    @Test
    void theManifestOfAStraightLinePipelineNamesItsJobAsBefore() throws IOException {
        final Path checkpoints = dir.resolve("checkpoints");
        final StreamPipeline pipeline = StreamPipeline.named("probe").stateBackend(HeapStateBackend.INSTANCE)
                .checkpointing(checkpoints, Duration.ofMillis(100));
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> n))
                .map(n -> n + 1).map(n -> n * 2).filter(n -> n > 0)
                .keyBy(n -> n % 3).parallelism(2)
                .window(TumblingEventTimeWindows.of(1000)).allowedLateness(10).reduce(Long::sum)
                .map(n -> n)
                .keyBy(n -> n % 2)
                .<Long>process((n, ctx, out) -> out.collect(n))
                .sink((n, ts) -> { });
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            numbers.publish(5L);
            running.advanceTo(150);
            numbers.publish(7L);
            running.advanceTo(160);
            assertEquals(1, running.completedCheckpointId());
        }
        final List<String> described = Files.readAllLines(checkpoints.resolve("chk-1").resolve("MANIFEST")).stream()
                .filter(line -> line.startsWith("job ") || line.startsWith("operator ") || line.startsWith("source ")
                        || line.startsWith("file "))
                .map(line -> line.startsWith("file ") ? line.substring(0, line.indexOf(' ', 5)) : line)
                .toList();
        assertEquals(List.of(
                "job keyed-1.window operator: window",
                "job keyed-1.window window assigner: TumblingEventTimeWindows(1000, 0)",
                "job keyed-1.window trigger: EventTimeTrigger()",
                "job keyed-1.window evictor: none",
                "job keyed-1.window allowed lateness: 10 ms",
                "job keyed-1.window late data: dropped",
                "job keyed-1.window window state: window-contents ReducingStateDescriptor",
                "job keyed-1.window window function: a lambda",
                "job keyed-2.process operator: process",
                "job keyed-2.process function: a lambda",
                "source numbers-0 1",
                "file numbers-0-0.pos",
                "operator keyed-1.window 2",
                "file keyed-1.window-0.state",
                "file keyed-1.window-1.state",
                "operator keyed-2.process 1",
                "file keyed-2.process-0.state"), described);
    }
}
