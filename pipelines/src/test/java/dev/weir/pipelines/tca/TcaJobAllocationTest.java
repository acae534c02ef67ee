package dev.weir.pipelines.tca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.pipelines.trades.SymbolKey;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The whole {@code tca} pipeline ({@link TcaJob#rows}: top of book, the filters, the as-of join) in steady state on the
 * deterministic scheduler, with the stamps and watermarks of {@link TcaJob#watermarks}: messages behind the top of 10
 * stocks, with the join's watermarks moving on, allocate nothing per message; the trades, one at the end, come out as
 * the plain loop's rows.
 */
@Tag("allocation")
class TcaJobAllocationTest {
    private static final int EVENTS = 300_000;
    private static final int STOCKS = 10;

    @Test
    void messagesBehindTheTopAllocateNothingThroughTheJoin() {
        final StreamPipeline pipeline = StreamPipeline.named("tca").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<OrderEvent> orders = pipeline.publisher("orders");
        final long[] rows = new long[1];
        final Sink<TcaRow> sink = (row, timestamp) -> rows[0]++;
        final VirtualClock clock = new VirtualClock(0);
        TcaJob.rows(pipeline.from(orders, new TcaJob().watermarks(null, clock))).sink(sink);
        final SymbolKey[] stocks = new SymbolKey[STOCKS];
        for (int i = 0; i < STOCKS; i++) {
            stocks[i] = new SymbolKey(0x2020_2020_2020_2041L + i);
        }
        final TcaLoop loop = new TcaLoop();
        final OrderEvent event = new OrderEvent();
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        long before = 0;
        long after;
        long index = 0;
        long now = 0;
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            for (int i = 0; i < STOCKS; i++) {
                publish(orders, loop, event.set(ItchMessageType.ADD_ORDER, stocks[i], 1 + i, 0, 'B', 1_000_000, 100, true, 1)
                        .index(index++));
                publish(orders, loop, event.set(ItchMessageType.ADD_ORDER, stocks[i], 100 + i, 0, 'S', 1_000_100, 100, true, 1)
                        .index(index++));
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
                orders.publish(event.set(ItchMessageType.ADD_ORDER, stock, reference, 0, bid ? 'B' : 'S', price, 300, true, i)
                        .index(index++), 0);
                orders.publish(event.set(ItchMessageType.ORDER_CANCEL, stock, reference, 0, ' ', 0, 100, true, i).index(index++), 0);
                orders.publish(event.set(ItchMessageType.ORDER_DELETE, stock, reference, 0, ' ', 0, 0, true, i).index(index++), 0);
                if (i % 3_000 == 0) {
                    now += 200;
                    running.advanceTo(now); // the periodic watermarks of both join inputs move on
                }
            }
            after = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < STOCKS; i++) {
                publish(orders, loop, event.set(ItchMessageType.ORDER_EXECUTED, stocks[i], 1 + i, 0, ' ', 0, 50, true, 2).index(index++));
            }
            orders.end();
            running.runToEnd();
        }
        final double bytes = (after - before) / (double) (EVENTS / 2);
        assertTrue(bytes < 0.1, bytes + " bytes per message");
        assertEquals(STOCKS, loop.rows().size());
        assertEquals(STOCKS, rows[0], "a row per trade");
    }

    private static void publish(final Publisher<OrderEvent> orders, final TcaLoop loop, final OrderEvent event) {
        loop.accept(event);
        orders.publish(event, 0);
    }
}
