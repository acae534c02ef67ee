package dev.weir.pipelines.tca;

/**
 * What {@link TopOfBook} prints, as one stream: a change of a stock's top of book ({@link Quote}) or a trade
 * ({@link TcaTrade}). {@code tca} splits the stream in two with filters, the trades and the quotes, and as-of joins
 * them again by symbol.
 */
public sealed interface BookPrint permits Quote, TcaTrade {
    /** @return the stock without padding */
    String symbol();

    /** @return the ITCH timestamp of the message that printed it, nanoseconds since midnight */
    long timestampNanos();
}
