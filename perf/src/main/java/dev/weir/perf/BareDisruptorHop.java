package dev.weir.perf;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import java.util.List;

/**
 * The latency baseline: the generating thread publishes each tick into a single-producer
 * Disruptor ring, a second thread busy-spins on an {@link EventPoller} and records the
 * latency. Nothing else: the cost of one inter-thread hop on this machine. When the ring is
 * full the producer yields until a slot frees up (as Weir's channels do), or, with
 * {@code parkingProducer}, waits in Disruptor's own {@code next()}, which parks.
 */
public final class BareDisruptorHop implements LatencyTarget {
    private final RingBuffer<Slot> ring;
    private final EventPoller<Slot> poller;
    private final LatencyRecorder recorder;
    private final Thread consumer;
    private final boolean parkingProducer;

    /** One ring slot: the tick, or the end of input. */
    private static final class Slot {
        private Tick tick;
        private boolean end;
    }

    /**
     * @param capacity ring slots, a power of two
     * @param clock the clock latencies are measured on
     * @param parkingProducer true to claim slots with {@code RingBuffer.next()} (parks while
     *     the ring is full), false to spin on {@code tryNext()} with {@code Thread.yield()}
     */
    public BareDisruptorHop(final int capacity, final NanoClock clock, final boolean parkingProducer) {
        this.parkingProducer = parkingProducer;
        this.ring = RingBuffer.createSingleProducer(Slot::new, capacity, new BusySpinWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        this.recorder = new LatencyRecorder(clock);
        this.consumer = new Thread(this::consume, "bare-hop-consumer");
        this.consumer.setDaemon(true);
    }

    private void consume() {
        final boolean[] ended = new boolean[1];
        final EventPoller.Handler<Slot> handler = (slot, sequence, endOfBatch) -> {
            if (slot.end) {
                ended[0] = true;
                return false;
            }
            recorder.record(slot.tick);
            slot.tick = null;
            return true;
        };
        try {
            while (!ended[0]) {
                if (poller.poll(handler) != EventPoller.PollState.PROCESSING) {
                    Thread.onSpinWait();
                }
            }
        } catch (final Exception e) {
            throw new IllegalStateException("bare hop consumer failed", e);
        }
    }

    @Override
    public String name() {
        return parkingProducer ? "bare Disruptor hop (busy-spin poller, parking producer)" : "bare Disruptor hop (busy-spin poller)";
    }

    private long claim() {
        if (parkingProducer) {
            return ring.next();
        }
        while (true) {
            try {
                return ring.tryNext();
            } catch (final InsufficientCapacityException full) {
                Thread.yield();
            }
        }
    }

    @Override
    public void start() {
        consumer.start();
    }

    @Override
    public void send(final Tick tick, final long eventTimeMillis) {
        final long sequence = claim();
        final Slot slot = ring.get(sequence);
        slot.tick = tick;
        slot.end = false;
        ring.publish(sequence);
    }

    @Override
    public void finish() throws InterruptedException {
        final long sequence = claim();
        final Slot slot = ring.get(sequence);
        slot.tick = null;
        slot.end = true;
        ring.publish(sequence);
        consumer.join();
    }

    @Override
    public List<Thread> consumerThreads() {
        return List.of(consumer);
    }

    @Override
    public LatencyRecorder recorder() {
        return recorder;
    }
}
