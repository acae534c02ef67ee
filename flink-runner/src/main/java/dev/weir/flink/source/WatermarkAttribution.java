package dev.weir.flink.source;

import java.util.function.ToLongFunction;

/**
 * What a {@link LocalHandoff} logs its source's watermarks with: the mark read from each event and the log. Immutable.
 *
 * @param <E> the event type
 * @param mark reads an event's mark
 * @param log receives each watermark with the mark of the last event before it
 */
record WatermarkAttribution<E>(ToLongFunction<? super E> mark, WatermarkLog log) {
}
