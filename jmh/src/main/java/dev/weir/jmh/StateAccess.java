package dev.weir.jmh;

import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.state.AggregatingState;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.CountSum;
import dev.weir.state.CountSumAggregate;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroups;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.window.TimeWindow;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One keyed-state access per operation, as a keyed operator instance owning all 128 key groups
 * makes it: the current key moves round-robin over 10,000 string keys, the namespace is one
 * {@link TimeWindow}, and every key already has an entry. Compares the heap backend (the
 * baseline) with Chronicle Map behind its default cache, and behind a 64-entry cache that sends
 * every access through the map. The Chronicle forks need the {@code weir.jvm.flags} of the
 * parent pom: run through {@code jmh/run}. Not final: JMH subclasses its benchmark classes.
 */
public class StateAccess extends Microbenchmark {
    /** Keys the current key cycles through. */
    static final int KEYS = 10_000;
    /** Cache entries of {@code chronicle-uncached}: far fewer than the keys, so every access misses. */
    static final int UNCACHED_ENTRIES = 64;

    private static final int MAX_PARALLELISM = KeyGroups.DEFAULT_MAX_PARALLELISM;
    private static final Long ONE = 1L;

    /** The backend: {@code heap}, {@code chronicle} (default cache) or {@code chronicle-uncached}. */
    @Param({"heap", "chronicle", "chronicle-uncached"})
    public String backend;

    private final String[] keys = new String[KEYS];
    private final Long[] values = new Long[KEYS];
    private final TimeWindow window = new TimeWindow(0, 1_000);
    private KeyedStateBackend<String> keyedState;
    private AggregatingState<Long, CountSum> aggregate;
    private ValueState<Long> value;
    private int next;

    /** Makes the backend and its two states, and gives every key an entry in both. */
    @Setup(Level.Trial)
    public void createState() {
        keyedState = stateBackend(backend).createKeyedStateBackend(
                "state-access", 0, KeyGroups.rangeFor(MAX_PARALLELISM, 1, 0), MAX_PARALLELISM);
        aggregate = keyedState.state(new AggregatingStateDescriptor<>("aggregate", new CountSumAggregate<Long>(Long::longValue)));
        value = keyedState.state(new ValueStateDescriptor<>("value"));
        for (int k = 0; k < KEYS; k++) {
            keys[k] = "SYM" + k;
            values[k] = (long) k * 1_000;
            keyedState.setCurrentKey(keys[k]);
            aggregate.setNamespace(window);
            aggregate.add(ONE);
            value.setNamespace(window);
            value.update(values[k]);
        }
    }

    /** Releases the backend (the off-heap maps). */
    @TearDown(Level.Trial)
    public void closeState() {
        keyedState.close();
    }

    /** The per-event path of a windowed aggregate: switch key, add to the accumulator. */
    @Benchmark
    public void aggregateAdd() {
        keyedState.setCurrentKey(keys[nextKey()]);
        aggregate.setNamespace(window);
        aggregate.add(ONE);
    }

    /** @return the aggregate's result for the next key (the accumulator itself) */
    @Benchmark
    public CountSum aggregateGet() {
        keyedState.setCurrentKey(keys[nextKey()]);
        aggregate.setNamespace(window);
        return aggregate.get();
    }

    /** @return the next key's value */
    @Benchmark
    public Long valueGet() {
        keyedState.setCurrentKey(keys[nextKey()]);
        value.setNamespace(window);
        return value.value();
    }

    /** Replaces the next key's value (with a pre-boxed value, so nothing is boxed here). */
    @Benchmark
    public void valueUpdate() {
        final int k = nextKey();
        keyedState.setCurrentKey(keys[k]);
        value.setNamespace(window);
        value.update(values[k]);
    }

    private int nextKey() {
        final int k = next;
        next = k + 1 == KEYS ? 0 : k + 1;
        return k;
    }

    static StateBackend stateBackend(final String name) {
        switch (name) {
            case "heap":
                return HeapStateBackend.INSTANCE;
            case "chronicle":
                return new ChronicleStateBackend(ChronicleStateConfig.defaults());
            case "chronicle-uncached":
                return new ChronicleStateBackend(ChronicleStateConfig.defaults().withCacheEntries(UNCACHED_ENTRIES));
            default:
                throw new IllegalArgumentException(
                        "unknown backend '" + name + "': expected heap, chronicle or chronicle-uncached");
        }
    }
}
