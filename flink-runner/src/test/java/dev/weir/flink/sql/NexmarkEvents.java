package dev.weir.flink.sql;

import static org.apache.flink.table.api.DataTypes.BIGINT;
import static org.apache.flink.table.api.DataTypes.FIELD;
import static org.apache.flink.table.api.DataTypes.INT;
import static org.apache.flink.table.api.DataTypes.ROW;
import static org.apache.flink.table.api.DataTypes.STRING;
import static org.apache.flink.table.api.DataTypes.TIMESTAMP;

import java.time.LocalDateTime;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.Row;

/**
 * Nexmark events as rows of the benchmark's event table {@code datagen} (its ddl_gen.sql without
 * the computed {@code dateTime}, which {@link NexmarkSql} adds): the event type (0 person,
 * 1 auction, 2 bid) and one filled row of the three, the other two null.
 */
public final class NexmarkEvents {
    /** The physical columns of the event table: event_type, person, auction, bid, as ddl_gen.sql declares them. */
    public static final DataType TYPE = ROW(
            FIELD("event_type", INT()),
            FIELD("person", ROW(
                    FIELD("id", BIGINT()),
                    FIELD("name", STRING()),
                    FIELD("emailAddress", STRING()),
                    FIELD("creditCard", STRING()),
                    FIELD("city", STRING()),
                    FIELD("state", STRING()),
                    FIELD("dateTime", TIMESTAMP(3)),
                    FIELD("extra", STRING()))),
            FIELD("auction", ROW(
                    FIELD("id", BIGINT()),
                    FIELD("itemName", STRING()),
                    FIELD("description", STRING()),
                    FIELD("initialBid", BIGINT()),
                    FIELD("reserve", BIGINT()),
                    FIELD("dateTime", TIMESTAMP(3)),
                    FIELD("expires", TIMESTAMP(3)),
                    FIELD("seller", BIGINT()),
                    FIELD("category", BIGINT()),
                    FIELD("extra", STRING()))),
            FIELD("bid", ROW(
                    FIELD("auction", BIGINT()),
                    FIELD("bidder", BIGINT()),
                    FIELD("price", BIGINT()),
                    FIELD("channel", STRING()),
                    FIELD("url", STRING()),
                    FIELD("dateTime", TIMESTAMP(3)),
                    FIELD("extra", STRING()))))
            .notNull();

    private static final int PERSON = 0;
    private static final int AUCTION = 1;
    private static final int BID = 2;

    private NexmarkEvents() {
    }

    /**
     * @param id the person's id
     * @param name the person's name
     * @param city the person's city
     * @param state the person's state
     * @param dateTime when the person registered: the event time
     * @return a person event; its e-mail address, credit card and extra are derived from the name
     */
    public static Row person(final long id, final String name, final String city, final String state, final LocalDateTime dateTime) {
        return Row.of(PERSON, Row.of(id, name, name + "@example.com", "0000 " + id, city, state, dateTime, ""), null, null);
    }

    /**
     * @param id the auction's id
     * @param seller the selling person's id
     * @param category the item's category
     * @param dateTime when the auction opened: the event time
     * @param expires when the auction closes
     * @return an auction event; its item name is {@code item-id}, initial bid 1, reserve 100, extra empty
     */
    public static Row auction(final long id, final long seller, final long category, final LocalDateTime dateTime,
            final LocalDateTime expires) {
        return Row.of(AUCTION, null, Row.of(id, "item-" + id, "", 1L, 100L, dateTime, expires, seller, category, ""), null);
    }

    /**
     * @param auction the auction's id
     * @param bidder the bidding person's id
     * @param price the bid's price
     * @param dateTime when the bid was made: the event time
     * @param extra the bid's extra text
     * @return a bid event; its channel is {@code web}, its url empty
     */
    public static Row bid(final long auction, final long bidder, final long price, final LocalDateTime dateTime, final String extra) {
        return Row.of(BID, null, null, Row.of(auction, bidder, price, "web", "", dateTime, extra));
    }
}
