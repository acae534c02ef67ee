package dev.weir.codec.itch;

import org.agrona.DirectBuffer;

/**
 * Classifies ITCH 5.0 messages by their type byte and length, and counts them: per known type,
 * unknown types, and known types of the wrong length (mis-sized). A message that is not
 * {@link #classify classified} to a type must not be decoded. Allocates nothing per message. Not
 * thread-safe.
 */
public final class ItchMessageCounts {
    private static final ItchMessageType[] TYPES = ItchMessageType.values();

    private final long[] byType = new long[TYPES.length];
    private long unknown;
    private long misSized;

    /**
     * @param buffer the bytes
     * @param offset where the message's type byte is
     * @param length the message's length in bytes (as the MoldUDP64 prefix gave it)
     * @return the message's type, or null if it is empty, of an unknown type or of the wrong length
     */
    public ItchMessageType classify(final DirectBuffer buffer, final int offset, final int length) {
        final ItchMessageType type = length > 0 ? ItchMessageType.of(buffer.getByte(offset)) : null;
        if (type == null) {
            unknown++;
            return null;
        }
        if (type.length() != length) {
            misSized++;
            return null;
        }
        byType[type.ordinal()]++;
        return type;
    }

    /**
     * @param type a message type
     * @return how many well-formed messages of the type were classified
     */
    public long count(final ItchMessageType type) {
        return byType[type.ordinal()];
    }

    /** @return messages that were empty or whose type byte is no ITCH 5.0 type */
    public long unknown() {
        return unknown;
    }

    /** @return messages of a known type whose length is not the type's */
    public long misSized() {
        return misSized;
    }

    /** @return all messages classified, well-formed or not */
    public long total() {
        long total = unknown + misSized;
        for (final long count : byType) {
            total += count;
        }
        return total;
    }
}
