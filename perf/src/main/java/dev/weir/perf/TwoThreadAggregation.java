package dev.weir.perf;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * The second throughput baseline: the best hand-written two-thread version of the job. The
 * calling thread generates the ticks and publishes each (with its timestamp) into a
 * single-producer Disruptor ring; a busy-spinning consumer thread aggregates them exactly as
 * {@link SingleThreadAggregation} does. It shows what one inter-thread hop per record costs
 * on this machine, whatever the engine around it. One instance runs once.
 */
public final class TwoThreadAggregation {
    private final TickPool pool;
    private final long eventsPerMilli;
    private final long windowMillis;
    private final RingBuffer<Slot> ring;
    private final EventPoller<Slot> poller;
    private final Long2ObjectHashMap<CountSum> windows;

    /** One ring slot: a tick and its timestamp, or the end of input. */
    private static final class Slot {
        private Tick tick;
        private long timestamp;
        private boolean end;
    }

    /**
     * @param pool the ticks to generate
     * @param recordsPerWindow records per window of event time
     * @param windowMillis the window size
     * @param capacity ring slots, a power of two
     */
    public TwoThreadAggregation(final TickPool pool, final long recordsPerWindow, final long windowMillis, final int capacity) {
        this.pool = pool;
        this.eventsPerMilli = recordsPerWindow / windowMillis;
        this.windowMillis = windowMillis;
        this.ring = RingBuffer.createSingleProducer(Slot::new, capacity, new BusySpinWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        this.windows = new Long2ObjectHashMap<>(pool.keyCount() * 2, 0.65f);
    }

    /**
     * Publishes {@code records} ticks flat out and waits until the consumer has fired the last window.
     *
     * @param records ticks to generate
     * @param totals receives every window result
     * @throws InterruptedException if interrupted while waiting for the consumer
     */
    public void run(final long records, final ResultTotals totals) throws InterruptedException {
        final Thread consumer = new Thread(() -> consume(totals), "two-thread-aggregation");
        consumer.setDaemon(true);
        consumer.start();
        for (long i = 0; i < records; i++) {
            final long sequence = claim();
            final Slot slot = ring.get(sequence);
            slot.tick = pool.next(i, 0, true);
            slot.timestamp = i / eventsPerMilli;
            slot.end = false;
            ring.publish(sequence);
        }
        final long sequence = claim();
        ring.get(sequence).end = true;
        ring.publish(sequence);
        consumer.join();
    }

    private long claim() {
        while (true) {
            try {
                return ring.tryNext();
            } catch (final InsufficientCapacityException full) {
                Thread.onSpinWait();
            }
        }
    }

    private void consume(final ResultTotals totals) {
        final long[] openWindowEnd = {Long.MIN_VALUE};
        final boolean[] ended = new boolean[1];
        final EventPoller.Handler<Slot> handler = (slot, sequence, endOfBatch) -> {
            if (slot.end) {
                ended[0] = true;
                return false;
            }
            final Tick tick = slot.tick;
            final long timestamp = slot.timestamp;
            slot.tick = null;
            if (timestamp >= openWindowEnd[0]) {
                fire(totals);
                openWindowEnd[0] = timestamp - timestamp % windowMillis + windowMillis;
            }
            final long key = (timestamp / windowMillis) << 32 | tick.keyIndex();
            CountSum accumulator = windows.get(key);
            if (accumulator == null) {
                accumulator = new CountSum();
                windows.put(key, accumulator);
            }
            accumulator.add(tick.price());
            return true;
        };
        try {
            while (!ended[0]) {
                if (poller.poll(handler) != EventPoller.PollState.PROCESSING) {
                    Thread.onSpinWait();
                }
            }
        } catch (final Exception e) {
            throw new IllegalStateException("two-thread aggregation consumer failed", e);
        }
        fire(totals);
    }

    private void fire(final ResultTotals totals) {
        for (final CountSum result : windows.values()) {
            totals.add(result);
        }
        windows.clear();
    }
}
