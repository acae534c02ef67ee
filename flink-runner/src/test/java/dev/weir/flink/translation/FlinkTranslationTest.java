package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.api.DataStream;
import dev.weir.api.KeyedStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.source.CollectionSource;
import dev.weir.source.FileSource;
import dev.weir.source.ReadStatus;
import dev.weir.source.Source;
import dev.weir.source.SourceReader;
import dev.weir.state.StateBackends;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Every kind of step or setting this slice does not translate is refused, before anything runs, with its exact message. */
class FlinkTranslationTest {
    private static final WatermarkStrategy<String> BOUNDED = WatermarkStrategy.<String>forBoundedOutOfOrderness(100).withTimestampAssigner(TIMESTAMP);

    private static DataStream<String> trades(final StreamPipeline pipeline, final WatermarkStrategy<String> watermarks) {
        return pipeline.from("trades", CollectionSource.of(List.of("a,1,1")), watermarks, 1);
    }

    private static KeyedStream<String, String> keyed() {
        return trades(StreamPipeline.named("p"), BOUNDED).keyBy(KEY);
    }

    private static void assertRefused(final String message, final StreamPipeline pipeline) {
        final FlinkTranslationException refused = assertThrows(FlinkTranslationException.class,
                () -> FlinkRunner.execute(pipeline, FlinkTarget.local(1)));
        assertEquals(message, refused.getMessage());
    }

    @Test
    void publishedSourcesAndFilesWhoseParserCannotBeShippedAreRefused() {
        final StreamPipeline published = StreamPipeline.named("p");
        published.from(published.<String>publisher("orders"), BOUNDED).sink((value, timestamp) -> { });
        assertRefused("step 0 (source): 'orders' is fed by publishers, which has no Flink equivalent: records pushed by the caller's"
                + " threads into the running pipeline cannot reach a Flink job, whose sources run in Flink's task managers, in another"
                + " JVM or on another machine; read them with a FileSource instead", published);
        final StreamPipeline keyedPublished = StreamPipeline.named("p");
        keyedPublished.from(keyedPublished.<String>publisher("quotes"), BOUNDED.withIdleness(100)).keyBy(KEY)
                .window(TumblingEventTimeWindows.of(1000)).reduce(SUM).sink((value, timestamp) -> { });
        assertRefused("step 0 (source): 'quotes' is fed by publishers, which has no Flink equivalent: records pushed by the caller's"
                + " threads into the running pipeline cannot reach a Flink job, whose sources run in Flink's task managers, in another"
                + " JVM or on another machine; read them with a FileSource instead", keyedPublished);
        final StreamPipeline custom = StreamPipeline.named("p");
        custom.from("own", new OwnSource(), BOUNDED, 1).sink((value, timestamp) -> { });
        assertRefused("step 0 (source): 'own' is a OwnSource; a CollectionSource, a FileSource, a bounded GeneratorSource and a"
                + " HandoffSource are translated", custom);
        final StreamPipeline file = StreamPipeline.named("p");
        file.from("lines", FileSource.of(Path.of("in.txt"), CharSequence::toString), BOUNDED, 1).sink((value, timestamp) -> { });
        assertRefused("step 0 (source): the line parser cannot be shipped to Flink's tasks: it is not serializable; make it a Serializable"
                + " class, or cast the lambda to an intersection with Serializable, e.g. (Function<A, B> & Serializable)", file);
    }

    /** A source of the user's own: Flink has no description of it, only its code. */
    private static final class OwnSource implements Source<String> {
        @Override
        public SourceReader<String> createReader(final int instance, final int parallelism) {
            return output -> ReadStatus.END;
        }
    }

    @Test
    void watermarkStrategiesOtherThanBoundedMonotonousPunctuatedAndNoneAreRefused() {
        assertRefused("step 0 (source): watermark idleness on a CollectionSource is not translated: its watermarks are assigned after"
                + " Flink's source, where Flink cannot tell an idle input; it is on a FileSource or a GeneratorSource",
                trades(StreamPipeline.named("p"), BOUNDED.withIdleness(1000)).sink((value, timestamp) -> { }));
        assertRefused("step 0 (source): watermark alignment on a CollectionSource is not translated: Flink aligns only watermarks"
                + " generated in its source, and a collection's are assigned after it; it is on a FileSource or a GeneratorSource",
                trades(StreamPipeline.named("p"), BOUNDED.withWatermarkAlignment("g", 1000)).sink((value, timestamp) -> { }));

        assertRefused("step 0 (source): the watermark strategy EXPLICIT is not translated: Flink has generators for bounded"
                + " out-of-orderness, monotonous, punctuated and no watermarks only", trades(StreamPipeline.named("p"), WatermarkStrategy.explicit()).sink((value, timestamp) -> { }));
        assertRefused("step 0 (source): the watermark strategy CUSTOM is not translated: Flink has generators for bounded"
                + " out-of-orderness, monotonous, punctuated and no watermarks only", trades(StreamPipeline.named("p"),
                        WatermarkStrategy.forGenerator(() -> WatermarkStrategy.<String>noWatermarks().createGenerator(null)))
                        .sink((value, timestamp) -> { }));
        assertRefused("step 3 (assignTimestampsAndWatermarks): translated between a source and keyBy, or after a keyed process"
                + " function of one instance, only: after a window or a step of several inputs each engine hands the generator"
                + " the records of its keys and inputs in its own order, so the watermarks would differ",
                keyed().window(TumblingEventTimeWindows.of(10)).reduce(SUM).assignTimestampsAndWatermarks(BOUNDED).sink((value, timestamp) -> { }));
    }

    @Test
    void timestampsAfterAKeyedProcessFunctionAreRefusedUnlessItHasOneInstanceOnBothEngines() {
        final KeyedProcessFunction<String, String, String> echo =
                (KeyedProcessFunction<String, String, String> & Serializable) (value, context, out) -> out.collect(value);
        assertRefused("step 3 (assignTimestampsAndWatermarks): the keyed process function before it has 2 instances: each instance"
                + " of Weir's keyed stage runs its own generator over the keys Weir's key groups give it, and Flink spreads the keys"
                + " differently, so the watermarks would differ; give the keyed stage one instance",
                keyed().parallelism(2).process(echo).assignTimestampsAndWatermarks(BOUNDED).sink((value, timestamp) -> { }));
        final StreamPipeline pipeline = StreamPipeline.named("p");
        trades(pipeline, BOUNDED).keyBy(KEY).process(echo).assignTimestampsAndWatermarks(BOUNDED).sink((value, timestamp) -> { });
        final FlinkTranslationException refused = assertThrows(FlinkTranslationException.class,
                () -> FlinkRunner.execute(pipeline, FlinkTarget.local(2)));
        assertEquals("step 3 (assignTimestampsAndWatermarks): the keyed process function before it has one instance on Weir, but"
                + " Flink runs it at the job's parallelism of 2, with a generator per instance; run the job at parallelism 1",
                refused.getMessage());
    }

    @Test
    void functionsThatCannotBeShippedAreRefusedNamingTheStep() {
        final String advice = "; make it a Serializable class, or cast the lambda to an intersection with Serializable, e.g."
                + " (Function<A, B> & Serializable)";
        assertRefused("step 1 (map): the mapper cannot be shipped to Flink's tasks: it is not serializable" + advice,
                trades(StreamPipeline.named("p"), BOUNDED).map(line -> line).sink((value, timestamp) -> { }));
        assertRefused("step 1 (filter): the predicate cannot be shipped to Flink's tasks: it is not serializable" + advice,
                trades(StreamPipeline.named("p"), BOUNDED).filter(line -> true).sink((value, timestamp) -> { }));
        assertRefused("step 1 (keyBy): the key selector cannot be shipped to Flink's tasks: it is not serializable" + advice,
                trades(StreamPipeline.named("p"), BOUNDED).keyBy(line -> line).window(TumblingEventTimeWindows.of(10)).reduce(SUM)
                        .sink((value, timestamp) -> { }));
        assertRefused("step 0 (source): the timestamp assigner cannot be shipped to Flink's tasks: it is not serializable" + advice,
                trades(StreamPipeline.named("p"), WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((line, carried) -> 1L))
                        .sink((value, timestamp) -> { }));
        assertRefused("step 2 (window): the reduce function cannot be shipped to Flink's tasks: it is not serializable" + advice,
                keyed().window(TumblingEventTimeWindows.of(10)).reduce((a, b) -> a).sink((value, timestamp) -> { }));
        final Object unserializable = new Object();
        assertRefused("step 1 (filter): the predicate cannot be shipped to Flink's tasks: it holds a value that is not serializable:"
                + " java.lang.Object" + advice, trades(StreamPipeline.named("p"), BOUNDED)
                        .filter((Predicate<String> & Serializable) line -> line.equals(unserializable)).sink((value, timestamp) -> { }));
    }

    @Test
    void eventTimesWhoseWindowsFlinkWouldComputePastThe64BitRangeAreRefused() {
        final String saturates = " window arithmetic (window bounds, a bound plus allowedLateness, continuous-trigger fire times) past the"
                + " 64-bit range: Weir saturates at Long.MIN_VALUE and Long.MAX_VALUE, Flink wraps around; not run on Flink";
        final long nearTheEnd = Long.MAX_VALUE - 5;
        final StreamPipeline tumbling = StreamPipeline.named("p");
        tumbling.from("trades", CollectionSource.of(List.of("a,1,1", "a," + nearTheEnd + ",2")), BOUNDED, 1).keyBy(KEY)
                .window(TumblingEventTimeWindows.of(10)).reduce(SUM).sink((value, timestamp) -> { });
        assertRefused("step 2 (window): a record at event time " + nearTheEnd + " takes Flink's tumbling" + saturates, tumbling);
        final StreamPipeline session = StreamPipeline.named("p");
        session.from("trades", CollectionSource.of(List.of("a," + (Long.MAX_VALUE - 100) + ",2")), BOUNDED, 1).keyBy(KEY)
                .window(EventTimeSessionWindows.withGap(50)).allowedLateness(60).reduce(SUM).sink((value, timestamp) -> { });
        assertRefused("step 2 (window): a record at event time " + (Long.MAX_VALUE - 100) + " takes Flink's session" + saturates, session);
        final StreamPipeline sliding = StreamPipeline.named("p");
        sliding.from("trades", CollectionSource.of(List.of("a," + (Long.MIN_VALUE + 3) + ",2")), BOUNDED, 1).keyBy(KEY)
                .window(SlidingEventTimeWindows.of(10, 5)).reduce(SUM).sink((value, timestamp) -> { });
        assertRefused("step 2 (window): a record at event time " + (Long.MIN_VALUE + 3) + " takes Flink's sliding" + saturates, sliding);
    }

    @Test
    void anUnserializableKeyedProcessFunctionAndTransformAreRefused() {
        final KeyedProcessFunction<String, String, String> echo = (value, context, out) -> out.collect(value);
        assertRefused("step 2 (process): the function cannot be shipped to Flink's tasks: it is not serializable; make it a Serializable"
                + " class, or cast the lambda to an intersection with Serializable, e.g. (Function<A, B> & Serializable)",
                keyed().process(echo).sink((value, timestamp) -> { }));
        assertRefused("step 1 (transform): 'custom' is an operator known only by its factory; Flink cannot run it from a description",
                trades(StreamPipeline.named("p"), BOUNDED).transform("custom", () -> null).sink((value, timestamp) -> { }));
    }

    @Test
    void aWeirRestoreAndAStateBackendAreRefusedNamingThePipeline() {
        assertRefused("pipeline 'p': restoreFrom(checkpoints): a Weir checkpoint holds Weir's own state, timer and read-position files,"
                + " which Flink cannot read; a Flink job resumes from Flink's checkpoints or savepoints",
                trades(StreamPipeline.named("p").checkpointing(Path.of("checkpoints"), Duration.ofSeconds(1)).restoreFrom(Path.of("checkpoints")),
                        BOUNDED).sink((value, timestamp) -> { }));
        assertRefused("pipeline 'p': a Weir state backend was given; on Flink, window state lives in Flink's state backend",
                trades(StreamPipeline.named("p").stateBackend(StateBackends.defaultBackend()), BOUNDED).sink((value, timestamp) -> { }));
    }

    @Test
    void aTwoInputOperatorKnownOnlyByItsFactoryIsRefusedByName() {
        final StreamPipeline connected = StreamPipeline.named("p");
        final DataStream<String> left = trades(connected, BOUNDED);
        left.connect(left.map((java.util.function.Function<String, String> & java.io.Serializable) line -> line)).transform("pairs", () -> null)
                .sink((value, timestamp) -> { });
        assertRefused("step 2 (connect): 'pairs' is an operator known only by its factory; Flink cannot run it from a description", connected);
    }

    @Test
    void aTwoInputFunctionThatCannotBeShippedIsRefusedByName() {
        final StreamPipeline connected = StreamPipeline.named("p");
        final DataStream<String> left = trades(connected, BOUNDED);
        final dev.weir.operator.CoMapFunction<String, String, String> notSerializable = new dev.weir.operator.CoMapFunction<>() {
            @Override
            public String map1(final String value) {
                return value;
            }

            @Override
            public String map2(final String value) {
                return value;
            }
        };
        @SuppressWarnings({"unchecked", "rawtypes"})
        final dev.weir.operator.TwoInputOperatorFactory<String, String, String> coMap =
                (dev.weir.operator.TwoInputOperatorFactory) dev.weir.plan.TwoInputFunction.coMap(notSerializable);
        left.connect(trades(connected, BOUNDED)).transform("coMap", coMap).sink((value, timestamp) -> { });
        assertRefused("step 2 (connect): the function cannot be shipped to Flink's tasks: it is not serializable; make it a Serializable"
                + " class, or cast the lambda to an intersection with Serializable, e.g. (Function<A, B> & Serializable)", connected);
    }
}
