package dev.weir.pipelines.generate;

import dev.weir.codec.itch.ItchMessageType;
import java.nio.ByteOrder;
import org.agrona.MutableDirectBuffer;

/**
 * Encodes ITCH 5.0 messages, the inverse of the decoders in {@code dev.weir.codec.itch}: every decoded type
 * with all its fields, and any other type as its header and a zeroed body of the type's length ({@link #headerOnly}).
 * Fields are given in the decoders' units (prices 4-decimal fixed point, shares unsigned, timestamps nanoseconds
 * since midnight, texts in {@link dev.weir.codec.itch.Alpha} form) and written big-endian from the type byte
 * at {@code offset}; each method returns the message's length. Stateless: one instance may serve any number of
 * buffers, and it allocates nothing. Not thread-safe only in that the buffers are the caller's.
 */
public final class ItchMessageWriter {
    /** Creates a writer; it holds no state. */
    public ItchMessageWriter() {
        // every method writes into the buffer it is given
    }

    /**
     * {@code S}, System Event; its stock locate is 0.
     *
     * @param eventCode {@code O}, {@code S}, {@code Q}, {@code M}, {@code E} or {@code C}
     * @return 12
     */
    public int systemEvent(final MutableDirectBuffer buffer, final int offset, final int tracking, final long timestamp,
            final char eventCode) {
        header(buffer, offset, ItchMessageType.SYSTEM_EVENT, 0, tracking, timestamp);
        buffer.putByte(offset + 11, (byte) eventCode);
        return ItchMessageType.SYSTEM_EVENT.length();
    }

    /**
     * {@code R}, Stock Directory, for a common stock: financial status {@code N}, not round lots only, sub-type
     * two spaces, authenticity {@code P} (production), short sale threshold, IPO and ETP flags {@code N}, leverage 0,
     * not inverse.
     *
     * @param stock the symbol in Alpha form (8 bytes)
     * @param marketCategory e.g. {@code Q} NASDAQ Global Select, {@code N} NYSE
     * @param roundLotSize shares in a round lot
     * @param issueClassification e.g. {@code C} common stock
     * @param luldTier {@code 1} or {@code 2}
     * @return 39
     */
    public int stockDirectory(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking,
            final long timestamp, final long stock, final char marketCategory, final long roundLotSize,
            final char issueClassification, final char luldTier) {
        header(buffer, offset, ItchMessageType.STOCK_DIRECTORY, locate, tracking, timestamp);
        buffer.putLong(offset + 11, stock, ByteOrder.BIG_ENDIAN);
        buffer.putByte(offset + 19, (byte) marketCategory);
        buffer.putByte(offset + 20, (byte) 'N');
        buffer.putInt(offset + 21, (int) roundLotSize, ByteOrder.BIG_ENDIAN);
        buffer.putByte(offset + 25, (byte) 'N');
        buffer.putByte(offset + 26, (byte) issueClassification);
        buffer.putShort(offset + 27, (short) 0x2020, ByteOrder.BIG_ENDIAN);
        buffer.putByte(offset + 29, (byte) 'P');
        buffer.putByte(offset + 30, (byte) 'N');
        buffer.putByte(offset + 31, (byte) 'N');
        buffer.putByte(offset + 32, (byte) luldTier);
        buffer.putByte(offset + 33, (byte) 'N');
        buffer.putInt(offset + 34, 0, ByteOrder.BIG_ENDIAN);
        buffer.putByte(offset + 38, (byte) 'N');
        return ItchMessageType.STOCK_DIRECTORY.length();
    }

    /**
     * {@code A}, Add Order.
     *
     * @param side {@code B} or {@code S}
     * @return 36
     */
    public int addOrder(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking, final long timestamp,
            final long reference, final char side, final long shares, final long stock, final long price) {
        pricedOrder(buffer, offset, ItchMessageType.ADD_ORDER, locate, tracking, timestamp, reference, side, shares, stock, price);
        return ItchMessageType.ADD_ORDER.length();
    }

    /**
     * {@code F}, Add Order with MPID attribution.
     *
     * @param side {@code B} or {@code S}
     * @param attribution the participant in Alpha form (4 bytes), e.g. {@code Alpha.encode("GSCO", 4)}
     * @return 40
     */
    public int addOrderWithMpid(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking,
            final long timestamp, final long reference, final char side, final long shares, final long stock, final long price,
            final long attribution) {
        pricedOrder(buffer, offset, ItchMessageType.ADD_ORDER_WITH_MPID, locate, tracking, timestamp, reference, side, shares, stock,
                price);
        buffer.putInt(offset + 36, (int) attribution, ByteOrder.BIG_ENDIAN);
        return ItchMessageType.ADD_ORDER_WITH_MPID.length();
    }

    /**
     * {@code E}, Order Executed.
     *
     * @return 31
     */
    public int orderExecuted(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking,
            final long timestamp, final long reference, final long shares, final long matchNumber) {
        execution(buffer, offset, ItchMessageType.ORDER_EXECUTED, locate, tracking, timestamp, reference, shares, matchNumber);
        return ItchMessageType.ORDER_EXECUTED.length();
    }

    /**
     * {@code C}, Order Executed With Price.
     *
     * @param printable {@code Y} if the execution counts in volume, {@code N} if not
     * @return 36
     */
    public int orderExecutedWithPrice(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking,
            final long timestamp, final long reference, final long shares, final long matchNumber, final char printable,
            final long price) {
        execution(buffer, offset, ItchMessageType.ORDER_EXECUTED_WITH_PRICE, locate, tracking, timestamp, reference, shares,
                matchNumber);
        buffer.putByte(offset + 31, (byte) printable);
        buffer.putInt(offset + 32, (int) price, ByteOrder.BIG_ENDIAN);
        return ItchMessageType.ORDER_EXECUTED_WITH_PRICE.length();
    }

    /**
     * {@code X}, Order Cancel.
     *
     * @return 23
     */
    public int orderCancel(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking,
            final long timestamp, final long reference, final long cancelledShares) {
        header(buffer, offset, ItchMessageType.ORDER_CANCEL, locate, tracking, timestamp);
        buffer.putLong(offset + 11, reference, ByteOrder.BIG_ENDIAN);
        buffer.putInt(offset + 19, (int) cancelledShares, ByteOrder.BIG_ENDIAN);
        return ItchMessageType.ORDER_CANCEL.length();
    }

    /**
     * {@code D}, Order Delete.
     *
     * @return 19
     */
    public int orderDelete(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking,
            final long timestamp, final long reference) {
        header(buffer, offset, ItchMessageType.ORDER_DELETE, locate, tracking, timestamp);
        buffer.putLong(offset + 11, reference, ByteOrder.BIG_ENDIAN);
        return ItchMessageType.ORDER_DELETE.length();
    }

    /**
     * {@code U}, Order Replace.
     *
     * @return 35
     */
    public int orderReplace(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking,
            final long timestamp, final long originalReference, final long newReference, final long shares, final long price) {
        header(buffer, offset, ItchMessageType.ORDER_REPLACE, locate, tracking, timestamp);
        buffer.putLong(offset + 11, originalReference, ByteOrder.BIG_ENDIAN);
        buffer.putLong(offset + 19, newReference, ByteOrder.BIG_ENDIAN);
        buffer.putInt(offset + 27, (int) shares, ByteOrder.BIG_ENDIAN);
        buffer.putInt(offset + 31, (int) price, ByteOrder.BIG_ENDIAN);
        return ItchMessageType.ORDER_REPLACE.length();
    }

    /**
     * {@code P}, Trade (non-cross); its order reference is 0, as references of non-displayed orders are not disseminated.
     *
     * @param side {@code B} or {@code S}
     * @return 44
     */
    public int trade(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking, final long timestamp,
            final char side, final long shares, final long stock, final long price, final long matchNumber) {
        pricedOrder(buffer, offset, ItchMessageType.TRADE, locate, tracking, timestamp, 0, side, shares, stock, price);
        buffer.putLong(offset + 36, matchNumber, ByteOrder.BIG_ENDIAN);
        return ItchMessageType.TRADE.length();
    }

    /**
     * {@code Q}, Cross Trade.
     *
     * @param crossType {@code O}, {@code C}, {@code H} or {@code I}
     * @return 40
     */
    public int crossTrade(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking,
            final long timestamp, final long shares, final long stock, final long crossPrice, final long matchNumber,
            final char crossType) {
        header(buffer, offset, ItchMessageType.CROSS_TRADE, locate, tracking, timestamp);
        buffer.putLong(offset + 11, shares, ByteOrder.BIG_ENDIAN);
        buffer.putLong(offset + 19, stock, ByteOrder.BIG_ENDIAN);
        buffer.putInt(offset + 27, (int) crossPrice, ByteOrder.BIG_ENDIAN);
        buffer.putLong(offset + 31, matchNumber, ByteOrder.BIG_ENDIAN);
        buffer.putByte(offset + 39, (byte) crossType);
        return ItchMessageType.CROSS_TRADE.length();
    }

    /**
     * {@code B}, Broken Trade.
     *
     * @return 19
     */
    public int brokenTrade(final MutableDirectBuffer buffer, final int offset, final int locate, final int tracking,
            final long timestamp, final long matchNumber) {
        header(buffer, offset, ItchMessageType.BROKEN_TRADE, locate, tracking, timestamp);
        buffer.putLong(offset + 11, matchNumber, ByteOrder.BIG_ENDIAN);
        return ItchMessageType.BROKEN_TRADE.length();
    }

    /**
     * Any type as its header and a body of zero bytes, of the type's length: enough for a reader that classifies
     * messages ({@link dev.weir.codec.itch.ItchMessageCounts}) but decodes only some types.
     *
     * @param type the message's type
     * @return the type's length
     */
    public int headerOnly(final MutableDirectBuffer buffer, final int offset, final ItchMessageType type, final int locate,
            final int tracking, final long timestamp) {
        header(buffer, offset, type, locate, tracking, timestamp);
        buffer.setMemory(offset + 11, type.length() - 11, (byte) 0);
        return type.length();
    }

    private static void header(final MutableDirectBuffer buffer, final int offset, final ItchMessageType type, final int locate,
            final int tracking, final long timestamp) {
        buffer.putByte(offset, (byte) type.code());
        buffer.putShort(offset + 1, (short) locate, ByteOrder.BIG_ENDIAN);
        buffer.putShort(offset + 3, (short) tracking, ByteOrder.BIG_ENDIAN);
        buffer.putShort(offset + 5, (short) (timestamp >>> 32), ByteOrder.BIG_ENDIAN);
        buffer.putInt(offset + 7, (int) timestamp, ByteOrder.BIG_ENDIAN);
    }

    private static void pricedOrder(final MutableDirectBuffer buffer, final int offset, final ItchMessageType type, final int locate,
            final int tracking, final long timestamp, final long reference, final char side, final long shares, final long stock,
            final long price) {
        header(buffer, offset, type, locate, tracking, timestamp);
        buffer.putLong(offset + 11, reference, ByteOrder.BIG_ENDIAN);
        buffer.putByte(offset + 19, (byte) side);
        buffer.putInt(offset + 20, (int) shares, ByteOrder.BIG_ENDIAN);
        buffer.putLong(offset + 24, stock, ByteOrder.BIG_ENDIAN);
        buffer.putInt(offset + 32, (int) price, ByteOrder.BIG_ENDIAN);
    }

    private static void execution(final MutableDirectBuffer buffer, final int offset, final ItchMessageType type, final int locate,
            final int tracking, final long timestamp, final long reference, final long shares, final long matchNumber) {
        header(buffer, offset, type, locate, tracking, timestamp);
        buffer.putLong(offset + 11, reference, ByteOrder.BIG_ENDIAN);
        buffer.putInt(offset + 19, (int) shares, ByteOrder.BIG_ENDIAN);
        buffer.putLong(offset + 23, matchNumber, ByteOrder.BIG_ENDIAN);
    }
}
