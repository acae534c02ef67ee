package dev.weir.codec.capture;

import dev.weir.codec.input.BadInputException;

/**
 * A capture that cannot be read: a wrong magic, a truncated header, a corrupt length. The message reads
 * {@code FILE: offset N (packet P): what is wrong}, where N is the byte offset of the header at fault and P
 * the 1-based number of the packet being read (the packets before it were complete).
 */
public final class CaptureFormatException extends BadInputException {
    private static final long serialVersionUID = 1L;

    private final long offset;
    private final long packet;

    /**
     * @param file the capture's name
     * @param offset the byte offset of the header at fault
     * @param packet the 1-based number of the packet being read
     * @param message what is wrong
     */
    public CaptureFormatException(final String file, final long offset, final long packet, final String message) {
        super(file, 0, null, "offset " + offset + " (packet " + packet + "): " + message);
        this.offset = offset;
        this.packet = packet;
    }

    /** @return the byte offset of the header at fault */
    public long offset() {
        return offset;
    }

    /** @return the 1-based number of the packet being read */
    public long packet() {
        return packet;
    }
}
