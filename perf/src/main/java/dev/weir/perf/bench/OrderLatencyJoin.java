package dev.weir.perf.bench;

import dev.weir.operator.Collector;
import dev.weir.operator.ProcessJoinFunction;
import java.io.Serializable;

/**
 * The join function of {@code interval-join}: for an order and one of its executions, emits the order id and the
 * latency (the execution's timestamp minus the order's) in the calling thread's reused {@link OrderLatency}, so a
 * pair allocates nothing (the function is shared by every instance of the join, hence one result per thread). It
 * checks that both events still carry the timestamps the join knows them by: a pooled event the input refilled while
 * the join still held it fails the run with one message instead of joining garbage. Stateless (but for the
 * per-thread result) and thread-safe; serializable, so an engine that ships functions can run it.
 */
public final class OrderLatencyJoin implements ProcessJoinFunction<BenchEvent, BenchEvent, OrderLatency>, Serializable {
    private static final long serialVersionUID = 1L;

    private static final ThreadLocal<OrderLatency> RESULT = ThreadLocal.withInitial(OrderLatency::new);

    @Override
    public void processElement(final BenchEvent order, final BenchEvent execution, final Context ctx, final Collector<OrderLatency> out) {
        if (order.eventTimeMillis() != ctx.leftTimestamp() || execution.eventTimeMillis() != ctx.rightTimestamp()) {
            throw new IllegalStateException("interval-join: an event the join buffered was refilled by the input before the join let it"
                    + " go (order at " + ctx.leftTimestamp() + " ms now reads " + order.eventTimeMillis() + ", execution at "
                    + ctx.rightTimestamp() + " ms now reads " + execution.eventTimeMillis() + "); the input's event pool is too small");
        }
        out.collect(RESULT.get().refill(order.key(), ctx.rightTimestamp() - ctx.leftTimestamp(),
                Math.max(order.intendedNanos(), execution.intendedNanos())));
    }
}
