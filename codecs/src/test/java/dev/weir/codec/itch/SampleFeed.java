package dev.weir.codec.itch;

/** Test fixture: ITCH 5.0 messages of every decoded type, and a reader that decodes a packet's messages. */
final class SampleFeed {
    private final ItchMessageCounts counts = new ItchMessageCounts();
    private final SystemEvent systemEvent = new SystemEvent();
    private final StockDirectory stockDirectory = new StockDirectory();
    private final AddOrder addOrder = new AddOrder();
    private final OrderExecuted orderExecuted = new OrderExecuted();
    private final OrderExecutedWithPrice orderExecutedWithPrice = new OrderExecutedWithPrice();
    private final OrderCancel orderCancel = new OrderCancel();
    private final OrderDelete orderDelete = new OrderDelete();
    private final OrderReplace orderReplace = new OrderReplace();
    private final Trade trade = new Trade();
    private final CrossTrade crossTrade = new CrossTrade();
    private final BrokenTrade brokenTrade = new BrokenTrade();
    /** A sum over decoded fields, so that no read is optimised away and results can be compared. */
    private long checksum;

    /** The 12 decoded types (A and F both), with {@code reference} in their numeric fields, {@code timestamp} as time. */
    static byte[][] everyDecodedType(final long reference, final long timestamp) {
        return new byte[][] {
            new BigEndianWriter().itchHeader('S', 0, 1, timestamp).ch('Q').toBytes(),
            new BigEndianWriter().itchHeader('R', 1, 1, timestamp).alpha("AAPL", 8).ch('Q').ch('N').u32(100)
                .ch('N').ch('C').alpha("Z", 2).ch('P').ch('N').ch('N').ch('1').ch('N').u32(0).ch('N').toBytes(),
            new BigEndianWriter().itchHeader('A', 1, 1, timestamp).u64(reference).ch('B').u32(100).alpha("AAPL", 8)
                .u32(1_900_000).toBytes(),
            new BigEndianWriter().itchHeader('F', 1, 1, timestamp).u64(reference + 1).ch('S').u32(200)
                .alpha("AAPL", 8).u32(1_900_100).alpha("GSCO", 4).toBytes(),
            new BigEndianWriter().itchHeader('E', 1, 1, timestamp).u64(reference).u32(10).u64(reference).toBytes(),
            new BigEndianWriter().itchHeader('C', 1, 1, timestamp).u64(reference).u32(20).u64(reference + 1).ch('Y')
                .u32(1_899_900).toBytes(),
            new BigEndianWriter().itchHeader('X', 1, 1, timestamp).u64(reference).u32(30).toBytes(),
            new BigEndianWriter().itchHeader('U', 1, 1, timestamp).u64(reference).u64(reference + 2).u32(40)
                .u32(1_900_200).toBytes(),
            new BigEndianWriter().itchHeader('D', 1, 1, timestamp).u64(reference + 2).toBytes(),
            new BigEndianWriter().itchHeader('P', 1, 1, timestamp).u64(0).ch('B').u32(50).alpha("AAPL", 8)
                .u32(1_900_300).u64(reference + 3).toBytes(),
            new BigEndianWriter().itchHeader('Q', 1, 1, timestamp).u64(60).alpha("AAPL", 8).u32(1_900_400)
                .u64(reference + 4).ch('C').toBytes(),
            new BigEndianWriter().itchHeader('B', 1, 1, timestamp).u64(reference + 3).toBytes(),
        };
    }

    /** Classifies and decodes every message of the packet, adding decoded fields to the checksum. */
    void read(final MoldUdp64Packet packet) {
        while (packet.next()) {
            final ItchMessageType type = counts.classify(packet.buffer(), packet.messageOffset(), packet.messageLength());
            if (type != null) {
                checksum += decode(type, packet);
            }
        }
    }

    private long decode(final ItchMessageType type, final MoldUdp64Packet packet) {
        final var buffer = packet.buffer();
        final int at = packet.messageOffset();
        final int length = packet.messageLength();
        switch (type) {
            case SYSTEM_EVENT:
                return systemEvent.wrap(buffer, at, length).eventCode() + systemEvent.timestamp();
            case STOCK_DIRECTORY:
                return stockDirectory.wrap(buffer, at, length).roundLotSize() + stockDirectory.stock();
            case ADD_ORDER:
            case ADD_ORDER_WITH_MPID:
                addOrder.wrap(buffer, at, length);
                return addOrder.orderReference() + addOrder.shares() + addOrder.price() + addOrder.stock()
                    + addOrder.side() + addOrder.attribution();
            case ORDER_EXECUTED:
                return orderExecuted.wrap(buffer, at, length).executedShares() + orderExecuted.matchNumber();
            case ORDER_EXECUTED_WITH_PRICE:
                orderExecutedWithPrice.wrap(buffer, at, length);
                return orderExecutedWithPrice.executedShares() + orderExecutedWithPrice.executionPrice();
            case ORDER_CANCEL:
                return orderCancel.wrap(buffer, at, length).cancelledShares();
            case ORDER_DELETE:
                return orderDelete.wrap(buffer, at, length).orderReference();
            case ORDER_REPLACE:
                return orderReplace.wrap(buffer, at, length).newOrderReference() + orderReplace.price();
            case TRADE:
                return trade.wrap(buffer, at, length).price() + trade.matchNumber();
            case CROSS_TRADE:
                return crossTrade.wrap(buffer, at, length).crossPrice() + crossTrade.shares();
            case BROKEN_TRADE:
                return brokenTrade.wrap(buffer, at, length).matchNumber();
            default:
                return type.length(); // a known type this fixture does not decode
        }
    }

    ItchMessageCounts counts() {
        return counts;
    }

    long checksum() {
        return checksum;
    }
}
