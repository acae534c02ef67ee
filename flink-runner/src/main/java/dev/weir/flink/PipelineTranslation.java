package dev.weir.flink;

import dev.weir.pipelines.job.WindowKind;
import dev.weir.pipelines.job.WindowSpec;
import dev.weir.plan.FilterStep;
import dev.weir.plan.FlatMapStep;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.KeyedProcessStep;
import dev.weir.plan.LogicalPlan;
import dev.weir.plan.MapStep;
import dev.weir.plan.PipelineSettings;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SideOutputStep;
import dev.weir.plan.SinkStep;
import dev.weir.plan.SourceStep;
import dev.weir.plan.TimestampsStep;
import dev.weir.plan.TransformStep;
import dev.weir.plan.WindowFunctionKind;
import dev.weir.plan.WindowStep;
import dev.weir.source.CollectionSource;
import dev.weir.source.ReadStatus;
import dev.weir.source.SourceOutput;
import dev.weir.source.SourceReader;
import dev.weir.source.SplitOutput;
import dev.weir.time.TimestampAssigner;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.EventTimeTrigger;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.OutputTag;

/**
 * Builds one {@code StreamPipeline}'s logical plan as a Flink job on an environment, step by
 * step, or refuses the first step it does not translate with a {@link FlinkTranslationException}
 * (docs/flink.md, "Running a StreamPipeline on Flink"). Records, keys and accumulators travel as
 * Flink generic types (Kryo). Not thread-safe; one per run.
 */
final class PipelineTranslation {
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private final LogicalPlan plan;
    private final StreamExecutionEnvironment environment;
    private final List<DataStream<Object>> streams = new ArrayList<>();
    private final List<KeyedStream<Object, Object>> keyed = new ArrayList<>();
    private final List<CollectedSink> sinks = new ArrayList<>();
    /** The event time the source's strategy gives each element, in list order; set by the source's check. */
    private long[] sourceTimestamps = new long[0];

    PipelineTranslation(final LogicalPlan plan, final StreamExecutionEnvironment environment) {
        this.plan = plan;
        this.environment = environment;
    }

    /**
     * Adds the job to the environment with a collect sink for each of the pipeline's sinks
     * ({@link #sinks()}), or adds nothing and throws.
     *
     * @throws FlinkTranslationException naming the first step not translated
     */
    void translate() {
        checkSettings(plan.settings());
        final List<PlanStep> steps = plan.steps();
        for (int i = 0; i < steps.size(); i++) {
            check(i, steps.get(i));
        }
        FlinkCheckpointing.configure(plan.settings(), environment);
        for (int i = 0; i < steps.size(); i++) {
            add(i, steps.get(i));
        }
        for (final PlanStep step : steps) {
            if (step instanceof SideOutputStep) {
                final SideOutputStep side = (SideOutputStep) step;
                final DataStream<Object> records = sideOutputOf(side.tag());
                if (records != null) {
                    sinkTo(records, new SideOutputAsSink(side.sink()), "side output " + side.tag().id());
                }
            }
        }
    }

    /** @return the pipeline's sinks and the collect iterators that feed them, in plan order */
    List<CollectedSink> sinks() {
        return sinks;
    }

    private static void checkSettings(final PipelineSettings settings) {
        final String name = settings.name();
        if (settings.stateBackend() != null) {
            throw FlinkTranslationException.ofPipeline(name, "a Weir state backend was given; on Flink, window state lives in Flink's"
                    + " state backend");
        }
    }

    /** Refuses a step before anything is built, so that a refused plan registers no sink. */
    private void check(final int index, final PlanStep step) {
        final String kind = kindOf(step);
        if (step instanceof SourceStep) {
            checkSource(index, (SourceStep) step);
        } else if (step instanceof MapStep) {
            ShippedFunction.require(((MapStep) step).mapper(), index, kind, "the mapper");
        } else if (step instanceof FilterStep) {
            ShippedFunction.require(((FilterStep) step).predicate(), index, kind, "the predicate");
        } else if (step instanceof FlatMapStep) {
            ShippedFunction.require(((FlatMapStep) step).function(), index, kind, "the function");
        } else if (step instanceof KeyByStep) {
            ShippedFunction.require(((KeyByStep) step).keySelector(), index, kind, "the key selector");
        } else if (step instanceof WindowStep) {
            checkWindow(index, (WindowStep) step);
        } else if (step instanceof SinkStep) {
            return;
        } else if (step instanceof TimestampsStep) {
            throw new FlinkTranslationException(index, kind, "timestamps and watermarks are translated on the source only in this slice");
        } else if (step instanceof KeyedProcessStep) {
            throw new FlinkTranslationException(index, kind, "keyed process functions (keyed state and timers) are not translated yet");
        } else if (step instanceof SideOutputStep) {
            return; // the records of a tag no translated step emits never come, as on Weir
        } else if (step instanceof TransformStep) {
            throw new FlinkTranslationException(index, kind, "'" + ((TransformStep) step).name()
                    + "' is an operator known only by its factory; Flink cannot run it from a description");
        }
    }

    private void checkSource(final int index, final SourceStep source) {
        final String kind = kindOf(source);
        if (FlinkSources.handles(source)) {
            FlinkSources.check(index, source);
            return;
        }
        SourceWatermarks.check(source.watermarks(), index, kind);
        final List<Object> elements = elementsOf((CollectionSource<?>) source.source(), 0, 1);
        @SuppressWarnings("unchecked")
        final dev.weir.time.WatermarkStrategy<Object> watermarks = (dev.weir.time.WatermarkStrategy<Object>) source.watermarks();
        sourceTimestamps = new long[elements.size()];
        for (int i = 0; i < sourceTimestamps.length; i++) {
            sourceTimestamps[i] = watermarks.timestampOf(elements.get(i), TimestampAssigner.NO_TIMESTAMP);
        }
    }

    private void checkWindow(final int index, final WindowStep window) {
        final String kind = kindOf(window);
        assignerOf(window, index);
        // every record keeps the event time the source gave it (map, filter and flatMap do not change it), so these are
        // all the event times that can reach the window
        final WindowSpec range = rangeOf(window);
        for (final long timestamp : sourceTimestamps) {
            final String wrapped = FlinkWindowRange.wrapped(range, timestamp);
            if (wrapped != null) {
                throw new FlinkTranslationException(index, kind, "a record at event time " + wrapped);
            }
        }
        if (window.trigger() != null && !(window.trigger() instanceof EventTimeTrigger)) {
            throw new FlinkTranslationException(index, kind, "the trigger " + window.trigger().getClass().getSimpleName()
                    + " is not translated yet; only the assigner's default event-time trigger is");
        }
        if (window.evictor() != null) {
            throw new FlinkTranslationException(index, kind, "evictors are not translated yet");
        }
        if (window.lateDataTag() != null) {
            throw new FlinkTranslationException(index, kind, "the side output of late data is not translated yet");
        }
        if (window.function() == WindowFunctionKind.REDUCE) {
            ShippedFunction.require(window.reduce(), index, kind, "the reduce function");
        } else if (window.function() == WindowFunctionKind.AGGREGATE) {
            ShippedFunction.require(window.aggregate(), index, kind, "the aggregate function");
        } else {
            throw new FlinkTranslationException(index, kind, "process window functions (" + window.function()
                    + ") are not translated yet; reduce and aggregate are");
        }
    }

    /** Flink's assigner with the Weir assigner's parameters; refuses any other assigner. */
    private static WindowAssigner<Object, TimeWindow> assignerOf(final WindowStep window, final int index) {
        final Object assigner = window.assigner();
        try {
            if (assigner instanceof TumblingEventTimeWindows) {
                final TumblingEventTimeWindows<?> tumbling = (TumblingEventTimeWindows<?>) assigner;
                return org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows.of(
                        Duration.ofMillis(tumbling.sizeMillis()), Duration.ofMillis(tumbling.offsetMillis()));
            }
            if (assigner instanceof SlidingEventTimeWindows) {
                final SlidingEventTimeWindows<?> sliding = (SlidingEventTimeWindows<?>) assigner;
                return org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows.of(Duration.ofMillis(sliding.sizeMillis()),
                        Duration.ofMillis(sliding.slideMillis()), Duration.ofMillis(sliding.offsetMillis()));
            }
        } catch (final IllegalArgumentException flinkRefuses) {
            throw new FlinkTranslationException(index, kindOf(window), "Flink refuses the assigner " + assigner + ": " + flinkRefuses.getMessage());
        }
        if (assigner instanceof EventTimeSessionWindows && !((EventTimeSessionWindows<?>) assigner).hasDynamicGap()) {
            return org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows.withGap(
                    Duration.ofMillis(((EventTimeSessionWindows<?>) assigner).gapMillis()));
        }
        throw new FlinkTranslationException(index, kindOf(window), "the assigner " + assigner
                + " is not translated yet; tumbling, sliding and fixed-gap session event-time windows are");
    }

    /** The window's parameters as {@link FlinkWindowRange} reads them; the assigner is one {@link #assignerOf} accepted. */
    private static WindowSpec rangeOf(final WindowStep window) {
        final Object assigner = window.assigner();
        final long lateness = window.allowedLatenessMillis();
        if (assigner instanceof TumblingEventTimeWindows) {
            final TumblingEventTimeWindows<?> tumbling = (TumblingEventTimeWindows<?>) assigner;
            return new WindowSpec(WindowKind.TUMBLING, tumbling.sizeMillis(), 0, tumbling.offsetMillis(), 0, null, lateness, false);
        }
        if (assigner instanceof SlidingEventTimeWindows) {
            final SlidingEventTimeWindows<?> sliding = (SlidingEventTimeWindows<?>) assigner;
            return new WindowSpec(WindowKind.SLIDING, sliding.sizeMillis(), sliding.slideMillis(), sliding.offsetMillis(), 0, null, lateness,
                    false);
        }
        return new WindowSpec(WindowKind.SESSION, 0, 0, 0, ((EventTimeSessionWindows<?>) assigner).gapMillis(), null, lateness, false);
    }

    private void add(final int index, final PlanStep step) {
        DataStream<Object> out = null;
        KeyedStream<Object, Object> keys = null;
        if (step instanceof SourceStep) {
            out = source((SourceStep) step);
        } else if (step instanceof MapStep) {
            final DataStream<Object> in = streams.get(step.input());
            out = in.map(new FlinkMap(((MapStep) step).mapper()), ANY).setParallelism(in.getParallelism());
        } else if (step instanceof FilterStep) {
            final DataStream<Object> in = streams.get(step.input());
            out = in.filter(new FlinkFilter(((FilterStep) step).predicate())).setParallelism(in.getParallelism());
        } else if (step instanceof FlatMapStep) {
            final DataStream<Object> in = streams.get(step.input());
            out = in.flatMap(new FlinkFlatMap(((FlatMapStep) step).function()), ANY).setParallelism(in.getParallelism());
        } else if (step instanceof KeyByStep) {
            keys = streams.get(step.input()).keyBy(new FlinkKeySelector(((KeyByStep) step).keySelector()), ANY);
        } else if (step instanceof WindowStep) {
            out = window(index, (WindowStep) step);
        } else if (step instanceof SinkStep) {
            sinkTo(streams.get(step.input()), ((SinkStep) step).sink(), "sink");
        }
        streams.add(out);
        keyed.add(keys);
    }

    /**
     * Ends a stream in a pipeline sink: the main output's sink and each side output's sink go
     * through here. Each record, with its timestamp, goes to a Flink collect sink (parallelism 1)
     * that the client in the caller's JVM drains into the Weir sink, wherever the job runs
     * ({@link CollectedSink}).
     */
    private void sinkTo(final DataStream<Object> stream, final dev.weir.runtime.Sink<?> sink, final String name) {
        final DataStream<Object> stamped = stream.process(new StampResults(), ANY).setParallelism(stream.getParallelism())
                .name(name + " timestamps");
        sinks.add(new CollectedSink(sink, stamped.collectAsync(), name + "-" + sinks.size()));
    }

    /**
     * The records emitted under a Weir output tag: on Weir a side-output sink receives its tag from
     * every operator of the pipeline, so here the union of Flink's side outputs of that id (Flink's
     * tags are equal by id) over every translated operator; {@code null} when there is none.
     */
    private DataStream<Object> sideOutputOf(final dev.weir.operator.OutputTag<?> tag) {
        final OutputTag<Object> flinkTag = new OutputTag<>(tag.id(), ANY);
        DataStream<Object> union = null;
        for (final DataStream<Object> stream : streams) {
            if (stream instanceof SingleOutputStreamOperator) {
                final DataStream<Object> side = ((SingleOutputStreamOperator<Object>) stream).getSideOutput(flinkTag);
                union = union == null ? side : union.union(side);
            }
        }
        return union;
    }

    /**
     * The collection's elements in Weir's instance ranges, one Flink collection source per
     * non-empty range, each with its own watermark generator as each Weir source instance, and
     * their union: Flink's next operator takes the minimum watermark of its inputs, as Weir's keyed
     * stage does. The union runs at parallelism 1, and so do the map, filter and flatMap steps
     * that read it (each at its input's parallelism, a forward connection): a rebalance would
     * spread one instance's records over several watermark generators or reorder them, and so
     * change which records are late. Each instance's records stay in their order, as on Weir.
     */
    private DataStream<Object> source(final SourceStep step) {
        if (FlinkSources.handles(step)) {
            return FlinkSources.of(step, environment);
        }
        final CollectionSource<?> collection = (CollectionSource<?>) step.source();
        final WatermarkStrategy<Object> watermarks = SourceWatermarks.of(step.watermarks(), environment);
        DataStream<Object> union = null;
        for (int instance = 0; instance < step.parallelism(); instance++) {
            final List<Object> elements = elementsOf(collection, instance, step.parallelism());
            if (elements.isEmpty() && (union != null || instance < step.parallelism() - 1)) {
                continue; // an empty instance ends at once: its MAX watermark holds no other instance back
            }
            final DataStream<Object> range = environment.fromData(elements, ANY).name(step.name() + "-" + instance)
                    .assignTimestampsAndWatermarks(watermarks).setParallelism(1);
            union = union == null ? range : union.union(range);
        }
        return union;
    }

    private static List<Object> elementsOf(final CollectionSource<?> collection, final int instance, final int parallelism) {
        final List<Object> elements = new ArrayList<>();
        final SourceOutput<Object> output = new SourceOutput<>() {
            @Override
            public void emit(final Object value) {
                elements.add(value);
            }

            @Override
            public void emit(final Object value, final long timestamp) {
                throw new IllegalStateException("a collection source gives its elements no timestamp");
            }

            @Override
            public SplitOutput<Object> split(final int splitIndex) {
                throw new IllegalStateException("a collection source has no splits");
            }
        };
        @SuppressWarnings("unchecked")
        final SourceReader<Object> reader = (SourceReader<Object>) collection.createReader(instance, parallelism);
        try (reader) {
            while (reader.read(output) != ReadStatus.END) {
                // a collection reader always has more until the end
            }
        } catch (final Exception unexpected) {
            throw new IllegalStateException("reading a collection source", unexpected);
        }
        return elements;
    }

    private DataStream<Object> window(final int index, final WindowStep step) {
        final WindowedStream<Object, Object, TimeWindow> windowed = keyed.get(step.input()).window(assignerOf(step, index))
                .allowedLateness(Duration.ofMillis(step.allowedLatenessMillis()));
        if (step.function() == WindowFunctionKind.REDUCE) {
            return windowed.reduce(new FlinkReduce(step.reduce()));
        }
        return windowed.aggregate(new FlinkAggregate(step.aggregate()), ANY, ANY);
    }

    /** @return the step's kind as the pipeline API names it */
    static String kindOf(final PlanStep step) {
        if (step instanceof SourceStep) {
            return "source";
        } else if (step instanceof MapStep) {
            return "map";
        } else if (step instanceof FilterStep) {
            return "filter";
        } else if (step instanceof FlatMapStep) {
            return "flatMap";
        } else if (step instanceof TimestampsStep) {
            return "assignTimestampsAndWatermarks";
        } else if (step instanceof KeyByStep) {
            return "keyBy";
        } else if (step instanceof WindowStep) {
            return "window";
        } else if (step instanceof KeyedProcessStep) {
            return "process";
        } else if (step instanceof TransformStep) {
            return "transform";
        } else if (step instanceof SideOutputStep) {
            return "sideOutput";
        }
        return "sink";
    }
}
