package dev.weir.plan;

/**
 * What a {@link TwoInputFunction} runs: the user function's interface, which names the Weir
 * operator it runs in and what another runtime translates it to (docs/flink.md).
 */
public enum TwoInputFunctionKind {
    /** A {@code CoMapFunction} over connected streams. */
    CO_MAP,
    /** A {@code CoFlatMapFunction} over connected streams. */
    CO_FLAT_MAP,
    /**
     * A {@code CoProcessFunction} over connected streams: without keys over non-keyed ones, with
     * the key's state and timers (but not the key) over keyed ones, whose key selectors it carries.
     */
    CO_PROCESS,
    /** A {@code KeyedCoProcessFunction} over keyed connected streams. */
    KEYED_CO_PROCESS,
    /** A {@code BroadcastProcessFunction}: a non-keyed stream connected with a broadcast stream. */
    BROADCAST_PROCESS,
    /** A {@code KeyedBroadcastProcessFunction}: a keyed stream connected with a broadcast stream. */
    KEYED_BROADCAST_PROCESS,
    /** A {@code ProcessJoinFunction} of an interval join. */
    INTERVAL_JOIN,
    /** An {@code AsOfJoinFunction} of an as-of join. */
    AS_OF_JOIN
}
