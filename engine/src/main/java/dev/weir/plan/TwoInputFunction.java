package dev.weir.plan;

import dev.weir.operator.AsOfJoinFunction;
import dev.weir.operator.AsOfJoinOperator;
import dev.weir.operator.BroadcastProcessFunction;
import dev.weir.operator.CoBroadcastWithKeyedOperator;
import dev.weir.operator.CoBroadcastWithNonKeyedOperator;
import dev.weir.operator.CoFlatMapFunction;
import dev.weir.operator.CoFlatMapOperator;
import dev.weir.operator.CoMapFunction;
import dev.weir.operator.CoMapOperator;
import dev.weir.operator.CoProcessFunction;
import dev.weir.operator.CoProcessOperator;
import dev.weir.operator.IntervalJoinOperator;
import dev.weir.operator.KeySelector;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.operator.KeyedCoProcessOperator;
import dev.weir.operator.OutputTag;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.operator.TwoInputOperator;
import dev.weir.operator.TwoInputOperatorFactory;
import dev.weir.state.MapStateDescriptor;
import java.util.List;
import java.util.Objects;

/**
 * A two-input step's operator known by what it runs: the user function, its {@link TwoInputFunctionKind}
 * and the settings of its kind. It makes Weir's operator for each instance, and another runtime
 * reads it to translate the step ({@link TwoInputStep#function()}). Made by one factory per kind;
 * pass it as the step's operator. Immutable; the user's objects are shared, not copied.
 *
 * @param kind what the function is
 * @param function the user's function, of the kind's interface
 * @param key1 the key of input 1's records for the keyed kinds and a co-process over keyed streams, else null
 * @param key2 the key of input 2's records for the keyed kinds but the keyed broadcast one, and a co-process over
 *     keyed streams, else null
 * @param broadcastStates the broadcast stream's state descriptors for the broadcast kinds, else empty
 * @param lowerBound an interval join's lowest {@code right.ts - left.ts} (0 for other kinds)
 * @param upperBound an interval join's highest {@code right.ts - left.ts} (0 for other kinds)
 * @param lowerInclusive false when an interval join leaves its lower bound out
 * @param upperInclusive false when an interval join leaves its upper bound out
 * @param leftLateTag where an interval join sends late left records, or null
 * @param rightLateTag where an interval join sends late right records, or null
 */
public record TwoInputFunction(TwoInputFunctionKind kind, Object function, KeySelector<?, ?> key1, KeySelector<?, ?> key2,
        List<MapStateDescriptor<?, ?>> broadcastStates, long lowerBound, long upperBound, boolean lowerInclusive, boolean upperInclusive,
        OutputTag<?> leftLateTag, OutputTag<?> rightLateTag) implements TwoInputOperatorFactory<Object, Object, Object> {
    /** Checks the kind and function and copies the descriptors. */
    public TwoInputFunction {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(function, "function");
        broadcastStates = List.copyOf(broadcastStates);
    }

    /**
     * @param function maps each record of either input
     * @return a co-map
     */
    public static TwoInputFunction coMap(final CoMapFunction<?, ?, ?> function) {
        return plain(TwoInputFunctionKind.CO_MAP, function, null, null, List.of());
    }

    /**
     * @param function flat-maps each record of either input
     * @return a co-flatMap
     */
    public static TwoInputFunction coFlatMap(final CoFlatMapFunction<?, ?, ?> function) {
        return plain(TwoInputFunctionKind.CO_FLAT_MAP, function, null, null, List.of());
    }

    /**
     * @param function processes each record of either input of non-keyed connected streams
     * @return a co-process
     */
    public static TwoInputFunction coProcess(final CoProcessFunction<?, ?, ?> function) {
        return plain(TwoInputFunctionKind.CO_PROCESS, function, null, null, List.of());
    }

    /**
     * @param key1 the key of input 1's records
     * @param key2 the key of input 2's records
     * @param function processes each record and timer of keyed connected streams with the key's state
     * @return a co-process over keyed connected streams, run in the keyed co-process operator
     */
    public static TwoInputFunction coProcess(final KeySelector<?, ?> key1, final KeySelector<?, ?> key2,
            final CoProcessFunction<?, ?, ?> function) {
        return plain(TwoInputFunctionKind.CO_PROCESS, function, Objects.requireNonNull(key1, "key1"), Objects.requireNonNull(key2, "key2"),
                List.of());
    }

    /**
     * @param key1 the key of input 1's records
     * @param key2 the key of input 2's records
     * @param function processes each record and timer with keyed state
     * @return a keyed co-process
     */
    public static TwoInputFunction keyedCoProcess(final KeySelector<?, ?> key1, final KeySelector<?, ?> key2,
            final KeyedCoProcessFunction<?, ?, ?, ?> function) {
        return plain(TwoInputFunctionKind.KEYED_CO_PROCESS, function, Objects.requireNonNull(key1, "key1"),
                Objects.requireNonNull(key2, "key2"), List.of());
    }

    /**
     * @param function processes the non-keyed side and the broadcast side
     * @param broadcastStates the broadcast stream's state descriptors
     * @return a broadcast process
     */
    public static TwoInputFunction broadcastProcess(final BroadcastProcessFunction<?, ?, ?> function,
            final List<MapStateDescriptor<?, ?>> broadcastStates) {
        return plain(TwoInputFunctionKind.BROADCAST_PROCESS, function, null, null, broadcastStates);
    }

    /**
     * @param key the key of the keyed side's records (input 1)
     * @param function processes the keyed side, its timers and the broadcast side
     * @param broadcastStates the broadcast stream's state descriptors
     * @return a keyed broadcast process
     */
    public static TwoInputFunction keyedBroadcastProcess(final KeySelector<?, ?> key, final KeyedBroadcastProcessFunction<?, ?, ?, ?> function,
            final List<MapStateDescriptor<?, ?>> broadcastStates) {
        return plain(TwoInputFunctionKind.KEYED_BROADCAST_PROCESS, function, Objects.requireNonNull(key, "key"), null, broadcastStates);
    }

    /**
     * @param key1 the left records' key
     * @param key2 the right records' key
     * @param lowerBound the lowest {@code right.ts - left.ts} that joins
     * @param upperBound the highest {@code right.ts - left.ts} that joins
     * @param lowerInclusive false to leave the lower bound out
     * @param upperInclusive false to leave the upper bound out
     * @param leftLateTag where late left records go, or null to drop them
     * @param rightLateTag where late right records go, or null to drop them
     * @param function receives each joined pair
     * @return an interval join
     */
    public static TwoInputFunction intervalJoin(final KeySelector<?, ?> key1, final KeySelector<?, ?> key2, final long lowerBound,
            final long upperBound, final boolean lowerInclusive, final boolean upperInclusive, final OutputTag<?> leftLateTag,
            final OutputTag<?> rightLateTag, final ProcessJoinFunction<?, ?, ?> function) {
        return new TwoInputFunction(TwoInputFunctionKind.INTERVAL_JOIN, function, Objects.requireNonNull(key1, "key1"),
                Objects.requireNonNull(key2, "key2"), List.of(), lowerBound, upperBound, lowerInclusive, upperInclusive, leftLateTag,
                rightLateTag);
    }

    /**
     * @param key1 the left records' key
     * @param key2 the right records' key
     * @param function receives each left record with the right version current at its time, or null
     * @return an as-of join
     */
    public static TwoInputFunction asOfJoin(final KeySelector<?, ?> key1, final KeySelector<?, ?> key2,
            final AsOfJoinFunction<?, ?, ?> function) {
        return plain(TwoInputFunctionKind.AS_OF_JOIN, function, Objects.requireNonNull(key1, "key1"), Objects.requireNonNull(key2, "key2"),
                List.of());
    }

    private static TwoInputFunction plain(final TwoInputFunctionKind kind, final Object function, final KeySelector<?, ?> key1,
            final KeySelector<?, ?> key2, final List<MapStateDescriptor<?, ?>> broadcastStates) {
        return new TwoInputFunction(kind, function, key1, key2, broadcastStates, 0, 0, true, true, null, null);
    }

    /**
     * @param <IN1> the first input's record type
     * @param <IN2> the second input's record type
     * @param <OUT> the result type
     * @return this function as the step's typed operator factory, e.g. for {@code ConnectedStreams.transform}
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <IN1, IN2, OUT> TwoInputOperatorFactory<IN1, IN2, OUT> factory() {
        return (TwoInputOperatorFactory) this;
    }

    /** @return Weir's operator for the kind, running the function */
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public TwoInputOperator<Object, Object, Object> create() {
        return switch (kind) {
            case CO_MAP -> new CoMapOperator<>((CoMapFunction) function);
            case CO_FLAT_MAP -> new CoFlatMapOperator<>((CoFlatMapFunction) function);
            case CO_PROCESS -> key1 == null ? new CoProcessOperator<>((CoProcessFunction) function)
                    : KeyedCoProcessOperator.forCoProcess((KeySelector) key1, (KeySelector) key2, (CoProcessFunction) function);
            case KEYED_CO_PROCESS -> new KeyedCoProcessOperator<>((KeySelector) key1, (KeySelector) key2, (KeyedCoProcessFunction) function);
            case BROADCAST_PROCESS -> new CoBroadcastWithNonKeyedOperator<>((BroadcastProcessFunction) function, broadcastStates);
            case KEYED_BROADCAST_PROCESS -> new CoBroadcastWithKeyedOperator<>((KeySelector) key1, (KeyedBroadcastProcessFunction) function,
                    broadcastStates);
            case INTERVAL_JOIN -> new IntervalJoinOperator<>((KeySelector) key1, (KeySelector) key2, lowerBound, upperBound, lowerInclusive,
                    upperInclusive, (OutputTag) leftLateTag, (OutputTag) rightLateTag, (ProcessJoinFunction) function);
            case AS_OF_JOIN -> new AsOfJoinOperator<>((KeySelector) key1, (KeySelector) key2, (AsOfJoinFunction) function);
        };
    }
}
