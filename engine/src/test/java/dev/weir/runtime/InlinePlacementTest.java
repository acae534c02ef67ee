package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.KeyedStream;
import dev.weir.api.StagePlacement;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.metrics.TaskMetrics;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.CollectionSource;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.Lines;
import dev.weir.time.Punctuation;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A keyed stage placed inline (docs/runtime.md, "Stage placement") runs on the thread of the one
 * instance feeding it: behind a publisher, each result reaches the sink before {@code publish}
 * returns, with the inline stage's watermarks and timers on the publisher's calls; behind a
 * source, on the source's one thread. Stages that cannot run inline are refused with one message.
 * That its results equal the hop placement's: SchedulerEquivalencePropertyTest; checkpoints:
 * CheckpointRecoveryTest; allocation: SchedulerAllocationTest.
 */
final class InlinePlacementTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** A published record and the watermark it carries ({@link Punctuation#NO_WATERMARK} if none). */
    record Input(String key, long time, long watermark) {
    }

    /** The published records, in order. */
    private static final List<Input> INPUTS = List.of(
            new Input("a", 1, Punctuation.NO_WATERMARK),
            new Input("b", 4, Punctuation.NO_WATERMARK),
            new Input("a", 7, 6),
            new Input("b", 12, 11),
            new Input("a", 25, 24));

    /** The keyed stages under test, each with what its sink holds after each publish call. */
    enum Keyed {
        /** A keyed process function passing each record on: one line per record. */
        PASS_THROUGH(List.of(
                List.of("a@1"),
                List.of("a@1", "b@4"),
                List.of("a@1", "b@4", "a@7"),
                List.of("a@1", "b@4", "a@7", "b@12"),
                List.of("a@1", "b@4", "a@7", "b@12", "a@25"))) {
            @Override
            DataStream<String> build(final DataStream<Input> inputs, final StagePlacement placement) {
                return inputs.keyBy(Input::key).placement(placement)
                        .process((in, ctx, out) -> out.collect(in.key() + "@" + ctx.timestamp()));
            }
        },
        /** An event-time timer 5 ms after each record: fired by the watermark the records carry. */
        EVENT_TIME_TIMER(List.of(
                List.of(),
                List.of(),
                List.of("a timer 6"),
                List.of("a timer 6", "b timer 9"),
                List.of("a timer 6", "b timer 9", "a timer 12", "b timer 17"))) {
            @Override
            DataStream<String> build(final DataStream<Input> inputs, final StagePlacement placement) {
                return inputs.keyBy(Input::key).placement(placement).process(new KeyedProcessFunction<String, Input, String>() {
                    @Override
                    public void processElement(final Input value, final Context<String> ctx, final Collector<String> out) {
                        ctx.registerEventTimeTimer(ctx.timestamp() + 5);
                    }

                    @Override
                    public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
                        out.collect(ctx.currentKey() + " timer " + timestamp);
                    }
                });
            }
        },
        /** A 10 ms tumbling window counting its records. */
        TUMBLING(List.of(
                List.of(),
                List.of(),
                List.of(),
                List.of("a [0, 10) n=2", "b [0, 10) n=1"),
                List.of("a [0, 10) n=2", "b [0, 10) n=1", "b [10, 20) n=1"))) {
            @Override
            DataStream<String> build(final DataStream<Input> inputs, final StagePlacement placement) {
                return inputs.keyBy(Input::key).placement(placement).window(TumblingEventTimeWindows.of(10))
                        .<String>process((key, ctx, elements, out) -> {
                            int count = 0;
                            for (final Input ignored : elements) {
                                count++;
                            }
                            out.collect(key + " [" + ctx.window().start() + ", " + ctx.window().end() + ") n=" + count);
                        });
            }
        };

        final List<List<String>> afterEachPublish;

        Keyed(final List<List<String>> afterEachPublish) {
            this.afterEachPublish = afterEachPublish;
        }

        abstract DataStream<String> build(DataStream<Input> inputs, StagePlacement placement);
    }

    /** A sink that keeps lines and the names of the threads that called it. */
    static final class ThreadNoting implements Sink<String> {
        final Lines lines = new Lines();
        final Set<String> threads = ConcurrentHashMap.newKeySet();

        @Override
        public void accept(final String value, final long timestamp) {
            threads.add(Thread.currentThread().getName());
            lines.accept(value, timestamp);
        }
    }

    private static DataStream<Input> published(final StreamPipeline pipeline, final Publisher<Input> publisher) {
        return pipeline.from(publisher, WatermarkStrategy.<Input>forPunctuation((in, ts) -> in.watermark())
                .withTimestampAssigner((in, ts) -> in.time()));
    }

    @ParameterizedTest
    @EnumSource(Keyed.class)
    void behindAPublisherEachResultIsDeliveredBeforePublishReturns(final Keyed keyed) throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("inline").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Input> publisher = pipeline.publisher("inputs");
        final ThreadNoting sink = new ThreadNoting();
        keyed.build(published(pipeline, publisher), StagePlacement.INLINE).sink(sink);
        try (RunningPipeline running = pipeline.start()) {
            assertEquals(List.of(), running.threads(), "no task thread: the publisher's thread runs both stages");
            for (int i = 0; i < INPUTS.size(); i++) {
                final Input input = INPUTS.get(i);
                publisher.publish(input, input.time());
                assertEquals(keyed.afterEachPublish.get(i), sink.lines.lines(), "after publishing " + input);
            }
            final TaskMetrics stage = running.metrics().tasks().get(1);
            assertEquals("keyed-1", stage.stage());
            assertEquals(null, stage.thread(), "a publisher's thread is the application's");
            assertEquals(INPUTS.size(), stage.recordsIn());
            assertEquals(keyed.afterEachPublish.get(INPUTS.size() - 1).size(), stage.recordsOut());
            publisher.end();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ended");
        }
        assertEquals(Set.of(Thread.currentThread().getName()), sink.threads);
    }

    /** The expected lines above are the hop placement's too, each publish call run to quiescence by the deterministic scheduler. */
    @ParameterizedTest
    @EnumSource(Keyed.class)
    void theHopPlacementGivesTheSameLinesAfterEachPublish(final Keyed keyed) {
        final StreamPipeline pipeline = StreamPipeline.named("hop").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Input> publisher = pipeline.publisher("inputs");
        final Lines lines = new Lines();
        keyed.build(published(pipeline, publisher), StagePlacement.HOP).sink(lines);
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            for (int i = 0; i < INPUTS.size(); i++) {
                final Input input = INPUTS.get(i);
                publisher.publish(input, input.time());
                assertEquals(keyed.afterEachPublish.get(i), lines.lines(), "after publishing " + input);
            }
        }
    }

    /**
     * The stage's operator gauges (state entries, timers) are copied for other threads every 64
     * publisher calls (each flushes), not on each: on a small record the copy costs as much as the
     * rest of its work. Its record counters are always current.
     */
    @Test
    void theInlineStagesGaugesArePublishedEvery64PublisherCalls() throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("inline").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Input> publisher = pipeline.publisher("inputs");
        final Lines lines = new Lines();
        Keyed.TUMBLING.build(published(pipeline, publisher), StagePlacement.INLINE).sink(lines);
        try (RunningPipeline running = pipeline.start()) {
            for (int key = 0; key < 63; key++) {
                publisher.publish(new Input("k" + key, 1, Punctuation.NO_WATERMARK), 1);
            }
            assertEquals(63, running.metrics().tasks().get(1).recordsIn());
            assertEquals(0, running.metrics().tasks().get(1).operator("window").stateEntries());
            publisher.publish(new Input("k63", 1, Punctuation.NO_WATERMARK), 1);
            // one window of each of 64 keys, each with its end-of-window timer
            assertEquals(64, running.metrics().tasks().get(1).operator("window").stateEntries());
            assertEquals(64, running.metrics().tasks().get(1).operator("window").pendingTimers());
            publisher.end();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ended");
            // at the end of input: every window fired and cleaned up
            assertEquals(0, running.metrics().tasks().get(1).operator("window").stateEntries());
        }
        assertEquals(64, lines.lines().size());
    }

    @Test
    void processingTimeTimersOfAnInlineStageFireOnThePublishersCalls() {
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("inline").stateBackend(HeapStateBackend.INSTANCE).clock(clock);
        final Publisher<Input> publisher = pipeline.publisher("inputs");
        final Lines lines = new Lines();
        published(pipeline, publisher).keyBy(Input::key).placement(StagePlacement.INLINE)
                .process(new KeyedProcessFunction<String, Input, String>() {
                    @Override
                    public void processElement(final Input value, final Context<String> ctx, final Collector<String> out) {
                        ctx.registerProcessingTimeTimer(ctx.currentProcessingTime() + 10);
                    }

                    @Override
                    public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
                        out.collect(ctx.currentKey() + " processing timer " + timestamp);
                    }
                })
                .sink(lines);
        try (RunningPipeline running = pipeline.start()) {
            publisher.publish(new Input("a", 1, Punctuation.NO_WATERMARK), 1);
            clock.advanceTo(4);
            publisher.publish(new Input("b", 2, Punctuation.NO_WATERMARK), 2);
            clock.advanceTo(9);
            publisher.tick();
            assertEquals(List.of(), lines.lines());
            clock.advanceTo(10);
            publisher.tick();
            assertEquals(List.of("a processing timer 10"), lines.lines());
            clock.advanceTo(20);
            publisher.tick();
            assertEquals(List.of("a processing timer 10", "b processing timer 14"), lines.lines());
        }
    }

    @Test
    void behindASourceTheInlineStageRunsOnTheSourcesThread() throws InterruptedException {
        final List<Input> inputs = new ArrayList<>(INPUTS);
        final StreamPipeline pipeline = StreamPipeline.named("inline").stateBackend(HeapStateBackend.INSTANCE);
        final ThreadNoting sink = new ThreadNoting();
        Keyed.TUMBLING.build(pipeline.from("inputs", CollectionSource.of(inputs), WatermarkStrategy.<Input>forPunctuation((in, ts) -> in.watermark())
                .withTimestampAssigner((in, ts) -> in.time()), 1), StagePlacement.INLINE).sink(sink);
        final String sourceThread;
        try (RunningPipeline running = pipeline.start()) {
            assertEquals(1, running.threads().size(), "one thread: the source's");
            sourceThread = running.threads().get(0).getName();
            // the stage's metrics name the thread it runs on
            final TaskMetrics stage = running.metrics().tasks().get(1);
            assertEquals("keyed-1", stage.stage());
            assertEquals(sourceThread, stage.thread());
            assertEquals(List.of(), stage.inputs());
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ended");
        }
        // at the end of input, MAX fires the last window
        assertEquals(List.of("a [0, 10) n=2", "b [0, 10) n=1", "b [10, 20) n=1", "a [20, 30) n=1"), sink.lines.lines());
        assertEquals(Set.of(sourceThread), sink.threads);
    }

    /** Pipelines whose keyed stage cannot run inline, and the one message each gets from start(). */
    enum Refused {
        PARALLELISM("pipeline 'refused': stage keyed-1 cannot run inline (KeyedStream.placement): its parallelism is 2; an inline stage"
                + " runs on the thread of the one instance feeding it, so its parallelism is 1") {
            @Override
            void build(final StreamPipeline pipeline) {
                passThrough(published(pipeline).keyBy(Input::key).parallelism(2).placement(StagePlacement.INLINE));
            }
        },
        PIPELINE_PLACEMENT_AND_PARALLELISM("pipeline 'refused': stage keyed-1 cannot run inline (StreamPipeline.placement): its"
                + " parallelism is 3; an inline stage runs on the thread of the one instance feeding it, so its parallelism is 1") {
            @Override
            void build(final StreamPipeline pipeline) {
                passThrough(published(pipeline.placement(StagePlacement.INLINE)).keyBy(Input::key).parallelism(3));
            }
        },
        SEVERAL_FEEDING_INSTANCES("pipeline 'refused': stage keyed-1 cannot run inline (KeyedStream.placement): the 2 instances of"
                + " stage inputs-0 feed it; an inline stage runs on the thread of the one instance feeding it") {
            @Override
            void build(final StreamPipeline pipeline) {
                passThrough(pipeline.from(pipeline.<Input>publishers("inputs", 2), WatermarkStrategy.forMonotonousTimestamps())
                        .keyBy(Input::key).placement(StagePlacement.INLINE));
            }
        },
        SEVERAL_FEEDING_KEYED_INSTANCES("pipeline 'refused': stage keyed-2 cannot run inline (StreamPipeline.placement): the 2"
                + " instances of stage keyed-1 feed it; an inline stage runs on the thread of the one instance feeding it") {
            @Override
            void build(final StreamPipeline pipeline) {
                passThrough(published(pipeline.placement(StagePlacement.INLINE)).keyBy(Input::key).parallelism(2)
                        .placement(StagePlacement.HOP).<Input>process((in, ctx, out) -> out.collect(in)).keyBy(Input::time));
            }
        },
        OWN_CPUS("pipeline 'refused': stage keyed-1 cannot run inline (KeyedStream.placement): it names CPUs of its own; it runs on"
                + " the thread of stage inputs-0") {
            @Override
            void build(final StreamPipeline pipeline) {
                passThrough(read(pipeline).keyBy(Input::key).cpus(1).placement(StagePlacement.INLINE));
            }
        },
        OWN_IDLE_STRATEGY("pipeline 'refused': stage keyed-1 cannot run inline (KeyedStream.placement): it has an idle strategy of"
                + " its own; it runs on the thread of stage inputs-0") {
            @Override
            void build(final StreamPipeline pipeline) {
                passThrough(read(pipeline).keyBy(Input::key).idleStrategy(IdleStrategyKind.BUSY_SPIN).placement(StagePlacement.INLINE));
            }
        };

        final String message;

        Refused(final String message) {
            this.message = message;
        }

        abstract void build(StreamPipeline pipeline);

        private static DataStream<Input> published(final StreamPipeline pipeline) {
            return pipeline.from(pipeline.<Input>publisher("inputs"), WatermarkStrategy.forMonotonousTimestamps());
        }

        private static DataStream<Input> read(final StreamPipeline pipeline) {
            return pipeline.from("inputs", CollectionSource.<Input>of(List.of()), WatermarkStrategy.forMonotonousTimestamps(), 1);
        }

        private static <K> void passThrough(final KeyedStream<Input, K> keyed) {
            keyed.process((in, ctx, out) -> out.collect(in)).sink((in, ts) -> { });
        }
    }

    @ParameterizedTest
    @EnumSource(Refused.class)
    void aStageThatCannotRunInlineIsRefusedWithOneMessageOnBothSchedulers(final Refused refused) {
        final StreamPipeline threaded = StreamPipeline.named("refused").stateBackend(HeapStateBackend.INSTANCE);
        refused.build(threaded);
        assertEquals(refused.message, assertThrows(IllegalArgumentException.class, threaded::start).getMessage());
        final StreamPipeline deterministic = StreamPipeline.named("refused").stateBackend(HeapStateBackend.INSTANCE);
        refused.build(deterministic);
        assertEquals(refused.message, assertThrows(IllegalArgumentException.class,
                () -> deterministic.startDeterministic(new VirtualClock(0))).getMessage());
    }
}
