package dev.weir.pipelines.nexmark;

/**
 * Query 7's highest price of one tumbling window.
 *
 * @param price the highest bid of the window, in cents
 * @param windowEnd the window's end, exclusive, in milliseconds since the epoch
 */
public record WindowMax(long price, long windowEnd) {
}
