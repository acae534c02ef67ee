package dev.weir.pipelines.replay;

import dev.weir.api.DataStream;
import dev.weir.state.AggregateFunction;
import dev.weir.window.TumblingEventTimeWindows;

/**
 * A replay job for tests: per destination port, datagrams and payload bytes in 20 ms tumbling windows of capture
 * time. Its decoder takes pooled events, as every replay decoder must.
 */
class PortTraffic implements ReplayJob<PortTraffic.Seen> {
    /** One datagram: its destination port (interned) and payload length. */
    static final class Seen {
        Integer port;
        int bytes;
    }

    /** Datagrams and bytes of one window. */
    static final class Totals {
        int port;
        long datagrams;
        long bytes;
    }

    @Override
    public String name() {
        return "port-traffic";
    }

    @Override
    public String description() {
        return "datagrams and payload bytes per destination port in 20 ms windows";
    }

    @Override
    public RowSchema schema() {
        return RowSchema.of("port", "window_start", "datagrams", "bytes");
    }

    @Override
    public PayloadDecoder<Seen> decoder(final ReplayContext context) {
        final EventPool<Seen> pool = new EventPool<>(context.eventPoolSize(), Seen::new);
        final Integer[] ports = new Integer[65536];
        return (datagram, events) -> {
            final Seen seen = pool.next();
            final int port = datagram.ip().destinationPort();
            if (ports[port] == null) {
                ports[port] = port;
            }
            seen.port = ports[port];
            seen.bytes = datagram.payloadLength();
            events.emit(seen, datagram.captureTimeMillis());
        };
    }

    @Override
    public DataStream<? extends ResultRow> results(final DataStream<Seen> events, final ReplayContext context) {
        return events.keyBy(seen -> seen.port)
                .window(TumblingEventTimeWindows.<Seen>of(20))
                .aggregate(new AggregateFunction<Seen, Totals, Totals>() {
                    @Override
                    public Totals createAccumulator() {
                        return new Totals();
                    }

                    @Override
                    public Totals add(final Seen value, final Totals totals) {
                        totals.port = value.port;
                        totals.datagrams++;
                        totals.bytes += value.bytes;
                        return totals;
                    }

                    @Override
                    public Totals getResult(final Totals totals) {
                        return totals;
                    }

                    @Override
                    public Totals merge(final Totals a, final Totals b) {
                        a.datagrams += b.datagrams;
                        a.bytes += b.bytes;
                        return a;
                    }
                }, (key, ctx, totals, out) -> {
                    for (final Totals t : totals) {
                        out.collect((ResultRow) row -> row.number(t.port).number(ctx.window().start()).number(t.datagrams).number(t.bytes));
                    }
                });
    }
}
