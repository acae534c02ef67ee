/**
 * StatsD payloads: parsing the text lines of a StatsD datagram, {@code name:value|type[|@rate][|#tags]},
 * straight from an Agrona {@link org.agrona.DirectBuffer} without allocation per line.
 *
 * <p>{@link dev.weir.codec.statsd.StatsdParser} walks a payload given as buffer, offset and length
 * (a captured UDP datagram, say) and hands each metric to a
 * {@link dev.weir.codec.statsd.StatsdMetricHandler} as the reusable flyweight
 * {@link dev.weir.codec.statsd.StatsdMetric}, whose name, tags and set member are
 * {@link dev.weir.codec.statsd.ByteSpan}s into the payload. Values are doubles. Malformed lines are
 * skipped and reported to a {@link dev.weir.codec.statsd.MalformedLineListener} with their byte
 * offset and a {@link dev.weir.codec.statsd.MalformedReason};
 * {@link dev.weir.codec.statsd.MalformedLineReport} prints the first ten and counts the rest.
 * All of it is single-threaded: one parser per thread. The line format, number rules and reasons are
 * described for users in {@code docs/statsd.md}.
 */
package dev.weir.codec.statsd;
