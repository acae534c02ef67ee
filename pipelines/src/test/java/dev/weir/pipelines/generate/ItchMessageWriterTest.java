package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.codec.itch.AddOrder;
import dev.weir.codec.itch.Alpha;
import dev.weir.codec.itch.BrokenTrade;
import dev.weir.codec.itch.CrossTrade;
import dev.weir.codec.itch.ItchMessageCounts;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.OrderCancel;
import dev.weir.codec.itch.OrderDelete;
import dev.weir.codec.itch.OrderExecuted;
import dev.weir.codec.itch.OrderExecutedWithPrice;
import dev.weir.codec.itch.OrderReplace;
import dev.weir.codec.itch.StockDirectory;
import dev.weir.codec.itch.SystemEvent;
import dev.weir.codec.itch.Trade;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Every encoded type decodes to the fields it was written with, through the pipelines' own decoders; values use
 * the fields' full unsigned ranges (48-bit times, 32-bit shares and prices, 64-bit references) so that a field
 * written at the wrong width or offset shows.
 */
class ItchMessageWriterTest {
    private static final long LAST_NANOSECOND_OF_DAY = 86_400_000_000_000L - 1;
    private static final long MAX_U32 = 0xFFFF_FFFFL;
    private final ItchMessageWriter writer = new ItchMessageWriter();
    // messages at an odd offset, after garbage, so that nothing depends on alignment or a clean buffer
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[128]);
    private final ItchMessageCounts counts = new ItchMessageCounts();
    private final long aapl = Alpha.encode("AAPL", 8);

    ItchMessageWriterTest() {
        buffer.setMemory(0, buffer.capacity(), (byte) 0x5A);
    }

    private void assertClassified(final ItchMessageType type, final int length) {
        assertEquals(type.length(), length);
        assertEquals(type, counts.classify(buffer, 3, length));
    }

    @Test
    void systemEventsCarryTheirCodeAndTimeWithLocateZero() {
        final SystemEvent decoded = new SystemEvent();
        for (final char code : new char[] {'O', 'S', 'Q', 'M', 'E', 'C'}) {
            final int length = writer.systemEvent(buffer, 3, 7, LAST_NANOSECOND_OF_DAY, code);
            assertClassified(ItchMessageType.SYSTEM_EVENT, length);
            decoded.wrap(buffer, 3, length);
            assertEquals(code, decoded.eventCode());
            assertEquals(0, decoded.stockLocate());
            assertEquals(7, decoded.trackingNumber());
            assertEquals(LAST_NANOSECOND_OF_DAY, decoded.timestamp());
        }
    }

    @Test
    void aStockDirectoryDescribesACommonStock() {
        final int length = writer.stockDirectory(buffer, 3, 65_535, 65_535, 34_200_000_000_000L, Alpha.encode("BRK.B", 8), 'N', 100,
                'C', '1');
        assertClassified(ItchMessageType.STOCK_DIRECTORY, length);
        final StockDirectory decoded = new StockDirectory().wrap(buffer, 3, length);
        assertEquals(65_535, decoded.stockLocate());
        assertEquals(65_535, decoded.trackingNumber());
        assertEquals(34_200_000_000_000L, decoded.timestamp());
        assertEquals("BRK.B", Alpha.text(decoded.stock(), 8));
        assertEquals('N', decoded.marketCategory());
        assertEquals('N', decoded.financialStatusIndicator());
        assertEquals(100, decoded.roundLotSize());
        assertEquals('N', decoded.roundLotsOnly());
        assertEquals('C', decoded.issueClassification());
        assertEquals(Alpha.encode("", 2), decoded.issueSubType());
        assertEquals('P', decoded.authenticity());
        assertEquals('N', decoded.shortSaleThresholdIndicator());
        assertEquals('N', decoded.ipoFlag());
        assertEquals('1', decoded.luldReferencePriceTier());
        assertEquals('N', decoded.etpFlag());
        assertEquals(0, decoded.etpLeverageFactor());
        assertEquals('N', decoded.inverseIndicator());
    }

    @Test
    void addedOrdersWithAndWithoutAttributionCarryEveryField() {
        final AddOrder decoded = new AddOrder();
        int length = writer.addOrder(buffer, 3, 12, 3, LAST_NANOSECOND_OF_DAY, -2L, 'B', MAX_U32, aapl, MAX_U32);
        assertClassified(ItchMessageType.ADD_ORDER, length);
        decoded.wrap(buffer, 3, length);
        assertEquals(12, decoded.stockLocate());
        assertEquals(3, decoded.trackingNumber());
        assertEquals(LAST_NANOSECOND_OF_DAY, decoded.timestamp());
        assertEquals(-2L, decoded.orderReference());
        assertEquals('B', decoded.side());
        assertEquals(MAX_U32, decoded.shares());
        assertEquals(aapl, decoded.stock());
        assertEquals(MAX_U32, decoded.price());
        assertEquals(false, decoded.hasAttribution());

        length = writer.addOrderWithMpid(buffer, 3, 1, 0, 1, 42, 'S', 100, Alpha.encode("MSFT", 8), 4_205_100, Alpha.encode("GSCO", 4));
        assertClassified(ItchMessageType.ADD_ORDER_WITH_MPID, length);
        decoded.wrap(buffer, 3, length);
        assertEquals(1, decoded.stockLocate());
        assertEquals(0, decoded.trackingNumber());
        assertEquals(1, decoded.timestamp());
        assertEquals(42, decoded.orderReference());
        assertEquals('S', decoded.side());
        assertEquals(100, decoded.shares());
        assertEquals("MSFT", Alpha.text(decoded.stock(), 8));
        assertEquals(4_205_100, decoded.price());
        assertEquals("GSCO", Alpha.text(decoded.attribution(), 4));
    }

    @Test
    void executionsAtTheOrdersPriceOrAnotherCarryEveryField() {
        int length = writer.orderExecuted(buffer, 3, 2, 4, 5_000, Long.MIN_VALUE, MAX_U32, -1L);
        assertClassified(ItchMessageType.ORDER_EXECUTED, length);
        final OrderExecuted executed = new OrderExecuted().wrap(buffer, 3, length);
        assertEquals(2, executed.stockLocate());
        assertEquals(4, executed.trackingNumber());
        assertEquals(5_000, executed.timestamp());
        assertEquals(Long.MIN_VALUE, executed.orderReference());
        assertEquals(MAX_U32, executed.executedShares());
        assertEquals(-1L, executed.matchNumber());

        for (final char printable : new char[] {'Y', 'N'}) {
            length = writer.orderExecutedWithPrice(buffer, 3, 3, 5, 6_000, 77, 300, 78, printable, 1_899_900);
            assertClassified(ItchMessageType.ORDER_EXECUTED_WITH_PRICE, length);
            final OrderExecutedWithPrice withPrice = new OrderExecutedWithPrice().wrap(buffer, 3, length);
            assertEquals(3, withPrice.stockLocate());
            assertEquals(5, withPrice.trackingNumber());
            assertEquals(6_000, withPrice.timestamp());
            assertEquals(77, withPrice.orderReference());
            assertEquals(300, withPrice.executedShares());
            assertEquals(78, withPrice.matchNumber());
            assertEquals(printable, withPrice.printable());
            assertEquals(1_899_900, withPrice.executionPrice());
        }
    }

    @Test
    void cancelsDeletesAndReplacesCarryEveryField() {
        int length = writer.orderCancel(buffer, 3, 4, 6, 7_000, 99, 25);
        assertClassified(ItchMessageType.ORDER_CANCEL, length);
        final OrderCancel cancel = new OrderCancel().wrap(buffer, 3, length);
        assertEquals(4, cancel.stockLocate());
        assertEquals(6, cancel.trackingNumber());
        assertEquals(7_000, cancel.timestamp());
        assertEquals(99, cancel.orderReference());
        assertEquals(25, cancel.cancelledShares());

        length = writer.orderDelete(buffer, 3, 5, 7, 8_000, Long.MAX_VALUE);
        assertClassified(ItchMessageType.ORDER_DELETE, length);
        final OrderDelete delete = new OrderDelete().wrap(buffer, 3, length);
        assertEquals(5, delete.stockLocate());
        assertEquals(7, delete.trackingNumber());
        assertEquals(8_000, delete.timestamp());
        assertEquals(Long.MAX_VALUE, delete.orderReference());

        length = writer.orderReplace(buffer, 3, 6, 8, 9_000, 100, 101, 500, 1_000_100);
        assertClassified(ItchMessageType.ORDER_REPLACE, length);
        final OrderReplace replace = new OrderReplace().wrap(buffer, 3, length);
        assertEquals(6, replace.stockLocate());
        assertEquals(8, replace.trackingNumber());
        assertEquals(9_000, replace.timestamp());
        assertEquals(100, replace.originalOrderReference());
        assertEquals(101, replace.newOrderReference());
        assertEquals(500, replace.shares());
        assertEquals(1_000_100, replace.price());
    }

    @Test
    void tradesCrossesAndBrokenTradesCarryEveryField() {
        int length = writer.trade(buffer, 3, 7, 9, 10_000, 'S', 200, aapl, 1_900_300, 12_345);
        assertClassified(ItchMessageType.TRADE, length);
        final Trade trade = new Trade().wrap(buffer, 3, length);
        assertEquals(7, trade.stockLocate());
        assertEquals(9, trade.trackingNumber());
        assertEquals(10_000, trade.timestamp());
        assertEquals(0, trade.orderReference());
        assertEquals('S', trade.side());
        assertEquals(200, trade.shares());
        assertEquals(aapl, trade.stock());
        assertEquals(1_900_300, trade.price());
        assertEquals(12_345, trade.matchNumber());

        for (final char crossType : new char[] {'O', 'C', 'H', 'I'}) {
            length = writer.crossTrade(buffer, 3, 8, 10, 11_000, 1L << 40, aapl, 1_900_400, 12_346, crossType);
            assertClassified(ItchMessageType.CROSS_TRADE, length);
            final CrossTrade cross = new CrossTrade().wrap(buffer, 3, length);
            assertEquals(8, cross.stockLocate());
            assertEquals(10, cross.trackingNumber());
            assertEquals(11_000, cross.timestamp());
            assertEquals(1L << 40, cross.shares());
            assertEquals(aapl, cross.stock());
            assertEquals(1_900_400, cross.crossPrice());
            assertEquals(12_346, cross.matchNumber());
            assertEquals(crossType, cross.crossType());
        }

        length = writer.brokenTrade(buffer, 3, 9, 11, 12_000, 12_345);
        assertClassified(ItchMessageType.BROKEN_TRADE, length);
        final BrokenTrade broken = new BrokenTrade().wrap(buffer, 3, length);
        assertEquals(9, broken.stockLocate());
        assertEquals(11, broken.trackingNumber());
        assertEquals(12_000, broken.timestamp());
        assertEquals(12_345, broken.matchNumber());
    }

    @Test
    void everyTypeCanBeWrittenAsItsHeaderAndAZeroedBodyOfItsLength() {
        final SystemEvent header = new SystemEvent();
        for (final ItchMessageType type : ItchMessageType.values()) {
            buffer.setMemory(0, buffer.capacity(), (byte) 0x5A);
            final int length = writer.headerOnly(buffer, 3, type, 21, 22, 23_000);
            assertClassified(type, length);
            assertEquals(type.code(), (char) buffer.getByte(3));
            for (int i = 11; i < length; i++) {
                assertEquals(0, buffer.getByte(3 + i), type + " byte " + i);
            }
            assertEquals(0x5A, buffer.getByte(2), "nothing written before the message");
            assertEquals(0x5A, buffer.getByte(3 + length), "nothing written past the message");
            if (type == ItchMessageType.SYSTEM_EVENT) {
                header.wrap(buffer, 3, length);
                assertEquals(21, header.stockLocate());
                assertEquals(22, header.trackingNumber());
                assertEquals(23_000, header.timestamp());
            }
        }
    }
}
