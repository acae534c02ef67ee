package dev.weir.pipelines.generate;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.agrona.DirectBuffer;

/**
 * Generates a NASDAQ TotalView-ITCH 5.0 session over MoldUDP64, reproducibly from a seed: consistent order flow on a
 * book of resting orders, packed into UDP datagrams and timed as a feed sends them.
 *
 * <p>The session ({@code 0000000001}, sequence numbers from 1) starts at 09:30:00.000 with system event {@code O},
 * one stock directory message {@code R} per symbol (stock locates 1, 2, ... in order; real tickers first, padded
 * to 8 bytes), system events {@code S} and {@code Q}; these packets are never left out. The order flow follows:
 * adds {@code A} and, attributed to a participant, {@code F}, near each stock's mid price; executions of resting
 * orders, whole or in part, at their price ({@code E}) or a tick better ({@code C}, one in seven not printable,
 * {@code N}); partial cancels {@code X}; deletes {@code D}; replaces {@code U} (a new reference, shares and
 * price); hidden trades {@code P}; intraday and halt crosses {@code Q}; broken trades {@code B} of recent
 * executions; and a few messages of types {@code H Y L I N} as type, header and length only. Only live orders are
 * executed, cancelled, deleted or replaced; order references grow, match numbers count from 1. The first stocks are
 * the most active. The session ends with system events {@code M}, {@code E}, {@code C} and an end-of-session
 * packet.
 *
 * <p>Timestamps (nanoseconds since midnight) never decrease: messages come in bursts microseconds apart, at the
 * given rate on average. A packet holds the messages of a burst, up to 1,400 payload bytes, and is sent at its
 * last message's time; a second without packets brings a heartbeat. Capture times are 2026-11-30 (UTC) plus the
 * send time, later for delayed packets ({@link ItchTrafficOptions#disorderMillis()}), and datagrams reach the sink
 * in capture-time order. Packets left out ({@link ItchTrafficOptions#gaps()}) are chosen from the order flow, none
 * next to another, so a receiver sees exactly that many gaps; choosing them generates the session twice.
 *
 * <p>Memory stays bounded whatever the number of messages: one packet buffer, a book of at most 100 orders a
 * stock, and the delayed packets. Not thread-safe; each {@link #generate} call is independent.
 */
public final class ItchTrafficGenerator {
    private final ItchTrafficOptions options;

    /** @param options what to generate */
    public ItchTrafficGenerator(final ItchTrafficOptions options) {
        this.options = options;
    }

    /**
     * Generates the session into the sink.
     *
     * @param sink takes the datagrams in capture-time order
     * @return what was sent
     * @throws IllegalArgumentException if the session has too few packets for the gaps asked for, naming {@code gaps}
     */
    public ItchTrafficSummary generate(final DatagramSink sink) {
        return new ItchDay(options, options.gaps() > 0 ? droppedPackets() : new long[0], sink).run();
    }

    /** Runs the session once without a sink to count its packets, then picks those to leave out. */
    private long[] droppedPackets() {
        final ItchDay trial = new ItchDay(options, new long[0], ItchTrafficGenerator::discard);
        trial.run();
        // packets after the directory's and before the last, which holds the end of the messages
        final long first = trial.directoryPackets() + 1;
        final long candidates = trial.messagePackets() - first;
        final int gaps = options.gaps();
        if (candidates - (gaps - 1) < gaps) {
            throw new IllegalArgumentException("gaps: " + gaps + " gaps need " + (2L * gaps - 1) + " packets of order flow, the "
                    + options.messages() + " messages make " + Math.max(0, candidates) + "; generate more messages or fewer gaps");
        }
        // n non-adjacent packets: n distinct values of [0, candidates - n + 1), sorted, the i-th moved up by i
        final SplittableRandom random = new SplittableRandom(options.seed() ^ 0x5DEECE66DL);
        final long range = candidates - gaps + 1;
        final Set<Long> chosen = new HashSet<>();
        for (long j = range - gaps; j < range; j++) {
            final long pick = random.nextLong(j + 1);
            chosen.add(chosen.contains(pick) ? j : pick);
        }
        final long[] dropped = chosen.stream().mapToLong(Long::longValue).sorted().toArray();
        for (int i = 0; i < dropped.length; i++) {
            dropped[i] += first + i;
        }
        return dropped;
    }

    private static void discard(final long timestampNanos, final int sourceAddress, final int sourcePort, final int destinationAddress,
            final int destinationPort, final DirectBuffer payload, final int offset, final int length) {
        // the trial run only counts packets
    }
}
