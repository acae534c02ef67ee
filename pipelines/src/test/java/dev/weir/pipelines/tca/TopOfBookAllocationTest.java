package dev.weir.pipelines.tca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.operator.KeySelector;
import dev.weir.pipelines.trades.SymbolKey;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.WatermarkStrategy;
import java.io.Serializable;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link TopOfBook} in steady state, on the deterministic scheduler (every task on this thread, so the thread's
 * allocated-bytes counter sees them all): orders added, cancelled in part and deleted behind the best bid and ask of
 * 10 stocks allocate nothing per message; only a change of the top allocates, its {@link Quote} (and a trade its
 * {@link TcaTrade}).
 */
@Tag("allocation")
class TopOfBookAllocationTest {
    private static final int EVENTS = 300_000;
    private static final int STOCKS = 10;

    @Test
    void messagesBehindTheTopAllocateNothing() {
        final StreamPipeline pipeline = StreamPipeline.named("top-of-book").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<OrderEvent> orders = pipeline.publisher("orders");
        final long[] quotes = new long[1];
        final Sink<BookPrint> sink = (quote, timestamp) -> quotes[0]++;
        pipeline.from(orders, WatermarkStrategy.explicit())
                .keyBy((KeySelector<OrderEvent, SymbolKey> & Serializable) OrderEvent::symbol)
                .process(new TopOfBook())
                .sink(sink);
        final SymbolKey[] stocks = new SymbolKey[STOCKS];
        for (int i = 0; i < STOCKS; i++) {
            stocks[i] = new SymbolKey(0x2020_2020_2020_2041L + i);
        }
        final OrderEvent event = new OrderEvent();
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        long before = 0;
        long after;
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            for (int i = 0; i < STOCKS; i++) {
                orders.publish(event.set(ItchMessageType.ADD_ORDER, stocks[i], 1 + i, 0, 'B', 1_000_000, 100, true, 1), 0);
                orders.publish(event.set(ItchMessageType.ADD_ORDER, stocks[i], 100 + i, 0, 'S', 1_000_100, 100, true, 1), 0);
            }
            long reference = 1_000;
            for (int i = 0; i < EVENTS; i += 3) {
                if (i >= EVENTS / 2 && before == 0) {
                    before = threads.getThreadAllocatedBytes(thread);
                }
                final SymbolKey stock = stocks[i / 3 % STOCKS];
                final boolean bid = i / 3 % 2 == 0;
                final long price = bid ? 999_000 - i / 3 % 7 * 100 : 1_001_000 + i / 3 % 7 * 100;
                reference++;
                orders.publish(event.set(ItchMessageType.ADD_ORDER, stock, reference, 0, bid ? 'B' : 'S', price, 300, true, i), 0);
                orders.publish(event.set(ItchMessageType.ORDER_CANCEL, stock, reference, 0, ' ', 0, 100, true, i), 0);
                orders.publish(event.set(ItchMessageType.ORDER_DELETE, stock, reference, 0, ' ', 0, 0, true, i), 0);
            }
            after = threads.getThreadAllocatedBytes(thread);
            orders.end();
            running.runToEnd();
        }
        final double bytes = (after - before) / (double) (EVENTS / 2);
        assertTrue(bytes < 0.1, bytes + " bytes per message");
        assertEquals(2 * STOCKS, quotes[0]); // one per add of the first orders; none after
    }
}
