package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.Arrivals;
import dev.weir.plan.FilterStep;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.PlanStep;
import dev.weir.plan.TimestampsStep;
import dev.weir.plan.TwoInputStep;
import dev.weir.plan.WindowStep;
import dev.weir.source.CollectionSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plans of {@code union} and {@code interval-join} as another engine's translation reads them: the source, a
 * {@code filter} and an {@code assignTimestampsAndWatermarks} per input, then a union and keyBy into a window, or two
 * keyBys into an interval join described by its bounds; no step known only by its factory, and every function a step
 * holds (predicates, timestamp assigners and punctuations, key selectors, the aggregate and window function, the join
 * function) serializes, as an engine that ships functions to its tasks needs (the window assigner is a description the
 * translation maps to its own).
 */
final class TwoInputPlansTest {
    private static final BenchSettings SETTINGS = BenchSettings.defaults().withWatermarkIntervalMillis(0);

    private static List<PlanStep> plan(final NamedPipeline<BenchEvent> pipeline, final BenchSettings settings) {
        final StreamPipeline probe = StreamPipeline.named(pipeline.name());
        pipeline.applyTo(probe.from(pipeline.name(), CollectionSource.of(List.of()), pipeline.watermarks(settings), 1), settings,
                new Arrivals(SystemNanoClock.INSTANCE));
        return probe.logicalPlan().steps();
    }

    private static String kinds(final List<PlanStep> steps) {
        final List<String> kinds = new ArrayList<>();
        for (final PlanStep step : steps) {
            kinds.add(step.getClass().getSimpleName().replace("Step", ""));
        }
        return String.join(", ", kinds);
    }

    private static void assertSerializes(final Object function, final String what) throws IOException {
        try (ObjectOutputStream out = new ObjectOutputStream(new ByteArrayOutputStream())) {
            out.writeObject(function);
        } catch (final IOException e) {
            throw new AssertionError(what + " does not serialize: " + e, e);
        }
    }

    private static void assertShippable(final List<PlanStep> steps) throws IOException {
        for (final PlanStep step : steps) {
            assertTrue(step.translatable(), step + " is translatable");
            if (step instanceof FilterStep) {
                assertSerializes(((FilterStep) step).predicate(), "the predicate");
            } else if (step instanceof TimestampsStep) {
                final TimestampsStep timestamps = (TimestampsStep) step;
                assertSerializes(timestamps.watermarks().timestampAssigner(), "the timestamp assigner");
                if (timestamps.watermarks().punctuation() != null) {
                    assertSerializes(timestamps.watermarks().punctuation(), "the punctuation");
                }
            } else if (step instanceof KeyByStep) {
                assertSerializes(((KeyByStep) step).keySelector(), "the key selector");
            } else if (step instanceof WindowStep) {
                assertSerializes(((WindowStep) step).aggregate(), "the aggregate");
                assertSerializes(((WindowStep) step).process(), "the window function");
            } else if (step instanceof TwoInputStep) {
                assertSerializes(((TwoInputStep) step).key1(), "the left key");
                assertSerializes(((TwoInputStep) step).key2(), "the right key");
            }
        }
    }

    @Test
    void unionIsASplitIntoTwoWatermarkedInputsThenAUnionIntoWindows() throws IOException {
        final List<PlanStep> steps = plan(new UnionPipeline(), SETTINGS);
        assertEquals("Source, Filter, Timestamps, Filter, Timestamps, Union, KeyBy, Window, Sink", kinds(steps));
        assertShippable(steps);
        assertShippable(plan(new UnionPipeline(), SETTINGS.withWatermarkIntervalMillis(200)));
    }

    @Test
    void intervalJoinIsASplitIntoTwoKeyedInputsThenAJoinOfBounds0To100() throws IOException {
        final List<PlanStep> steps = plan(new IntervalJoinPipeline(), SETTINGS);
        assertEquals("Source, Filter, Timestamps, KeyBy, Filter, Timestamps, KeyBy, TwoInput, Sink", kinds(steps));
        assertShippable(steps);
        assertEquals("interval join [0, 100]", ((TwoInputStep) steps.get(7)).description());
        assertSerializes(new OrderLatencyJoin(), "the join function");
    }
}
