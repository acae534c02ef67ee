package dev.weir.codec.itch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** Each decoder against a message written field by field, with values that use every byte of their field. */
class ItchDecodersTest {
    private static final int AT = 3; // messages lie at an offset, as inside a MoldUDP64 packet
    /** 23:59:59.999999999 needs all 6 timestamp bytes' worth of range beyond 32 bits. */
    private static final long LAST_NANO = 86_399_999_999_999L;
    private static final long BIG_REF = 0xF123_4567_89AB_CDEFL; // above 2^63: read as the same bits
    private static final long MAX_U32 = 0xFFFF_FFFFL;

    private static <T extends ItchMessage<T>> T decode(final T decoder, final BigEndianWriter message) {
        final byte[] bytes = message.toBytes();
        final byte[] placed = new byte[AT + bytes.length];
        System.arraycopy(bytes, 0, placed, AT, bytes.length);
        return decoder.wrap(new UnsafeBuffer(placed), AT, bytes.length);
    }

    private static void assertHeader(final ItchMessage<?> message, final ItchMessageType type, final int locate,
        final int tracking, final long timestamp) {
        assertEquals(type, message.type());
        assertEquals(locate, message.stockLocate());
        assertEquals(tracking, message.trackingNumber());
        assertEquals(timestamp, message.timestamp());
    }

    @Test
    void systemEvent() {
        final SystemEvent event = decode(new SystemEvent(), new BigEndianWriter().itchHeader('S', 0, 65_535, 0).ch('O'));
        assertHeader(event, ItchMessageType.SYSTEM_EVENT, 0, 65_535, 0);
        assertEquals('O', event.eventCode());
        decode(event, new BigEndianWriter().itchHeader('S', 0, 7, LAST_NANO).ch('C'));
        assertEquals(LAST_NANO, event.timestamp());
        assertEquals('C', event.eventCode());
    }

    @Test
    void stockDirectory() {
        final StockDirectory directory = decode(new StockDirectory(), new BigEndianWriter()
            .itchHeader('R', 8_007, 2, 12_345_678_901L).alpha("ZVZZT", 8).ch('Q').ch('N').u32(100).ch('N').ch('C')
            .alpha("Z", 2).ch('T').ch('N').ch(' ').ch('2').ch('Y').u32(3).ch('Y'));
        assertHeader(directory, ItchMessageType.STOCK_DIRECTORY, 8_007, 2, 12_345_678_901L);
        assertEquals("ZVZZT", Alpha.text(directory.stock(), 8));
        assertEquals(Alpha.encode("ZVZZT", 8), directory.stock());
        assertEquals('Q', directory.marketCategory());
        assertEquals('N', directory.financialStatusIndicator());
        assertEquals(100, directory.roundLotSize());
        assertEquals('N', directory.roundLotsOnly());
        assertEquals('C', directory.issueClassification());
        assertEquals("Z", Alpha.text(directory.issueSubType(), 2));
        assertEquals('T', directory.authenticity());
        assertEquals('N', directory.shortSaleThresholdIndicator());
        assertEquals(' ', directory.ipoFlag());
        assertEquals('2', directory.luldReferencePriceTier());
        assertEquals('Y', directory.etpFlag());
        assertEquals(3, directory.etpLeverageFactor());
        assertEquals('Y', directory.inverseIndicator());
    }

    @Test
    void addOrderWithoutAttribution() {
        final AddOrder add = decode(new AddOrder(), new BigEndianWriter()
            .itchHeader('A', 13, 0, 34_200_000_000_123L).u64(BIG_REF).ch('B').u32(MAX_U32).alpha("AAPL", 8).u32(1_234_500));
        assertHeader(add, ItchMessageType.ADD_ORDER, 13, 0, 34_200_000_000_123L);
        assertEquals(BIG_REF, add.orderReference());
        assertEquals('B', add.side());
        assertEquals(4_294_967_295L, add.shares());
        assertEquals(0x4141504C20202020L, add.stock());
        assertEquals(1_234_500, add.price()); // 123.4500
        assertFalse(add.hasAttribution());
        assertEquals(0, add.attribution());
    }

    @Test
    void addOrderWithAttribution() {
        final AddOrder add = decode(new AddOrder(), new BigEndianWriter()
            .itchHeader('F', 1, 2, 3).u64(77).ch('S').u32(300).alpha("BRK A", 8).u32(MAX_U32).alpha("GSCO", 4));
        assertHeader(add, ItchMessageType.ADD_ORDER_WITH_MPID, 1, 2, 3);
        assertEquals(77, add.orderReference());
        assertEquals('S', add.side());
        assertEquals(300, add.shares());
        assertEquals("BRK A", Alpha.text(add.stock(), 8));
        assertEquals(MAX_U32, add.price()); // 429,496.7295, the largest price
        assertTrue(add.hasAttribution());
        assertEquals("GSCO", Alpha.text(add.attribution(), 4));
        assertEquals(Alpha.encode("GSCO", 4), add.attribution());
    }

    @Test
    void orderExecuted() {
        final OrderExecuted executed = decode(new OrderExecuted(), new BigEndianWriter()
            .itchHeader('E', 42, 9, 57_600_000_000_000L).u64(BIG_REF).u32(250).u64(-2L));
        assertHeader(executed, ItchMessageType.ORDER_EXECUTED, 42, 9, 57_600_000_000_000L);
        assertEquals(BIG_REF, executed.orderReference());
        assertEquals(250, executed.executedShares());
        assertEquals(-2L, executed.matchNumber());
        assertEquals("18446744073709551614", Long.toUnsignedString(executed.matchNumber()));
    }

    @Test
    void orderExecutedWithPrice() {
        final OrderExecutedWithPrice executed = decode(new OrderExecutedWithPrice(), new BigEndianWriter()
            .itchHeader('C', 42, 9, 1).u64(5).u32(MAX_U32).u64(123_456_789L).ch('N').u32(99_990_000));
        assertHeader(executed, ItchMessageType.ORDER_EXECUTED_WITH_PRICE, 42, 9, 1);
        assertEquals(5, executed.orderReference());
        assertEquals(MAX_U32, executed.executedShares());
        assertEquals(123_456_789L, executed.matchNumber());
        assertEquals('N', executed.printable());
        assertEquals(99_990_000, executed.executionPrice()); // 9,999.0000
    }

    @Test
    void orderCancel() {
        final OrderCancel cancel = decode(new OrderCancel(), new BigEndianWriter()
            .itchHeader('X', 65_535, 1, LAST_NANO).u64(Long.MIN_VALUE).u32(2_147_483_648L));
        assertHeader(cancel, ItchMessageType.ORDER_CANCEL, 65_535, 1, LAST_NANO);
        assertEquals(Long.MIN_VALUE, cancel.orderReference());
        assertEquals(2_147_483_648L, cancel.cancelledShares());
    }

    @Test
    void orderDelete() {
        final OrderDelete delete = decode(new OrderDelete(), new BigEndianWriter().itchHeader('D', 3, 4, 5).u64(987_654_321L));
        assertHeader(delete, ItchMessageType.ORDER_DELETE, 3, 4, 5);
        assertEquals(987_654_321L, delete.orderReference());
    }

    @Test
    void orderReplace() {
        final OrderReplace replace = decode(new OrderReplace(), new BigEndianWriter()
            .itchHeader('U', 6, 7, 8).u64(1_000).u64(BIG_REF).u32(400).u32(500_100));
        assertHeader(replace, ItchMessageType.ORDER_REPLACE, 6, 7, 8);
        assertEquals(1_000, replace.originalOrderReference());
        assertEquals(BIG_REF, replace.newOrderReference());
        assertEquals(400, replace.shares());
        assertEquals(500_100, replace.price());
    }

    @Test
    void trade() {
        final Trade trade = decode(new Trade(), new BigEndianWriter()
            .itchHeader('P', 11, 12, 13).u64(0).ch('B').u32(75).alpha("QQQ", 8).u32(3_801_200).u64(BIG_REF));
        assertHeader(trade, ItchMessageType.TRADE, 11, 12, 13);
        assertEquals(0, trade.orderReference());
        assertEquals('B', trade.side());
        assertEquals(75, trade.shares());
        assertEquals("QQQ", Alpha.text(trade.stock(), 8));
        assertEquals(3_801_200, trade.price());
        assertEquals(BIG_REF, trade.matchNumber());
    }

    @Test
    void crossTrade() {
        final CrossTrade cross = decode(new CrossTrade(), new BigEndianWriter()
            .itchHeader('Q', 21, 22, 34_200_000_000_000L).u64(5_000_000_000L).alpha("MSFTWXYZ", 8).u32(4_105_000)
            .u64(31).ch('O'));
        assertHeader(cross, ItchMessageType.CROSS_TRADE, 21, 22, 34_200_000_000_000L);
        assertEquals(5_000_000_000L, cross.shares());
        assertEquals("MSFTWXYZ", Alpha.text(cross.stock(), 8));
        assertEquals(4_105_000, cross.crossPrice());
        assertEquals(31, cross.matchNumber());
        assertEquals('O', cross.crossType());
    }

    @Test
    void brokenTrade() {
        final BrokenTrade broken = decode(new BrokenTrade(), new BigEndianWriter().itchHeader('B', 1, 0, 2).u64(BIG_REF));
        assertHeader(broken, ItchMessageType.BROKEN_TRADE, 1, 0, 2);
        assertEquals(BIG_REF, broken.matchNumber());
    }

    @Test
    void aDecoderRefusesAnotherTypeOrAnotherLength() {
        final byte[] delete = new BigEndianWriter().itchHeader('D', 3, 4, 5).u64(1).toBytes();
        final UnsafeBuffer buffer = new UnsafeBuffer(delete);
        assertEquals("a 19-byte message of type 'D' is not for AddOrder",
            assertThrows(IllegalArgumentException.class, () -> new AddOrder().wrap(buffer, 0, 19)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new OrderDelete().wrap(buffer, 0, 18));
        buffer.putByte(0, (byte) 'z');
        assertThrows(IllegalArgumentException.class, () -> new OrderDelete().wrap(buffer, 0, 19));
    }
}
