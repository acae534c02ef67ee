package dev.weir.flink.translation;

import dev.weir.plan.FilterStep;
import dev.weir.plan.FlatMapStep;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.KeyedProcessStep;
import dev.weir.plan.LogicalPlan;
import dev.weir.plan.MapStep;
import dev.weir.plan.PipelineSettings;
import dev.weir.plan.PlanEdge;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SideOutputStep;
import dev.weir.plan.SinkStep;
import dev.weir.plan.SourceStep;
import dev.weir.plan.TimestampsStep;
import dev.weir.plan.TransformStep;
import dev.weir.plan.TwoInputStep;
import dev.weir.plan.UnionStep;
import dev.weir.plan.WindowStep;
import dev.weir.source.CollectionSource;
import dev.weir.source.ReadStatus;
import dev.weir.source.SourceOutput;
import dev.weir.source.SourceReader;
import dev.weir.source.SplitOutput;
import dev.weir.time.TimestampAssigner;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.OutputTag;

/**
 * Builds one {@code StreamPipeline}'s logical plan as a Flink job on an environment, step by
 * step, or refuses the first step it does not translate with a {@link FlinkTranslationException}
 * (docs/flink.md, "Running a StreamPipeline on Flink"). Records, keys and accumulators travel as
 * Flink generic types (Kryo). Not thread-safe; one per run.
 */
public final class PipelineTranslation {
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private final LogicalPlan plan;
    private final StreamExecutionEnvironment environment;
    private final List<DataStream<Object>> streams = new ArrayList<>();
    private final List<KeyedStream<Object, Object>> keyed = new ArrayList<>();
    private final List<CollectedSink> sinks = new ArrayList<>();
    /** Null when the sinks are collected; else where the sinks on Flink's tasks are listed. */
    private final List<TaskSink> taskSinks;
    /**
     * The event time each record reaching keyBy carries: the source's strategy's, or the last mid-stream strategy's; set by
     * the checks. Null for a source whose elements are not known before the job runs, whose windows then check their
     * records at run time.
     */
    private long[] sourceTimestamps = new long[0];

    PipelineTranslation(final LogicalPlan plan, final StreamExecutionEnvironment environment) {
        this(plan, environment, false);
    }

    /**
     * @param plan the pipeline's plan
     * @param environment where the job is added
     * @param onTasks true to call the pipeline's sinks on Flink's tasks ({@link TaskSink}, a local target only) rather
     *     than collect their results
     */
    public PipelineTranslation(final LogicalPlan plan, final StreamExecutionEnvironment environment, final boolean onTasks) {
        this.plan = plan;
        this.environment = environment;
        this.taskSinks = onTasks ? new ArrayList<>() : null;
    }

    /**
     * Adds the job to the environment with a collect sink for each of the pipeline's sinks
     * ({@link #sinks()}), or adds nothing and throws.
     *
     * @throws FlinkTranslationException naming the first step not translated
     */
    public void translate() {
        checkSettings(plan.settings());
        final List<PlanStep> steps = plan.steps();
        for (int i = 0; i < steps.size(); i++) {
            check(i, steps.get(i));
        }
        FlinkCheckpointing.configure(plan.settings(), environment);
        for (int i = 0; i < steps.size(); i++) {
            add(i, steps.get(i));
        }
        final long periodicInterval = MidStreamTimestamps.periodicInterval(steps);
        if (periodicInterval >= 0) {
            // each strategy set the job's one interval when it was added; the periodic ones' (all equal) is the one that counts
            environment.getConfig().setAutoWatermarkInterval(periodicInterval);
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

    /** @return the pipeline's sinks and the collect iterators that feed them, in plan order; none with sinks on tasks */
    public List<CollectedSink> sinks() {
        return sinks;
    }

    /** @return the pipeline's sinks called on Flink's tasks, in plan order; none when the sinks are collected */
    public List<TaskSink> taskSinks() {
        return taskSinks == null ? List.of() : taskSinks;
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
        if (step instanceof UnionStep) {
            return;
        } else if (step instanceof TwoInputStep) {
            TwoInputTranslation.check(index, (TwoInputStep) step);
            sourceTimestamps = null; // a keyed co-process stamps results with its timers' times: windows after it check at run time
        } else if (step instanceof SourceStep) {
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
            MidStreamTimestamps.check(plan.steps(), index, kind, environment.getParallelism());
            // in a graph the step's chain is one of several inputs: the windows check their records at run time
            sourceTimestamps = isGraph() ? null : MidStreamTimestamps.eventTimes(plan.steps(), index);
        } else if (step instanceof KeyedProcessStep) {
            ShippedFunction.require(((KeyedProcessStep) step).function(), index, kind, "the function");
        } else if (step instanceof SideOutputStep) {
            return; // the records of a tag no translated step emits never come, as on Weir
        } else if (step instanceof TransformStep) {
            throw new FlinkTranslationException(index, kind, "'" + ((TransformStep) step).name()
                    + "' is an operator known only by its factory; Flink cannot run it from a description");
        }
    }

    /** @return true when the plan has a union or a two-input step, so a chain of steps is one of several */
    private boolean isGraph() {
        for (final PlanStep step : plan.steps()) {
            if (step instanceof UnionStep || step instanceof TwoInputStep) {
                return true;
            }
        }
        return false;
    }

    private void checkSource(final int index, final SourceStep source) {
        final String kind = kindOf(source);
        if (FlinkSources.handles(source)) {
            FlinkSources.check(index, source);
            sourceTimestamps = null; // known only while the job reads: the windows check their records at run time
            return;
        }
        SourceWatermarks.check(source.watermarks(), index, kind);
        final List<Object> elements = elementsOf((CollectionSource<?>) source.source(), 0, 1);
        @SuppressWarnings("unchecked")
        final dev.weir.time.WatermarkStrategy<Object> watermarks = (dev.weir.time.WatermarkStrategy<Object>) source.watermarks();
        if (sourceTimestamps == null) {
            return; // an earlier source's or step's event times are known only at run time
        }
        // the event times of every source so far: each window is checked against all of them
        final int before = sourceTimestamps.length;
        sourceTimestamps = java.util.Arrays.copyOf(sourceTimestamps, before + elements.size());
        for (int i = 0; i < elements.size(); i++) {
            sourceTimestamps[before + i] = watermarks.timestampOf(elements.get(i), TimestampAssigner.NO_TIMESTAMP);
        }
    }

    private void checkWindow(final int index, final WindowStep window) {
        // every record keeps the event time the source gave it (map, filter and flatMap do not change it), so these are
        // all the event times that can reach the window
        WindowTranslation.check(index, window, sourceTimestamps);
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
        } else if (step instanceof KeyedProcessStep) {
            out = keyed.get(step.input()).transform("process", ANY,
                    new FlinkKeyedProcessOperator(new FlinkKeyedProcess(((KeyedProcessStep) step).function())));
        } else if (step instanceof TimestampsStep) {
            final DataStream<Object> in = streams.get(step.input());
            out = in.assignTimestampsAndWatermarks(SourceWatermarks.of(((TimestampsStep) step).watermarks(), environment))
                    .setParallelism(in.getParallelism());
        } else if (step instanceof SinkStep) {
            sinkTo(records(step.inputs().get(0)), ((SinkStep) step).sink(), "sink");
        } else if (step instanceof UnionStep) {
            out = union((UnionStep) step);
        } else if (step instanceof TwoInputStep) {
            final TwoInputStep twoInput = (TwoInputStep) step;
            out = TwoInputTranslation.build(twoInput, records(twoInput.input(1)), records(twoInput.input(2)));
        }
        streams.add(out);
        keyed.add(keys);
    }

    /**
     * Flink's union of the streams, in the order given: the operator reading it takes the minimum
     * watermark of all their channels, as the step reading a Weir union does.
     */
    private DataStream<Object> union(final UnionStep step) {
        DataStream<Object> union = records(step.inputs().get(0));
        for (int i = 1; i < step.inputs().size(); i++) {
            union = union.union(records(step.inputs().get(i)));
        }
        return union;
    }

    /**
     * @param edge an edge of the plan
     * @return the records it reads: a step's output; for a keyBy step, the records before it, which the reading step
     *     partitions by its own key selector
     */
    private DataStream<Object> records(final PlanEdge edge) {
        final PlanStep upstream = plan.steps().get(edge.upstream());
        if (upstream instanceof KeyByStep) {
            return streams.get(upstream.input());
        }
        return streams.get(edge.upstream());
    }

    /**
     * Ends a stream in a pipeline sink: the main output's sink and each side output's sink go
     * through here. Each record, with its timestamp, goes to a Flink collect sink (parallelism 1)
     * that the client in the caller's JVM drains into the Weir sink, wherever the job runs
     * ({@link CollectedSink}); or, with sinks on tasks, to the Weir sink on the task that emits it
     * ({@link TaskSink}).
     */
    private void sinkTo(final DataStream<Object> stream, final dev.weir.runtime.sink.Sink<?> sink, final String name) {
        if (taskSinks != null) {
            // chained to the operator before it: the same task thread hands each result over as it is emitted
            final TaskSink onTask = TaskSink.of(sink);
            taskSinks.add(onTask);
            stream.sinkTo(onTask).setParallelism(stream.getParallelism()).name(name);
            return;
        }
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

    /** @return the elements instance {@code instance} of {@code parallelism} of the collection reads, in order */
    static List<Object> elementsOf(final CollectionSource<?> collection, final int instance, final int parallelism) {
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
        KeyedStream<Object, Object> in = keyed.get(step.input());
        if (WindowTranslation.guarded(step, sourceTimestamps)) {
            // the range check runs on the records before keyBy, in their order, and the same keyBy follows it
            final KeyByStep keyBy = (KeyByStep) plan.steps().get(step.input());
            final DataStream<Object> records = streams.get(keyBy.input());
            in = records.process(WindowTranslation.guard(index, step), ANY).setParallelism(records.getParallelism()).name("window range check")
                    .keyBy(new FlinkKeySelector(keyBy.keySelector()), ANY);
        }
        return WindowTranslation.build(in, index, step);
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
        } else if (step instanceof UnionStep) {
            return "union";
        } else if (step instanceof TwoInputStep) {
            return "connect";
        }
        return "sink";
    }
}
