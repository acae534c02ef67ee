package dev.weir.codec.itch;

/**
 * Every message type of NASDAQ TotalView-ITCH 5.0 with its fixed length in bytes (type byte
 * included, MoldUDP64 length prefix excluded). Every ITCH 5.0 message has a fixed length, so a
 * message whose length differs from its type's is damaged or of another protocol version.
 * Immutable and thread-safe; the look-ups allocate nothing.
 */
public enum ItchMessageType {
    /** {@code S}: start and end of the day's phases. */
    SYSTEM_EVENT('S', 12),
    /** {@code R}: one stock's reference data, sent at the start of the day. */
    STOCK_DIRECTORY('R', 39),
    /** {@code H}: a stock's trading state (halted, paused, quotation only, trading). */
    STOCK_TRADING_ACTION('H', 25),
    /** {@code Y}: Reg SHO short sale price test restriction. */
    REG_SHO_RESTRICTION('Y', 20),
    /** {@code L}: a market participant's position in a stock. */
    MARKET_PARTICIPANT_POSITION('L', 26),
    /** {@code V}: market-wide circuit breaker decline levels. */
    MWCB_DECLINE_LEVEL('V', 35),
    /** {@code W}: a market-wide circuit breaker level was breached. */
    MWCB_STATUS('W', 12),
    /** {@code K}: an IPO's quotation release time. */
    IPO_QUOTING_PERIOD_UPDATE('K', 28),
    /** {@code J}: limit up/limit down auction collar. */
    LULD_AUCTION_COLLAR('J', 35),
    /** {@code h}: a market's operational halt of a stock. */
    OPERATIONAL_HALT('h', 21),
    /** {@code A}: a new order on the book, without attribution. */
    ADD_ORDER('A', 36),
    /** {@code F}: a new order on the book, attributed to a market participant. */
    ADD_ORDER_WITH_MPID('F', 40),
    /** {@code E}: part or all of an order executed at its price. */
    ORDER_EXECUTED('E', 31),
    /** {@code C}: part or all of an order executed at a price other than its own. */
    ORDER_EXECUTED_WITH_PRICE('C', 36),
    /** {@code X}: part of an order cancelled. */
    ORDER_CANCEL('X', 23),
    /** {@code D}: the rest of an order cancelled. */
    ORDER_DELETE('D', 19),
    /** {@code U}: an order replaced by a new one. */
    ORDER_REPLACE('U', 35),
    /** {@code P}: a match against a non-displayed order. */
    TRADE('P', 44),
    /** {@code Q}: an opening, closing, halt or IPO cross. */
    CROSS_TRADE('Q', 40),
    /** {@code B}: an earlier execution broken. */
    BROKEN_TRADE('B', 19),
    /** {@code I}: net order imbalance ahead of a cross. */
    NET_ORDER_IMBALANCE('I', 50),
    /** {@code N}: retail price improvement interest. */
    RETAIL_INTEREST('N', 20),
    /** {@code O}: price discovery of a direct listing with a capital raise. */
    DIRECT_LISTING_PRICE_DISCOVERY('O', 48);

    private static final ItchMessageType[] BY_CODE = new ItchMessageType[256];

    static {
        for (final ItchMessageType type : values()) {
            BY_CODE[type.code] = type;
        }
    }

    private final char code;
    private final int length;

    ItchMessageType(final char code, final int length) {
        this.code = code;
        this.length = length;
    }

    /** @return the type byte as an ASCII character */
    public char code() {
        return code;
    }

    /** @return the message's fixed length in bytes, type byte included */
    public int length() {
        return length;
    }

    /**
     * @param code a message's first byte
     * @return its type, or null if ITCH 5.0 has no such type
     */
    public static ItchMessageType of(final byte code) {
        return BY_CODE[code & 0xFF];
    }
}
