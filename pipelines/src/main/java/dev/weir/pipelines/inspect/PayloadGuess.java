package dev.weir.pipelines.inspect;

/** Which decoder an inspection used on the payloads, and why. Immutable. */
public final class PayloadGuess {
    private final PayloadKind kind;
    private final boolean chosen;
    private final String reason;

    PayloadGuess(final PayloadKind kind, final boolean chosen, final String reason) {
        this.kind = kind;
        this.chosen = chosen;
        this.reason = reason;
    }

    /** @return the payload format the messages were decoded as */
    public PayloadKind kind() {
        return kind;
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
