package dev.weir.flink.state;

import static dev.weir.flink.PipelineFunctions.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.PipelineSink;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SinkBoard;
import dev.weir.state.AggregatingState;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ReducingState;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.KeyedStateStore;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.triggers.TriggerResult;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

/**
 * Weir keyed state on Flink keyed state (docs/flink.md, "Keyed state on Flink"): each state type
 * updated, read and cleared per key through a Flink runtime context, per window through a
 * trigger context, per key through a process window function's global state, on the module's
 * {@link SharedMiniCluster} at parallelism 2; and Weir's format as Flink's serializer.
 */
class FlinkStateBindingTest {
    private static final ValueStateDescriptor<String> VALUE = new ValueStateDescriptor<>("value");
    private static final ListStateDescriptor<Long> LIST = new ListStateDescriptor<>("list");
    private static final ReducingStateDescriptor<Long> SUM = new ReducingStateDescriptor<>("sum", Long::sum);
    private static final AggregatingStateDescriptor<String, long[], String> COUNT_AND_SUM =
            new AggregatingStateDescriptor<>("count-and-sum", new PipelineFunctions.CountAndSum());
    private static final ReducingStateDescriptor<Long> COUNT = new ReducingStateDescriptor<>("count", Long::sum);
    private static final ValueStateDescriptor<Long> FIRINGS = new ValueStateDescriptor<>("firings");
    private static final KeySelector<String, String> KEY = (KeySelector<String, String> & Serializable) line -> field(line, 0);

    @Test
    void eachStateTypeIsUpdatedReadAndClearedPerKey() throws Exception {
        // key,timestamp,value,operation
        final List<String> lines = onFlink(environment -> environment.fromData(List.of(
                        "a,0,1,value", "b,0,10,value", "a,0,2,add-list", "c,0,0,clear-value", "a,0,3,reduce", "b,0,20,reduce",
                        "a,0,4,aggregate", "b,0,30,aggregate", "a,0,5,reduce", "c,0,1,add-list", "a,0,6,aggregate", "a,0,7,add-list",
                        "b,0,40,value", "a,0,0,clear-value", "a,0,8,replace-list", "a,0,0,clear-reduce", "a,0,0,clear-aggregate",
                        "a,0,0,clear-list"), Types.STRING)
                .keyBy(KEY).process(new StateScript(), Types.STRING));
        final Map<String, List<String>> byKey = new TreeMap<>();
        for (final String line : lines) {
            byKey.computeIfAbsent(line.substring(0, 1), k -> new ArrayList<>()).add(line);
        }
        assertEquals(List.of(
                "a value 1: value=1 list=null sum=null aggregate=null",
                "a add-list 2: value=1 list=[2] sum=null aggregate=null",
                "a reduce 3: value=1 list=[2] sum=3 aggregate=null",
                "a aggregate 4: value=1 list=[2] sum=3 aggregate=count=1 sum=4",
                "a reduce 5: value=1 list=[2] sum=8 aggregate=count=1 sum=4",
                "a aggregate 6: value=1 list=[2] sum=8 aggregate=count=2 sum=10",
                "a add-list 7: value=1 list=[2, 7] sum=8 aggregate=count=2 sum=10",
                "a clear-value 0: value=null list=[2, 7] sum=8 aggregate=count=2 sum=10",
                "a replace-list 8: value=null list=[8, 9] sum=8 aggregate=count=2 sum=10",
                "a clear-reduce 0: value=null list=[8, 9] sum=null aggregate=count=2 sum=10",
                "a clear-aggregate 0: value=null list=[8, 9] sum=null aggregate=null",
                "a clear-list 0: value=null list=null sum=null aggregate=null"), byKey.get("a"));
        assertEquals(List.of(
                "b value 10: value=10 list=null sum=null aggregate=null",
                "b reduce 20: value=10 list=null sum=20 aggregate=null",
                "b aggregate 30: value=10 list=null sum=20 aggregate=count=1 sum=30",
                "b value 40: value=40 list=null sum=20 aggregate=count=1 sum=30"), byKey.get("b"));
        assertEquals(List.of(
                "c clear-value 0: value=null list=null sum=null aggregate=null",
                "c add-list 1: value=null list=[1] sum=null aggregate=null"), byKey.get("c"));
    }

    @Test
    void aTriggersStateIsPerKeyAndWindowAndAProcessWindowFunctionsGlobalStatePerKey() throws Exception {
        // a window fires at its second record (a Weir reducing state in the trigger's context), and the
        // window function counts the firings of its key (a Weir value state in Flink's global state)
        final List<String> lines = onFlink(environment -> environment.fromData(List.of(
                        "a,100,1", "a,1100,2", "b,150,3", "a,200,4", "b,1500,5", "a,1200,6", "b,900,7", "a,300,8", "a,400,9"), Types.STRING)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>noWatermarks()
                        .withTimestampAssigner((SerializableTimestampAssigner<String>) (line, previous) -> Long.parseLong(field(line, 1))))
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(java.time.Duration.ofSeconds(1)))
                .trigger(new EverySecondRecord())
                .process(new CountedFirings(), Types.STRING));
        Collections.sort(lines);
        // a's [0,1000) fires at 200 and at 400 (its count cleared after each firing), a's [1000,2000) at 1200,
        // b's [0,1000) at 900; b's [1000,2000) holds one record and never fires
        assertEquals(List.of("a [0,1000) [1, 4, 8, 9] firing 3", "a [0,1000) [1, 4] firing 1", "a [1000,2000) [2, 6] firing 2",
                "b [0,1000) [3, 7] firing 1"), lines);
    }

    @Test
    void namespacesAreSetAndMergedThroughFlinksInternalStateWhereFlinkHandsItOut() throws Exception {
        final List<String> lines = onFlink(environment -> environment.fromData(List.of("a,0,1,-", "b,0,10,-"), Types.STRING)
                .keyBy(KEY).process(new NamespaceScript(), Types.STRING));
        Collections.sort(lines);
        // a runtime context hands out its reducing state as it is, but wraps its list state, whose namespace stays Flink's
        assertEquals(List.of(
                "a: w1=3 w2=null default=5 list: this Flink state (UserFacingListState) takes its namespace from Flink's operator;"
                        + " it cannot be set",
                "b: w1=30 w2=null default=14 list: this Flink state (UserFacingListState) takes its namespace from Flink's operator;"
                        + " it cannot be set"), lines);
    }

    @Test
    void weirsFormatWritesAndCopiesStateValuesForFlink() throws Exception {
        final TypeSerializer<Object> serializer = new WeirStateSerializer();
        for (final Object value : Arrays.asList("text", 42L, 7, 2.5, new long[] {3, 4}, List.of("x", "y"), new PipelineFunctions.CountAndSum(),
                null)) {
            final DataOutputSerializer out = new DataOutputSerializer(64);
            serializer.serialize(value, out);
            final Object read = serializer.deserialize(new DataInputDeserializer(out.getSharedBuffer(), 0, out.length()));
            final Object copied = serializer.copy(value);
            assertEquals(describe(value), describe(read));
            assertEquals(describe(value), describe(copied));
            if (value instanceof long[]) {
                assertNotSame(value, copied);
            }
            final DataOutputSerializer copiedBytes = new DataOutputSerializer(64);
            serializer.copy(new DataInputDeserializer(out.getSharedBuffer(), 0, out.length()), copiedBytes);
            assertEquals(Arrays.toString(out.getCopyOfBuffer()), Arrays.toString(copiedBytes.getCopyOfBuffer()));
        }
        final TypeSerializerSnapshot<Object> snapshot = serializer.snapshotConfiguration();
        final DataOutputSerializer written = new DataOutputSerializer(64);
        TypeSerializerSnapshot.writeVersionedSnapshot(written, snapshot);
        final TypeSerializerSnapshot<Object> restored = TypeSerializerSnapshot.readVersionedSnapshot(
                new DataInputDeserializer(written.getCopyOfBuffer()), getClass().getClassLoader());
        assertEquals(serializer, restored.restoreSerializer());
        assertNotSame(serializer, serializer.duplicate());
    }

    @Test
    void aDescriptorOfAnotherKindOrANameUsedWithAnotherKindIsRefused() {
        final IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> FlinkStateBinding.flinkDescriptorOf(new dev.weir.state.StateDescriptor<ValueState<String>>("custom") {
                    @Override
                    protected ValueState<String> createIn(final dev.weir.state.KeyedStateBackend<?> backend) {
                        return backend.createValueState(name());
                    }
                }));
        assertEquals("state 'custom' has a descriptor of kind dev.weir.flink.state.FlinkStateBindingTest$1; value, list, reducing and"
                + " aggregating state are bound to Flink's", other.getMessage());
        // a store that answers only the value state asked for first (with no state: the refusal comes before any fetch)
        final KeyedStateStore store = (KeyedStateStore) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {KeyedStateStore.class},
                (proxy, method, arguments) -> {
                    if (method.getName().equals("getState")) {
                        return null;
                    }
                    throw new AssertionError("not asked for: " + method);
                });
        final FlinkStateBinding binding = FlinkStateBinding.of(store);
        binding.state(new ValueStateDescriptor<String>("shared"));
        final IllegalArgumentException reused = assertThrows(IllegalArgumentException.class,
                () -> binding.state(new ListStateDescriptor<String>("shared")));
        assertEquals("state 'shared' is a ValueStateDescriptor already; it cannot also be a ListStateDescriptor", reused.getMessage());
    }

    private static String describe(final Object value) {
        if (value instanceof long[]) {
            return Arrays.toString((long[]) value);
        }
        return value instanceof PipelineFunctions.CountAndSum ? "CountAndSum" : String.valueOf(value);
    }

    /** Builds a job on the environment ending in the stream whose records are collected. */
    private interface Job {
        DataStream<String> build(StreamExecutionEnvironment environment);
    }

    private static List<String> onFlink(final Job job) throws Exception {
        final URI rest = SharedMiniCluster.rest();
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        final String sinkId = SinkBoard.register((dev.weir.runtime.sink.Sink<Object>) (value, timestamp) -> results.add(String.valueOf(value)));
        try (StreamExecutionEnvironment environment = StreamExecutionEnvironment.createRemoteEnvironment(rest.getHost(), rest.getPort())) {
            environment.setParallelism(2);
            @SuppressWarnings("unchecked")
            final DataStream<Object> lines = (DataStream<Object>) (DataStream<?>) job.build(environment);
            lines.sinkTo(new PipelineSink(sinkId)).setParallelism(1);
            environment.execute("state-binding");
        } finally {
            SinkBoard.remove(sinkId);
        }
        return new ArrayList<>(results);
    }

    /** Does each record's operation on the Weir states of its key and prints what all four read afterwards. */
    private static final class StateScript extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private transient FlinkStateBinding states;

        @Override
        public void open(final org.apache.flink.api.common.functions.OpenContext context) {
            states = FlinkStateBinding.of(getRuntimeContext());
        }

        @Override
        public void processElement(final String line, final Context ctx, final Collector<String> out) {
            final ValueState<String> value = states.state(VALUE);
            final ListState<Long> list = states.state(LIST);
            final ReducingState<Long> sum = states.state(SUM);
            final AggregatingState<String, String> countAndSum = states.state(COUNT_AND_SUM);
            final String operation = field(line, 3);
            final long number = Long.parseLong(field(line, 2));
            switch (operation) {
                case "value" -> value.update(String.valueOf(number));
                case "add-list" -> list.add(number);
                case "replace-list" -> list.update(List.of(number, number + 1));
                case "reduce" -> sum.add(number);
                case "aggregate" -> countAndSum.add(line);
                case "clear-value" -> value.clear();
                case "clear-list" -> list.clear();
                case "clear-reduce" -> sum.clear();
                case "clear-aggregate" -> countAndSum.clear();
                default -> throw new IllegalArgumentException(operation);
            }
            out.collect(ctx.getCurrentKey() + " " + operation + " " + number + ": value=" + value.value() + " list=" + list.get()
                    + " sum=" + sum.get() + " aggregate=" + countAndSum.get());
        }
    }

    /**
     * Adds the value in namespace {@code w1} and twice it in {@code w2}, merges {@code w2} into
     * {@code w1}, then adds the value plus 4 in Weir's void namespace, which is Flink's default one.
     */
    private static final class NamespaceScript extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private transient FlinkStateBinding states;

        @Override
        public void open(final org.apache.flink.api.common.functions.OpenContext context) {
            states = FlinkStateBinding.of(getRuntimeContext());
        }

        @Override
        public void processElement(final String line, final Context ctx, final Collector<String> out) {
            final long value = Long.parseLong(field(line, 2));
            final ReducingState<Long> sum = states.state(SUM);
            sum.setNamespace("w1");
            sum.add(value);
            sum.setNamespace("w2");
            sum.add(2 * value);
            sum.mergeNamespaces("w1", List.of("w2"));
            sum.setNamespace("w1");
            final Long merged = sum.get();
            sum.setNamespace("w2");
            final Long source = sum.get();
            sum.setNamespace(dev.weir.state.VoidNamespace.INSTANCE);
            sum.add(value + 4);
            String list;
            try {
                states.state(LIST).setNamespace("w1");
                list = "set";
            } catch (final UnsupportedOperationException refused) {
                list = refused.getMessage();
            }
            out.collect(ctx.getCurrentKey() + ": w1=" + merged + " w2=" + source + " default=" + states.state(SUM).get() + " list: " + list);
        }
    }

    /** Fires a window at every second record of its key, counting in a Weir reducing state of the trigger's context. */
    private static final class EverySecondRecord extends Trigger<Object, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public TriggerResult onElement(final Object element, final long timestamp, final TimeWindow window, final TriggerContext ctx) {
            final ReducingState<Long> count = FlinkStateBinding.of(ctx).state(COUNT);
            count.add(1L);
            if (count.get() == 2) {
                count.clear();
                return TriggerResult.FIRE;
            }
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(final TimeWindow window, final TriggerContext ctx) {
            FlinkStateBinding.of(ctx).state(COUNT).clear();
        }
    }

    /** Prints a window's values and how many times windows of its key have fired, counted in a Weir value state of Flink's global state. */
    private static final class CountedFirings extends ProcessWindowFunction<String, String, String, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(final String key, final Context context, final Iterable<String> elements, final Collector<String> out) {
            final ValueState<Long> firings = FlinkStateBinding.of(context.globalState()).state(FIRINGS);
            final long count = firings.value() == null ? 1 : firings.value() + 1;
            firings.update(count);
            final List<Long> values = new ArrayList<>();
            elements.forEach(line -> values.add(Long.parseLong(field(line, 2))));
            Collections.sort(values);
            out.collect(key + " [" + context.window().getStart() + "," + context.window().getEnd() + ") " + values + " firing " + count);
        }
    }
}
