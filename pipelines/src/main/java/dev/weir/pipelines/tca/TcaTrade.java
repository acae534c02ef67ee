package dev.weir.pipelines.tca;

/**
 * A trade of {@code tca}: what {@link TopOfBook} prints for an execution of a displayed order ({@code E}: at the
 * order's price; {@code C}: at the execution price, when printable) and for a non-cross trade of a non-displayed order
 * ({@code P}). Crosses ({@code Q}) are not trades here. Prices in 1/10,000 dollar. Immutable and thread-safe.
 *
 * @param symbol the stock without padding
 * @param timestampNanos the ITCH timestamp, nanoseconds since midnight
 * @param price the price
 * @param shares the shares traded
 */
public record TcaTrade(String symbol, long timestampNanos, long price, long shares) implements BookPrint {
}
