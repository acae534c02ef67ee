package dev.weir.codec.payload;

/** How many messages (or faults) of one kind: an ITCH type, a StatsD metric type, a reason to skip. Immutable. */
public final class MessageCount {
    private final String code;
    private final String name;
    private final long count;

    /**
     * @param code the kind's short code, e.g. {@code A} or {@code c}
     * @param name the kind's name for people
     * @param count how many
     */
    public MessageCount(final String code, final String name, final long count) {
        this.code = code;
        this.name = name;
        this.count = count;
    }

    /** @return the kind as on the wire: an ITCH type letter such as {@code A}, a StatsD type such as {@code ms}, or a fault's key */
    public String code() {
        return code;
    }

    /** @return the kind in words, e.g. {@code add order}, {@code timer} */
    public String name() {
        return name;
    }

    /** @return how many */
    public long count() {
        return count;
    }
}
