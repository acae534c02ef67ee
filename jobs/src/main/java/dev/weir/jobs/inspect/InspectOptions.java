package dev.weir.jobs.inspect;

import dev.weir.codec.payload.PayloadFormat;

/** What an inspection decodes: the destination port (or all) and the payload format (or a guess). Immutable. */
public final class InspectOptions {
    private static final InspectOptions DEFAULTS = new InspectOptions(-1, null);

    private final int port;
    private final PayloadFormat decoder;

    private InspectOptions(final int port, final PayloadFormat decoder) {
        this.port = port;
        this.decoder = decoder;
    }

    /** @return every port, the payload format guessed */
    public static InspectOptions defaults() {
        return DEFAULTS;
    }

    /**
     * @param destinationPort decode only datagrams to this port, 0..65535 (flows are still counted for all)
     * @return these options with the port
     * @throws IllegalArgumentException for a port outside 0..65535
     */
    public InspectOptions withPort(final int destinationPort) {
        if (destinationPort < 0 || destinationPort > 65_535) {
            throw new IllegalArgumentException("port " + destinationPort + " is not within 0..65535");
        }
        return new InspectOptions(destinationPort, decoder);
    }

    /**
     * @param format the payload format to decode as, instead of guessing (null: guess)
     * @return these options with the format
     */
    public InspectOptions withDecoder(final PayloadFormat format) {
        return new InspectOptions(port, format);
    }

    /** @return the destination port, -1 for all */
    public int port() {
        return port;
    }

    /** @return the payload format chosen, or null to guess it */
    public PayloadFormat decoder() {
        return decoder;
    }
}
