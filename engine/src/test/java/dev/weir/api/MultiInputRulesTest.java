package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.event.MissingTimestampException;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.source.Publisher;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The rules of docs/semantics.md §7 through the public API, one test per rule and named after it,
 * on both schedulers where a pipeline runs: publishers with explicit watermarks feed a union, a
 * fan-out or connected streams whose operator prints every watermark and status it gets; each
 * step is processed before the next one is published.
 */
final class MultiInputRulesTest {
    /** Prints each watermark ({@code wm <w>}) and status ({@code status <s>}) it gets, and each record; forwards them. */
    static final class WatermarkLog implements OneInputOperator<Object, String> {
        private final String prefix;
        private Output<String> output;

        WatermarkLog(final String prefix) {
            this.prefix = prefix;
        }

        @Override
        public void open(final OperatorContext context, final Output<String> out) {
            this.output = out;
        }

        @Override
        public void processRecord(final Object value, final long timestamp) {
            output.record(prefix + value, timestamp);
        }

        @Override
        public void processWatermark(final long watermark) {
            output.record(prefix + "wm " + (watermark == Long.MAX_VALUE ? "MAX" : String.valueOf(watermark)), watermark);
            output.watermark(watermark);
        }

        @Override
        public void processStatus(final WatermarkStatus status) {
            output.record(prefix + "status " + status, Long.MIN_VALUE);
            output.status(status);
        }

        @Override
        public void advanceProcessingTime(final long nowMillis) {
        }

        @Override
        public long nextProcessingTime() {
            return Long.MAX_VALUE;
        }
    }

    /** Two publishers connected into the recording two-input operator, and what it printed. */
    private record TwoInputs(StreamPipeline pipeline, Publisher<Object> one, Publisher<Object> two, Lines lines) {
        static TwoInputs build() {
            final Lines lines = new Lines();
            final StreamPipeline pipeline = StreamPipeline.named("two-inputs");
            final Publisher<Object> one = pipeline.publisher("one");
            final Publisher<Object> two = pipeline.publisher("two");
            pipeline.from(one, WatermarkStrategy.<Object>explicit()).connect(pipeline.from(two, WatermarkStrategy.<Object>explicit()))
                    .transform("recording", RecordingTwoInputOperator::new)
                    .sink(lines);
            return new TwoInputs(pipeline, one, two, lines);
        }
    }

    /** Runs each step, processed before the next; then ends both inputs. */
    private static void drive(final Scheduler scheduler, final StreamPipeline pipeline, final Runnable... steps) {
        try (Driven running = Driven.start(scheduler, pipeline)) {
            for (final Runnable step : steps) {
                step.run();
                running.settle();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void unionIsOneValveOverEveryChannel(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("union");
        final List<Publisher<Object>> a = pipeline.publishers("a", 2);
        final Publisher<Object> b = pipeline.publisher("b");
        // one keyed instance reads the union: the channels of a's two instances and b's one
        pipeline.from(a, WatermarkStrategy.<Object>explicit()).union(pipeline.from(b, WatermarkStrategy.<Object>explicit()))
                .keyBy(value -> "all")
                .transform("log", () -> new WatermarkLog(""))
                .sink(lines);
        drive(scheduler, pipeline, () -> a.get(0).emitWatermark(10), () -> a.get(1).emitWatermark(20), () -> b.emitWatermark(5),
                () -> b.emitWatermark(30), () -> a.get(0).emitWatermark(40), () -> b.markIdle(), () -> a.get(1).emitWatermark(50));
        // the minimum over a's two channels and b's one: 5, 10, 20; b idle: a alone, 40
        assertEquals(List.of("wm 5", "wm 10", "wm 20", "wm 40"), lines.lines());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void fanOutGivesEveryConsumerEveryWatermark(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("fan-out");
        final Publisher<Object> source = pipeline.publisher("source");
        final DataStream<Object> stream = pipeline.from(source, WatermarkStrategy.<Object>explicit());
        stream.transform("left", () -> new WatermarkLog("left ")).sink(lines);
        stream.transform("right", () -> new WatermarkLog("right ")).sink(lines);
        drive(scheduler, pipeline, () -> source.publish("x", 1), () -> source.emitWatermark(10), () -> source.markIdle(),
                () -> source.markActive(), () -> source.emitWatermark(20));
        assertEquals(List.of("left x", "right x", "left wm 10", "right wm 10", "left status IDLE", "right status IDLE", "left status ACTIVE",
                "right status ACTIVE", "left wm 20", "right wm 20"), lines.lines());
    }

    @Test
    void streamUnionedWithItselfIsAnError() {
        final StreamPipeline pipeline = StreamPipeline.named("self");
        final DataStream<Object> a = pipeline.from(pipeline.<Object>publisher("a"), WatermarkStrategy.<Object>explicit());
        assertEquals("DataStream.union: the stream of plan step 0 is unioned with itself",
                assertThrows(IllegalArgumentException.class, () -> a.union(a)).getMessage());
        assertEquals("DataStream.connect: the stream of plan step 0 is connected with itself",
                assertThrows(IllegalArgumentException.class, () -> a.connect(a)).getMessage());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void combinedWatermarkNeverGoesBackwards(final Scheduler scheduler) {
        final TwoInputs job = TwoInputs.build();
        drive(scheduler, job.pipeline(), () -> job.one().emitWatermark(30), () -> job.two().emitWatermark(20), () -> job.two().markIdle(),
                () -> job.two().markActive(), () -> job.two().emitWatermark(25), () -> job.two().emitWatermark(35),
                () -> job.one().emitWatermark(40));
        // input 2 back at 20, then at 25: below the 30 forwarded, nothing goes out
        assertEquals(List.of("wm 20", "wm 30", "wm 35"), job.lines().lines());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void idleOnlyWhenBothInputsIdle(final Scheduler scheduler) {
        final TwoInputs job = TwoInputs.build();
        drive(scheduler, job.pipeline(), () -> job.one().emitWatermark(10), () -> job.two().emitWatermark(10), () -> job.one().markIdle(),
                () -> job.two().markIdle(), () -> job.one().markActive());
        assertEquals(List.of("wm 10", "status IDLE", "status ACTIVE"), job.lines().lines());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void endedInputNoLongerHoldsTheMinimum(final Scheduler scheduler) {
        final TwoInputs job = TwoInputs.build();
        drive(scheduler, job.pipeline(), () -> job.one().emitWatermark(10), () -> job.two().emitWatermark(5), () -> job.two().end(),
                () -> job.one().emitWatermark(50), () -> job.one().end());
        assertEquals(List.of("wm 5", "wm 10", "wm 50", "wm MAX"), job.lines().lines());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void reactivatedInputRejoinsWithItsOldWatermark(final Scheduler scheduler) {
        final TwoInputs job = TwoInputs.build();
        drive(scheduler, job.pipeline(), () -> job.one().emitWatermark(5000), () -> job.two().emitWatermark(3000), () -> job.two().markIdle(),
                () -> job.one().emitWatermark(7000), () -> job.two().markActive(), () -> job.one().emitWatermark(9000),
                () -> job.two().emitWatermark(6000), () -> job.two().emitWatermark(8000));
        // input 2 comes back at 3000: no alignment, it holds the operator at 7000 until it passes it
        assertEquals(List.of("wm 3000", "wm 5000", "wm 7000", "wm 8000"), job.lines().lines());
    }

    /** A record of an interval join. */
    record Side(String key, String name) {
    }

    private static final ProcessJoinFunction<Side, Side, String> PAIR = (left, right, ctx, out) -> out.collect(left.name() + "+"
            + right.name() + "@" + ctx.timestamp());

    /** An interval join of two publishers with explicit watermarks, keyed by {@link Side#key}, and its sink. */
    private record Join(StreamPipeline pipeline, Publisher<Side> left, Publisher<Side> right, Lines lines) {
        static Join build(final long lower, final long upper, final boolean lowerExclusive) {
            final Lines lines = new Lines();
            final StreamPipeline pipeline = StreamPipeline.named("interval-join");
            final Publisher<Side> left = pipeline.publisher("left");
            final Publisher<Side> right = pipeline.publisher("right");
            IntervalJoined<Side, Side, String> join = pipeline.from(left, WatermarkStrategy.<Side>explicit()).keyBy(Side::key)
                    .intervalJoin(pipeline.from(right, WatermarkStrategy.<Side>explicit()).keyBy(Side::key))
                    .between(Duration.ofMillis(lower), Duration.ofMillis(upper));
            if (lowerExclusive) {
                join = join.lowerBoundExclusive();
            }
            join.process(PAIR).sink(lines);
            return new Join(pipeline, left, right, lines);
        }
    }

    @Test
    void intervalJoinBoundsLowerAboveUpperIsAnError() {
        final StreamPipeline pipeline = StreamPipeline.named("bounds");
        final KeyedStream<Side, String> left = pipeline.from(pipeline.<Side>publisher("left"), WatermarkStrategy.<Side>explicit())
                .keyBy(Side::key);
        final KeyedStream<Side, String> right = pipeline.from(pipeline.<Side>publisher("right"), WatermarkStrategy.<Side>explicit())
                .keyBy(Side::key);
        assertEquals("intervalJoin.between: lower bound 5 ms is above upper bound -5 ms", assertThrows(IllegalArgumentException.class,
                () -> left.intervalJoin(right).between(Duration.ofMillis(5), Duration.ofMillis(-5))).getMessage());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void exclusiveBoundZeroToZeroJoinsNothing(final Scheduler scheduler) {
        for (final boolean exclusive : new boolean[] {false, true}) {
            final Join job = Join.build(0, 0, exclusive);
            drive(scheduler, job.pipeline(), () -> job.left().publish(new Side("k", "l10"), 10), () -> job.right().publish(new Side("k", "r10"), 10),
                    () -> job.left().end(), () -> job.right().end());
            // [0, 0] joins equal timestamps; (0, 0] is legal and joins nothing
            assertEquals(exclusive ? List.of() : List.of("l10+r10@10"), job.lines().lines(), exclusive ? "(0, 0]" : "[0, 0]");
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void pairTimestampIsTheMaximum(final Scheduler scheduler) {
        final Join job = Join.build(-10, 10, false);
        drive(scheduler, job.pipeline(), () -> job.left().publish(new Side("k", "l10"), 10), () -> job.right().publish(new Side("k", "r15"), 15),
                () -> job.left().publish(new Side("j", "l20"), 20), () -> job.right().publish(new Side("j", "r12"), 12),
                () -> job.left().end(), () -> job.right().end());
        assertEquals(List.of("l10+r15@15", "l20+r12@20"), job.lines().lines());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void timestampMinValueIsAnError(final Scheduler scheduler) {
        final Join job = Join.build(-10, 10, false);
        final RuntimeException failure = assertThrows(RuntimeException.class, () -> drive(scheduler, job.pipeline(),
                () -> job.left().publish(new Side("k", "no time"))));
        Throwable cause = failure;
        while (cause != null && !(cause instanceof MissingTimestampException)) {
            cause = cause.getCause();
        }
        assertEquals("record has no timestamp: did you assign timestamps? (an interval join needs event time)",
                cause == null ? String.valueOf(failure) : cause.getMessage());
    }
}
