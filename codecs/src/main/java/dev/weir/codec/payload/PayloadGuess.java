package dev.weir.codec.payload;

/** Which payload format an inspection decoded the payloads as, and why. Immutable. */
public final class PayloadGuess {
    /** The name and title of no format: the payloads are counted, not decoded. */
    public static final String UNKNOWN = "unknown";

    private final PayloadFormat format;
    private final boolean chosen;
    private final String reason;

    /**
     * @param format the format, or null for none
     * @param chosen true if {@code --decoder} chose it, false if it was guessed
     * @param reason the evidence, one sentence without a trailing period
     */
    public PayloadGuess(final PayloadFormat format, final boolean chosen, final String reason) {
        this.format = format;
        this.chosen = chosen;
        this.reason = reason;
    }

    /** @return the payload format the messages were decoded as, or null if they were not decoded */
    public PayloadFormat format() {
        return format;
    }

    /** @return the format's name ({@code --decoder}), or {@value #UNKNOWN} */
    public String decoder() {
        return format == null ? UNKNOWN : format.name();
    }

    /** @return the format's name for people, e.g. {@code MoldUDP64/ITCH 5.0}, or {@value #UNKNOWN} */
    public String title() {
        return format == null ? UNKNOWN : format.title();
    }

    /** @return true if {@code --decoder} chose it, false if it was guessed from the payloads */
    public boolean chosen() {
        return chosen;
    }

    /** @return why, in one sentence without a trailing period: the evidence from the sampled payloads */
    public String reason() {
        return reason;
    }
}
