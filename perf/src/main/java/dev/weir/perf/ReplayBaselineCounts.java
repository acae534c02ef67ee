package dev.weir.perf;

/**
 * What one {@link ReplayBaseline} run read and computed. Immutable.
 *
 * @param packets packets read from the capture files
 * @param datagrams UDP datagrams among them
 * @param messages ITCH messages decoded (repeated ones not included)
 * @param skippedMessages messages skipped: repeated by their session, of an unknown type or mis-sized
 * @param trades trades printed
 * @param lateTrades trades dropped because their bar had been emitted
 * @param bars bars emitted
 * @param symbols symbols with at least one trade
 * @param openOrders orders on the book at the end
 */
public record ReplayBaselineCounts(long packets, long datagrams, long messages, long skippedMessages, long trades, long lateTrades,
        long bars, int symbols, int openOrders) {
}
