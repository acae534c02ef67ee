package dev.weir.perf;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import java.util.List;
import java.util.function.Consumer;

/**
 * The hand-written baselines with one thread hop: the generating thread publishes each tick into a single-producer
 * Disruptor ring and a second thread busy-spins on an {@link EventPoller}, handing each tick on:
 * <ul>
 *   <li>{@link #bare}: the latency baseline, which only reports each tick's arrival: the cost of one inter-thread hop
 *       on this machine;</li>
 *   <li>{@link #aggregating}: the second throughput baseline, the best hand-written two-thread version of the job,
 *       which aggregates exactly as {@link SingleThreadAggregation} does.</li>
 * </ul>
 * When the ring is full the producer spins, yields or parks until a slot frees up, as the factory says. One instance
 * runs once.
 */
public final class DisruptorHop implements BenchmarkedPipeline<Tick> {
    private final RingBuffer<Slot> ring;
    private final EventPoller<Slot> poller;
    private final FullRing fullRing;
    private final Consumer<Tick> handler;
    private final Runnable end;
    private final Thread consumer;

    /** What the producer does while the ring is full. */
    private enum FullRing {
        /** {@code Thread.onSpinWait()} between attempts. */
        SPIN,
        /** {@code Thread.yield()} between attempts, as Weir's channels do. */
        YIELD,
        /** Disruptor's own {@code next()}, which parks. */
        PARK
    }

    /** One ring slot: a tick, or the end of input. */
    private static final class Slot {
        private Tick tick;
        private boolean end;
    }

    private DisruptorHop(final int capacity, final FullRing fullRing, final String threadName, final Consumer<Tick> handler,
            final Runnable end) {
        this.ring = RingBuffer.createSingleProducer(Slot::new, capacity, new BusySpinWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        this.fullRing = fullRing;
        this.handler = handler;
        this.end = end;
        this.consumer = new Thread(this::consume, threadName);
        this.consumer.setDaemon(true);
    }

    /**
     * @param capacity ring slots, a power of two
     * @param parkingProducer true to claim slots with {@code RingBuffer.next()} (parks while the ring is full), false to
     *     spin on {@code tryNext()} with {@code Thread.yield()}
     * @param arrivals receives each tick's arrival, on the consumer thread
     * @return the latency baseline
     */
    public static DisruptorHop bare(final int capacity, final boolean parkingProducer, final Arrivals arrivals) {
        return new DisruptorHop(capacity, parkingProducer ? FullRing.PARK : FullRing.YIELD, "bare-hop-consumer",
                tick -> arrivals.record(tick.intendedNanos()), () -> { });
    }

    /**
     * @param keyCount distinct keys
     * @param windowMillis the window size
     * @param capacity ring slots, a power of two
     * @param totals receives every window result
     * @param arrivals receives the arrival of every result a record fired, on the consumer thread
     * @return the two-thread throughput baseline (the producer spins while the ring is full)
     */
    public static DisruptorHop aggregating(final int keyCount, final long windowMillis, final int capacity, final ResultTotals totals,
            final Arrivals arrivals) {
        final TumblingCountSums windows = new TumblingCountSums(keyCount, windowMillis, totals, arrivals);
        return new DisruptorHop(capacity, FullRing.SPIN, "two-thread-aggregation", windows::add, windows::end);
    }

    @Override
    public void start() {
        consumer.start();
    }

    @Override
    public void send(final Tick tick) {
        publish(tick, false);
    }

    @Override
    public void finish() throws InterruptedException {
        publish(null, true);
        consumer.join();
    }

    @Override
    public List<Thread> threads() {
        return List.of(consumer);
    }

    private void publish(final Tick tick, final boolean last) {
        final long sequence = claim();
        final Slot slot = ring.get(sequence);
        slot.tick = tick;
        slot.end = last;
        ring.publish(sequence);
    }

    private long claim() {
        if (fullRing == FullRing.PARK) {
            return ring.next();
        }
        while (true) {
            try {
                return ring.tryNext();
            } catch (final InsufficientCapacityException full) {
                if (fullRing == FullRing.YIELD) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            }
        }
    }

    private void consume() {
        final boolean[] ended = new boolean[1];
        final EventPoller.Handler<Slot> slotHandler = (slot, sequence, endOfBatch) -> {
            if (slot.end) {
                ended[0] = true;
                return false;
            }
            handler.accept(slot.tick);
            slot.tick = null;
            return true;
        };
        try {
            while (!ended[0]) {
                if (poller.poll(slotHandler) != EventPoller.PollState.PROCESSING) {
                    Thread.onSpinWait();
                }
            }
        } catch (final Exception e) {
            throw new IllegalStateException(consumer.getName() + " failed", e);
        }
        end.run();
    }
}
