package dev.weir.pipelines.replay;

import java.util.Map;

/**
 * The decoder SPI of a replay: turns the payload of one captured UDP datagram into zero or more typed events,
 * each with its event time. A decoder that finds the time in the payload (ITCH's nanoseconds since midnight)
 * supplies it; one that does not uses the packet's capture time ({@link Payload#captureTimeMillis()}).
 *
 * <p>One decoder belongs to one reading thread and sees the datagrams of all the replayed files in file order;
 * it may keep state across datagrams (an order book, a sequence tracker). {@link #decode} must not allocate per
 * datagram or per event once warm: events come from an {@link EventPool}, whose size the
 * {@link ReplayContext} gives.
 *
 * @param <E> the event type it emits
 */
public interface PayloadDecoder<E> {
    /**
     * Decodes one datagram's payload and emits its events in payload order.
     *
     * @param datagram the datagram, valid during this call only
     * @param events where the events go
     * @throws PayloadFormatException when the payload breaks its format beyond what the decoder counts and skips
     *         (a MoldUDP64 message count that does not fit the payload); the replay stops with the packet's file,
     *         offset and number, or with {@code --skip-bad} counts it and goes on with the next datagram
     */
    void decode(Payload datagram, DecodedEvents<E> events);

    /**
     * @return true if the decoder also takes the messages of a file of length-prefixed ITCH 5.0 messages
     *     ({@link dev.weir.codec.capture.CaptureFormat#ITCH_MESSAGES}): then each such message comes to
     *     {@link #decode} as a payload of its own, with {@link Payload#itchMessage()} true; a decoder that does
     *     not is refused such a file with a message naming it
     */
    default boolean readsItchMessages() {
        return false;
    }

    /**
     * Called once after the last datagram of the last file, on the reading thread: the last chance to warn
     * about what only the end shows.
     */
    default void endOfInput() {
    }

    /**
     * @return the decoder's counts for the end-of-replay summary, by name in the order they are to be printed
     *         (messages by type, malformed and skipped payloads, sequence gaps); read once the replay has ended
     */
    default Map<String, Long> counts() {
        return Map.of();
    }
}
