package dev.weir.pipelines.replay;

/**
 * Where a {@link PayloadDecoder} puts the events of a datagram. Events are handed on at once, into the
 * pipeline's rings: an event object must not be changed after it was emitted until its pool comes round to it
 * again ({@link EventPool}). Single-threaded, like the decoder.
 *
 * @param <E> the event type
 */
@FunctionalInterface
public interface DecodedEvents<E> {
    /**
     * @param event the event
     * @param eventTimeMillis its event time in milliseconds (the clock the pipeline's windows use)
     */
    void emit(E event, long eventTimeMillis);
}
