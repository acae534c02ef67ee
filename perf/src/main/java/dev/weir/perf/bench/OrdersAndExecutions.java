package dev.weir.perf.bench;

import dev.weir.perf.harness.EventFactory;
import dev.weir.pipelines.replay.EventPool;

/**
 * The input of {@code interval-join}: orders and executions, alternating, each stream out of order by up to
 * {@link BenchSettings#outOfOrdernessMillis()}. Event {@code i} has value {@code i mod 1000}, whose lowest bit is its
 * side ({@link InputSides}: even {@code i} an order, odd an execution), and event time {@code i * 1000 / pace} ms
 * plus a jitter of 0 to the bound drawn from {@code i}. Order {@code n} (event {@code 2n}) has id
 * {@code n mod keys}. The execution of event {@code 2n + 1} belongs, with probability
 * {@link BenchSettings#matchRate()}, to an order placed a drawn 0 to 100 ms of event time before it (order
 * {@code n - lag * pace / 2000}): its latency is that lag give or take the two jitters, so most such pairs fall within
 * the join's [0, 100 ms]; the other executions carry an id no order has ({@code keys + n mod keys}). Order ids come
 * back every {@code keys} orders, so with few keys an execution may also pair with a later order of the same id; the
 * ceiling and the engines compute the same pairs either way. A pure function of the index and the settings.
 *
 * <p>A pool of pre-allocated events refilled in place, ids from a table of pre-boxed ids: allocates nothing. The join
 * keeps the events it buffers (on the heap state backend, by reference), so the pool holds at least
 * {@value #MIN_POOL} events, and the join function fails loudly if one was refilled too early. Not thread-safe: used
 * by one generating thread.
 */
public final class OrdersAndExecutions implements EventFactory<BenchEvent> {
    /** The fewest events in the pool: far more than the join buffers. */
    static final int MIN_POOL = 1 << 20;

    private static final long VALUES = 1_000;
    private static final long MILLIS_PER_SECOND = 1_000;
    private static final long MILLIONTHS = 1_000_000;

    private final EventPool<BenchEvent> pool;
    private final Integer[] ids;
    private final int keys;
    private final long pace;
    private final long bound;
    private final long matchMillionths;

    /**
     * @param settings keys (order ids), event-time pace, out-of-orderness and match rate
     * @param poolSize events in the pool (rounded up to a power of two, at least {@value #MIN_POOL})
     */
    public OrdersAndExecutions(final BenchSettings settings, final int poolSize) {
        this.pool = InputPool.of(Math.max(poolSize, MIN_POOL), BenchEvent::new);
        this.keys = settings.keys();
        this.ids = new Integer[2 * keys];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = Integer.valueOf(i);
        }
        this.pace = settings.eventsPerSecondOfEventTime();
        this.bound = settings.outOfOrdernessMillis();
        this.matchMillionths = Math.round(settings.matchRate() * MILLIONTHS);
    }

    /**
     * @param index an event's index
     * @return its order id
     */
    int idOf(final long index) {
        final long order = index >> 1;
        if (InputSides.sideOf(index) == 0) {
            return (int) (order % keys);
        }
        if (Math.floorMod(InputSides.draw(index, 2), MILLIONTHS) < matchMillionths) {
            final long lagMillis = Math.floorMod(InputSides.draw(index, 3), IntervalJoinPipeline.UPPER_BOUND_MILLIS + 1);
            final long executed = order - lagMillis * pace / (2 * MILLIS_PER_SECOND);
            if (executed >= 0) {
                return (int) (executed % keys);
            }
        }
        return keys + (int) (order % keys);
    }

    /**
     * @param index an event's index
     * @return its event time in milliseconds
     */
    long eventTimeOf(final long index) {
        return index * MILLIS_PER_SECOND / pace + InputSides.jitter(index, bound);
    }

    @Override
    public BenchEvent next(final long index, final long intendedNanos) {
        return pool.next().refill(ids[idOf(index)], index % VALUES, eventTimeOf(index), intendedNanos);
    }
}
